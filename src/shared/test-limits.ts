// The tests engine's limits and enums, without zod: the offline sync and the history screen need
// them on the solve path, where zod is not loaded (issue 12 §2). test-schema.ts builds the request
// schemas from these and re-exports them for the server.
export const TEST_COUNT_MIN = 1;
export const TEST_COUNT_MAX = 200;
export const TEST_TIME_LIMIT_MIN_MAX = 300;
export const TEST_MODES = ['tutor', 'exam'] as const;
export type TestMode = (typeof TEST_MODES)[number];
export const TEST_STATUSES = ['unfinished', 'finished', 'abandoned'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];
export const SYNC_MAX_TESTS = 50;
export const HISTORY_PAGE_SIZE = 20;

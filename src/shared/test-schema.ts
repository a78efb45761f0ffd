// Request bodies of the tests engine (create, answer, remaining time, offline sync) and of the
// scoring-profile editor, shared by the server routes and the app (which validates before queuing
// offline work). Issue messages are catalogue codes.
import { z } from 'zod';
import { DIFFICULTIES, OPTION_LETTERS } from './constants.ts';
import { MEASURED_BANDS } from './item-stats.ts';
import { uuid } from './validation.ts';
import { freeJsonObject, id as rowId, isoDateTime, optionalText, text } from './input-rules.ts';
import { ESTIMATED_PARTS, PARTIAL_RULES, SUBJECTS, profileProblems, type ScoringProfile } from './scoring.ts';

import { SYNC_MAX_TESTS, TEST_COUNT_MAX, TEST_COUNT_MIN, TEST_MODES, TEST_STATUSES, TEST_TIME_LIMIT_MIN_MAX } from './test-limits.ts';

// The limits live in test-limits.ts (no zod, for the solve path); re-exported for the server.
export { HISTORY_PAGE_SIZE, SYNC_MAX_TESTS, TEST_COUNT_MAX, TEST_COUNT_MIN, TEST_MODES, TEST_STATUSES, TEST_TIME_LIMIT_MIN_MAX } from './test-limits.ts';
export type { TestMode, TestStatus } from './test-limits.ts';

const id = rowId();
/** Issues on the items of `list` repeating an earlier one (a grid named twice, an answer id used twice). */
const repeated = <T>(list: T[], path: (i: number) => (string | number)[], ctx: z.RefinementCtx) => {
  const seen = new Set<T>();
  list.forEach((v, i) => {
    if (seen.has(v)) ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: path(i) });
    seen.add(v);
  });
};
const letters = z
  .array(z.enum(OPTION_LETTERS, { error: 'FORM_ANSWER_REQUIRED' }), { error: 'FORM_ANSWER_REQUIRED' })
  .max(5, 'FIELD_TOO_LONG')
  .refine((v) => new Set(v).size === v.length, 'FIELD_INVALID');
const isoDate = isoDateTime();
const timeMs = z
  .number()
  .int()
  .min(0)
  .max(24 * 3600 * 1000);

export const createTestBody = z.object({
  id: uuid.optional(),
  manual_id: rowId('FORM_MANUAL_INVALID'),
  chapter_ids: z.array(id).max(500, 'FIELD_TOO_LONG').default([]),
  count: z
    .number({ error: 'FIELD_REQUIRED' })
    .int('FIELD_INVALID')
    .min(TEST_COUNT_MIN, 'FIELD_TOO_SMALL')
    .max(TEST_COUNT_MAX, 'FIELD_TOO_LARGE'),
  difficulty: z.enum(DIFFICULTIES, { error: 'FORM_DIFFICULTY_INVALID' }).nullish(),
  /** Measured difficulty (item-stats.ts bands): only grids with enough first answers count. */
  measured: z.enum(MEASURED_BANDS, { error: 'FORM_MEASURED_DIFFICULTY_INVALID' }).nullish(),
  only_unseen: z.boolean().optional(),
  only_wrong: z.boolean().optional(),
  only_favorites: z.boolean().optional(),
  /** Exactly these grids, in this order (retest wrong or flagged grids of a result); `count` must equal their number. */
  grid_ids: z
    .array(id)
    .min(1, 'FIELD_TOO_SMALL')
    .max(TEST_COUNT_MAX, 'FIELD_TOO_LONG')
    .superRefine((ids, ctx) => repeated(ids, (i) => [i], ctx))
    .optional(),
  mode: z.enum(TEST_MODES, { error: 'FIELD_INVALID' }),
  time_limit_min: z
    .number()
    .int('FIELD_INVALID')
    .min(1, 'FIELD_TOO_SMALL')
    .max(TEST_TIME_LIMIT_MIN_MAX, 'FIELD_TOO_LARGE')
    .nullish(),
});
export type CreateTestBody = z.input<typeof createTestBody>;

/** POST /tests/available: the filters alone, to count the grids they allow before starting. */
export const gridFiltersBody = createTestBody.pick({
  manual_id: true,
  chapter_ids: true,
  difficulty: true,
  measured: true,
  only_unseen: true,
  only_wrong: true,
  only_favorites: true,
});
export type GridFilters = z.input<typeof gridFiltersBody>;

export const answerBody = z.object({
  id: uuid,
  marked: letters,
  flagged: z.boolean().optional(),
  time_ms: timeMs.optional(),
  answered_at: isoDate.optional(),
});
export type AnswerBody = z.input<typeof answerBody>;

export const remainingBody = z.object({
  remaining_s: z
    .number({ error: 'FORM_TEST_REMAINING_TIME_INVALID' })
    .int('FORM_TEST_REMAINING_TIME_INVALID')
    .min(0, 'FORM_TEST_REMAINING_TIME_INVALID')
    .max(TEST_TIME_LIMIT_MIN_MAX * 60, 'FORM_TEST_REMAINING_TIME_INVALID'),
});

export const countBody = z
  .object({
    count: z
      .number()
      .int('FIELD_INVALID')
      .min(1, 'FIELD_TOO_SMALL')
      .max(TEST_COUNT_MAX, 'FIELD_TOO_LARGE')
      .optional(),
  })
  .default({});

export const syncAnswer = z.object({
  id: uuid,
  grid_id: id,
  marked: letters,
  flagged: z.boolean().default(false),
  time_ms: timeMs.nullish(),
  answered_at: isoDate,
});

export const syncTest = z
  .object({
    id: uuid,
    manual_id: id.nullish(),
    mode: z.enum(TEST_MODES, { error: 'FIELD_INVALID' }),
    time_limit_s: z
      .number()
      .int()
      .min(60)
      .max(TEST_TIME_LIMIT_MIN_MAX * 60)
      .nullish(),
    grid_ids: z
      .array(id)
      .min(1, 'FORM_NOT_ENOUGH_GRIDS')
      .max(TEST_COUNT_MAX, 'FIELD_TOO_LONG')
      .superRefine((ids, ctx) => repeated(ids, (i) => [i], ctx)),
    answers: z
      .array(syncAnswer)
      .max(TEST_COUNT_MAX * 2, 'FIELD_TOO_LONG')
      .default([]),
    status: z.enum(TEST_STATUSES, { error: 'FIELD_INVALID' }),
    started_at: isoDate,
    finished_at: isoDate.nullish(),
    remaining_s: z
      .number()
      .int()
      .min(0)
      .max(TEST_TIME_LIMIT_MIN_MAX * 60)
      .nullish(),
    /** Free-form (what the device chose the grids by): bounded depth and size, storable text. */
    filters: freeJsonObject().optional(),
    /** Where the test was made (kept for a new test; an existing test keeps its origin). Default: offline. */
    source: z.enum(['online', 'offline'], { error: 'FIELD_INVALID' }).optional(),
    /** How the device ended a finished test: 'expired' when its timer ran out. Default: sync. */
    finish_reason: z.enum(['user', 'expired'], { error: 'FIELD_INVALID' }).nullish(),
  })
  // One answer per grid in a test (the answers table keeps one per test and grid).
  .superRefine((t, ctx) =>
    repeated(
      t.answers.map((a) => a.grid_id),
      (i) => ['answers', i, 'grid_id'],
      ctx,
    ),
  );
export type SyncTest = z.input<typeof syncTest>;

export const syncBody = z
  .object({
    tests: z.array(syncTest).min(1, 'FIELD_REQUIRED').max(SYNC_MAX_TESTS, 'FIELD_TOO_LONG'),
  })
  // Every test id and every answer id once in a sync: an id names one row.
  .superRefine((b, ctx) => {
    repeated(
      b.tests.map((t) => t.id),
      (i) => ['tests', i, 'id'],
      ctx,
    );
    const seen = new Set<string>();
    b.tests.forEach((t, i) =>
      t.answers.forEach((a, j) => {
        if (seen.has(a.id))
          ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['tests', i, 'answers', j, 'id'] });
        seen.add(a.id);
      }),
    );
  });
export type SyncBody = z.input<typeof syncBody>;

export const historyQuery = z.object({
  status: z.enum(TEST_STATUSES, { error: 'FIELD_INVALID' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

// Scoring profile editor (admins).
const points = z.number().positive('FIELD_TOO_SMALL').max(100, 'FIELD_TOO_LARGE');
const gridRule = z.object({
  rule: z.enum(PARTIAL_RULES),
  points,
  penalty: z.number().min(0).max(10).optional(),
});
const subject = z.enum(SUBJECTS);
export const scoringProfileBody = z
  .object({
    name: text({ required: 'FIELD_REQUIRED', short: 'FIELD_TOO_SHORT', long: 'FIELD_TOO_LONG' }, 2, 200),
    known: z.boolean(),
    source: optionalText(5000).default(''),
    source_year: optionalText(40).optional(),
    estimated_parts: z.array(z.enum(ESTIMATED_PARTS)).max(ESTIMATED_PARTS.length).optional(),
    question_count: z.number().int().min(1).max(500).nullable(),
    time_limit_min: z.number().int().min(1).max(600).nullable(),
    ranges: z
      .array(
        gridRule.extend({
          from: z.number().int().min(1).max(500),
          to: z.number().int().min(1).max(500),
          type: z.enum(['CS', 'CM', 'CG']),
          subject: subject.optional(),
        }),
      )
      .min(1, 'FIELD_REQUIRED')
      .max(50, 'FIELD_TOO_LONG'),
    type_rules: z.object({ CS: gridRule, CM: gridRule, CG: gridRule }),
    final: z.object({
      attendance_points: z.number().min(0).max(1000),
      scale_divisor: z.number().positive('FIELD_TOO_SMALL').max(1000),
      truncate_decimals: z.number().int().min(0).max(4),
      pass_mark: z.number().min(0).max(1000),
      bac_share: z.number().min(0).max(1),
    }),
    subject_variants: z.array(z.array(subject).min(1).max(3)).min(1, 'FIELD_REQUIRED').max(10),
  })
  .superRefine((p, ctx) => {
    // Consistency (ranges without gaps or overlaps, reachable pass mark…), each on its own field.
    for (const problem of profileProblems({ ...p, slug: 'x' } as ScoringProfile)) {
      ctx.addIssue({ code: 'custom', message: problem.code, path: problem.path });
    }
  });
export type ScoringProfileBody = z.input<typeof scoringProfileBody>;

// What the tests engine answers (server/modules/practice, review): declared once here, returned by
// the server's serializers (annotated, so a drift fails the typecheck) and read by src/api/practice.ts.
// Request bodies are in test-schema.ts. "Server…" names set these apart from the device's own
// copies (src/offline/local-tests.ts).
import type { ErrorCode } from './codes.ts';
import type { Difficulty } from './constants.ts';
import type { MeasuredDifficulty } from './item-stats.ts';
import type { GridOutcome, QuestionType } from './scoring.ts';
import type { TestMode, TestStatus } from './test-schema.ts';

export type TestKind = 'custom' | 'weak' | 'review' | 'sync' | 'simulation';
export type FinishReason = 'user' | 'expired' | 'sync';
/** 'paper': graded from a scanned answer sheet (server/modules/scans). */
export type TestSource = 'online' | 'offline' | 'paper';

/** A test without its grids (model.ts serializeTest). */
export type ServerTest = {
  id: string;
  mode: TestMode;
  status: TestStatus;
  kind: TestKind;
  finish_reason: FinishReason | null;
  manual_id: number | null;
  filters: Record<string, unknown>;
  grid_count: number;
  /** Grids with at least one letter marked (test page and history only). */
  answered_count?: number;
  time_limit_s: number | null;
  remaining_s: number | null;
  started_at: string;
  last_activity_at: string;
  finished_at: string | null;
  score: number | null;
  max_score: number | null;
  grade: number | null;
  profile: string | null;
  source: TestSource;
  created_at: string;
};

/** The score of a finished test under the user's profile (engine.ts resultOf / storedResult). */
export type ServerResult = {
  score: number;
  max_score: number;
  grade: number;
  passed: boolean;
  exam_points: number;
  profile: string;
  mapping: 'positional' | 'by_type';
  counts: Record<GridOutcome, number>;
};

export type GridChapter = { id: number; title: string; manual_id: number };

/** A grid of a test; the answer key and explanation stay null until revealed (service.ts getTest). */
export type ServerTestGrid = {
  position: number;
  id: number;
  type: QuestionType;
  statement: string;
  options: Record<string, string>;
  difficulty: Difficulty;
  chapter: GridChapter;
  correct: string[] | null;
  explanation: string | null;
  explanation_photo_url: string | null;
};

/** An answer (answers.ts serializeAnswer); `outcome` only once revealed. */
export type ServerAnswer = {
  id: string;
  grid_id: number;
  marked: string[];
  flagged: boolean;
  time_ms: number | null;
  answered_at: string;
  updated_at: string;
  outcome?: GridOutcome;
};

/** GET /tests/:id */
export type TestDetail = { test: ServerTest; grids: ServerTestGrid[]; answers: ServerAnswer[] };

/** PUT /tests/:id/answers/:gridId: the key and explanation come with it once revealed, and then
 *  the grid's measured difficulty (null until enough candidates answered it; never before the
 *  candidate's own answer, it would be a hint). */
export type PutAnswerResponse = {
  answer: ServerAnswer;
  correct?: string[];
  explanation?: string;
  explanation_photo_url?: string | null;
  measured?: MeasuredDifficulty | null;
};

/** POST /tests, /tests/weak, /review/test */
export type TestCreatedResponse = { success: 'TEST_CREATED'; test: ServerTest };
/** POST /tests/available: grids the builder's filters allow this user. */
export type AvailableGridsResponse = { available: number };
/** POST /tests/:id/remaining */
export type RemainingResponse = { remaining_s: number; status: TestStatus };
/** POST /tests/:id/finish */
export type TestFinishedResponse = { success: 'TEST_FINISHED'; test: ServerTest; result: ServerResult };
/** POST /tests/:id/abandon */
export type TestAbandonedResponse = { success: 'TEST_ABANDONED'; test: ServerTest };
/** DELETE /tests/:id */
export type TestDeletedResponse = { success: 'TEST_DELETED' };

/** One grid of the results (results.ts). */
export type ResultGrid = {
  position: number;
  grid_id: number;
  type: QuestionType;
  statement: string;
  options: Record<string, string>;
  marked: string[];
  correct: string[];
  outcome: GridOutcome;
  points: number;
  max_points: number;
  flagged: boolean;
  time_ms: number | null;
  explanation: string | null;
  explanation_photo_url: string | null;
  chapter: GridChapter | null;
  /** Share of candidates whose first answer was right; null until enough answered it (item-stats.ts). */
  measured: MeasuredDifficulty | null;
};

/** The same answers scored under one centre's profile. */
export type CenterScore = {
  slug: string;
  name: string;
  known: boolean;
  score: number;
  max_score: number;
  grade: number;
  passed: boolean;
  mapping: 'positional' | 'by_type';
};

/** GET /tests/:id/results */
export type TestResults = {
  test: ServerTest;
  result: ServerResult;
  grids: ResultGrid[];
  by_center: CenterScore[];
  /** finished_at − started_at in seconds: the same total time the ranking shows (test-time.ts). */
  total_time_s: number;
};

export type RankingEntry = { rank: number; name: string; score: number; duration_s: number; is_me: boolean };

/** GET /tests/:id/ranking */
export type Ranking = {
  total: number;
  rank: number;
  /** Share of the others ranked below (0–100); null when no one else finished. */
  percentile: number | null;
  max_score: number | null;
  entries: RankingEntry[];
};

/** GET /tests */
export type HistoryPage = { tests: ServerTest[]; page: number; per_page: number; total: number };

/** One uploaded test's outcome in POST /tests/sync (sync.ts). */
export type ServerSyncOutcome = {
  id: string;
  status: 'synced' | 'conflict' | 'rejected';
  code?: ErrorCode;
  test_status?: TestStatus;
  result?: ServerResult;
};

/** POST /tests/sync */
export type SyncResponse = { success: 'TEST_SYNCED'; tests: ServerSyncOutcome[] };

/** GET /review */
/** due_count: due now (capped at the test size); due_today: due by the end of today, Bucharest
 *  (the plan's count of today's reviews, server/modules/review/due.ts); next_due: the next one not yet due. */
export type ReviewQueue = { due_count: number; due_today: number; total_cards: number; next_due: string | null };

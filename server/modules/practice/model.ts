// Test rows, their serialisation, the timer and the loading of a user's own test (404 otherwise).
import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { ErrorCode } from '../../../src/shared/codes.ts';
import type { FinishReason, ServerTest, TestKind, TestSource } from '../../../src/shared/practice-payloads.ts';
import type { TestMode, TestStatus } from '../../../src/shared/test-schema.ts';

export type TestRow = {
  id: string;
  user_id: number;
  mode: TestMode;
  status: TestStatus;
  finish_reason: FinishReason | null;
  kind: TestKind;
  manual_id: number | null;
  filters: Record<string, unknown>;
  grid_count: number;
  grid_set_hash: string;
  time_limit_s: number | null;
  remaining_s: number | null;
  started_at: Date;
  last_activity_at: Date;
  finished_at: Date | null;
  score: number | null;
  max_score: number | null;
  grade: number | null;
  profile_slug: string | null;
  rank_score: number | null;
  source: TestSource;
  created_at: Date;
};

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Same test" for the ranking: the sha256 of the sorted grid ids. */
export function gridSetHash(gridIds: readonly number[]): string {
  return createHash('sha256')
    .update([...gridIds].sort((a, b) => a - b).join(','))
    .digest('hex');
}

const ms = (d: Date | string) => new Date(d).getTime();
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Seconds left, computed by the server: time keeps running while the user is away, so it is
 * time_limit − (now − started_at), never above the total nor above what the client last reported
 * (POST /remaining only lowers it), never below 0. null for untimed tests.
 */
export function remainingSeconds(
  t: Pick<TestRow, 'time_limit_s' | 'remaining_s' | 'started_at'>,
  now = Date.now(),
): number | null {
  if (t.time_limit_s === null) return null;
  const byClock = Math.floor(t.time_limit_s - (now - ms(t.started_at)) / 1000);
  return Math.max(0, Math.min(t.time_limit_s, byClock, t.remaining_s ?? t.time_limit_s));
}

/** The moment the time ran out (for a test that expired while nobody was looking). */
export function deadline(
  t: Pick<TestRow, 'time_limit_s' | 'remaining_s' | 'started_at'>,
  now = Date.now(),
): Date {
  const byClock = ms(t.started_at) + (t.time_limit_s ?? 0) * 1000;
  return new Date(Math.min(byClock, now));
}

export function isExpired(t: TestRow, now = Date.now()): boolean {
  return t.status === 'unfinished' && t.time_limit_s !== null && remainingSeconds(t, now) === 0;
}

export function serializeTest(t: TestRow, extra: { answered_count?: number } = {}, now = Date.now()): ServerTest {
  return {
    id: t.id,
    mode: t.mode,
    status: t.status,
    kind: t.kind,
    finish_reason: t.finish_reason,
    manual_id: t.manual_id,
    filters: t.filters ?? {},
    grid_count: t.grid_count,
    ...(extra.answered_count === undefined ? {} : { answered_count: extra.answered_count }),
    time_limit_s: t.time_limit_s,
    remaining_s: t.status === 'unfinished' ? remainingSeconds(t, now) : t.time_limit_s === null ? null : 0,
    started_at: iso(t.started_at)!,
    last_activity_at: iso(t.last_activity_at)!,
    finished_at: iso(t.finished_at),
    score: t.score,
    max_score: t.max_score,
    grade: t.grade,
    profile: t.profile_slug,
    source: t.source,
    created_at: iso(t.created_at)!,
  };
}

export const TEST_COLUMNS = `t.id, t.user_id, t.mode, t.status, t.finish_reason, t.kind, t.manual_id, t.filters, t.grid_count,
  t.grid_set_hash, t.time_limit_s, t.remaining_s, t.started_at, t.last_activity_at, t.finished_at, t.score, t.max_score,
  t.grade, t.profile_slug, t.rank_score, t.source, t.created_at`;

/** The user's own test, or 404 FORM_TEST_NOT_FOUND (also for another user's test and malformed ids). */
export async function ownTest(db: Db, userId: number, id: string, forUpdate = false): Promise<TestRow> {
  if (!UUID_RE.test(id)) throw notFound('FORM_TEST_NOT_FOUND');
  const row = await db.one<TestRow>(
    `select ${TEST_COLUMNS} from tests t where t.id = $1 and t.user_id = $2${forUpdate ? ' for update' : ''}`,
    [id, userId],
  );
  if (!row) throw notFound('FORM_TEST_NOT_FOUND');
  return row;
}

/** The 409 for a write on a test that no longer accepts writes. */
export function closedError(t: TestRow) {
  let code: ErrorCode = 'FORM_TEST_INVALID_STATUS';
  if (t.status === 'finished')
    code = t.finish_reason === 'expired' ? 'FORM_TEST_TIME_EXPIRED' : 'FORM_TEST_ALREADY_FINISHED';
  return conflict(code);
}

/** Same URL shape as the grids module's photos. */
export const photoUrl = (p: string | null) => (p ? `/media/grids/${p}` : null);

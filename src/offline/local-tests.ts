// Tests on the device (local-first): the same Dexie rows whether the test was made online
// (POST /tests then GET /tests/:id, stored here) or offline (grids picked from the downloaded
// manuals with the same filters as the server). Finishing scores locally with the shared code;
// the outbox sync later replaces the result with the server's.
import { db, type LocalAnswer, type LocalGrid, type LocalTest } from './db.ts';
import { enqueue } from './answers.ts';
import { localWrite } from './errors.ts';
import { deadlineOf, remainingSeconds } from './timer.ts';
import { currentOwner, ownedBy } from './owner.ts';
import { gridOutcome, scoreTest, type ScorableGrid, type ScoringProfile, type TestScore } from '../shared/scoring.ts';
import type { Difficulty, OptionLetter } from '../shared/constants.ts';
import type { ServerResult, TestDetail } from '../api/practice.ts';

export type TestFilters = {
  manual_id: number;
  chapter_ids: number[];
  count: number;
  difficulty: Difficulty | null;
  only_unseen: boolean;
  only_wrong: boolean;
  only_favorites: boolean;
  mode: 'tutor' | 'exam';
  time_limit_min: number | null;
};

/** What the filters need to know about the candidate's past: latest outcome per grid, favourites. */
export type History = { latest: Map<number, 'right' | 'partial' | 'wrong' | 'blank'>; favorites: Set<number> };

/** FORM_NOT_ENOUGH_GRIDS with how many grids the filters allow (same as the server's 422). */
export class NotEnoughGridsError extends Error {
  readonly code = 'FORM_NOT_ENOUGH_GRIDS';
  readonly available: number;
  constructor(available: number) {
    super('FORM_NOT_ENOUGH_GRIDS');
    this.available = available;
  }
}

/** The candidate's history on this device: latest outcome per grid (answers of every local test) and favourites. */
export async function localHistory(): Promise<History> {
  const [answers, favorites] = await Promise.all([db.answers.toArray(), db.favorites.toArray()]);
  // Only the answered grids' keys are needed: reading every grid on the device (6,000+ with their
  // explanations once a national-size manual is downloaded) cost ≈ 0.28 s of each offline test at 4× CPU
  // on a quiet machine, 1.7 s on a loaded one (docs/MEASUREMENTS.md, issue 30 §2).
  const answered = await db.grids.bulkGet([...new Set(answers.map((a) => a.grid_id))]);
  const correct = new Map(answered.filter((g): g is LocalGrid => !!g).map((g) => [g.id, g.correct]));
  const sorted = [...answers].sort((a, b) => a.answered_at.localeCompare(b.answered_at));
  const latest = new Map<number, 'right' | 'partial' | 'wrong' | 'blank'>();
  for (const a of sorted) {
    const key = correct.get(a.grid_id);
    if (!key) continue;
    latest.set(a.grid_id, gridOutcome(key, a.marked));
  }
  return { latest, favorites: new Set(favorites.map((f) => f.grid_id)) };
}

/** Manuals downloaded for offline use (the courses screen downloads them). */
export async function offlineManuals() {
  const manuals = await db.manuals.toArray();
  return manuals.filter((m) => m.downloaded_at);
}

export function newTest(id: string, f: Pick<TestFilters, 'manual_id' | 'mode' | 'time_limit_min'>, gridIds: number[], source: LocalTest['source'], now: Date): LocalTest {
  const at = now.toISOString();
  const limit = f.time_limit_min ? f.time_limit_min * 60 : null;
  return {
    id,
    manual_id: f.manual_id,
    mode: f.mode,
    status: 'unfinished',
    grid_ids: gridIds,
    time_limit_s: limit,
    remaining_s: limit,
    started_at: at,
    finished_at: null,
    updated_at: at,
    source,
    synced: source === 'online' ? 1 : 0,
    result: null,
    result_source: null,
    owner_id: currentOwner(),
  };
}

/** Stores a server test (GET /tests/:id) with its grids and answers; keeps what the device knows better. */
export async function storeServerTest(detail: TestDetail): Promise<LocalTest> {
  const { test: t, grids, answers } = detail;
  return localWrite(() =>
    db.transaction('rw', db.tests, db.grids, db.answers, async () => {
      const existing = await db.tests.get(t.id);
      const known = await db.grids.bulkGet(grids.map((g) => g.id));
      const rows: LocalGrid[] = grids.map((g, i) => {
        const old = known[i];
        return {
          id: g.id,
          chapter_id: g.chapter.id,
          manual_id: g.chapter.manual_id,
          type: g.type,
          statement: g.statement,
          options: g.options as Record<OptionLetter, string>,
          correct: (g.correct as OptionLetter[] | null) ?? old?.correct ?? null,
          explanation: g.explanation ?? old?.explanation ?? null,
          explanation_photo: g.explanation_photo_url ?? old?.explanation_photo ?? null,
          difficulty: g.difficulty,
          premium: old?.premium ?? false,
        };
      });
      await db.grids.bulkPut(rows);
      const ordered = [...grids].sort((a, b) => a.position - b.position).map((g) => g.id);
      const local: LocalTest = {
        id: t.id,
        manual_id: t.manual_id ?? 0,
        mode: t.mode,
        // A local change not yet sent wins over the server's copy (the outbox will send it).
        status: existing && existing.synced === 0 ? existing.status : t.status,
        grid_ids: ordered,
        time_limit_s: t.time_limit_s,
        remaining_s: existing && existing.synced === 0 ? existing.remaining_s : t.remaining_s,
        started_at: t.started_at,
        finished_at: existing && existing.synced === 0 ? existing.finished_at : t.finished_at,
        updated_at: existing?.updated_at ?? t.last_activity_at,
        source: existing?.source ?? t.source,
        kind: t.kind,
        ...(t.kind === 'simulation' && typeof t.filters.profile_slug === 'string' ? { centre: t.filters.profile_slug } : {}),
        synced: existing?.synced ?? 1,
        result: existing?.result ?? (t.score !== null ? { score: t.score, max_score: t.max_score, grade: t.grade, profile: t.profile } : null),
        result_source: existing?.result_source ?? (t.score !== null ? 'server' : null),
        // The server answered this account's token: the test is this account's.
        owner_id: currentOwner() ?? existing?.owner_id ?? null,
        // Where the candidate was on this device (resume opens it).
        ...(existing?.last_index !== undefined ? { last_index: existing.last_index } : {}),
      };
      await db.tests.put(local);
      for (const a of answers) {
        const mine = await db.answers.where({ test_id: t.id, grid_id: a.grid_id }).first();
        if (mine && mine.answered_at >= a.answered_at) continue;
        const row: LocalAnswer = {
          id: mine?.id ?? a.id,
          test_id: t.id,
          grid_id: a.grid_id,
          marked: [...a.marked].sort() as OptionLetter[],
          flagged: a.flagged,
          time_ms: a.time_ms ?? 0,
          answered_at: a.answered_at,
        };
        await db.answers.put(row);
      }
      return local;
    }),
  );
}

const PROFILE_KEY = 'scoring_profile';
// The centres' profiles (data) load when a test is scored or a profile remembered, not with the
// solve screen and the outbox (issue 12 §2).
const profiles = () => import('../shared/scoring-profiles.ts');

/** The profile the device scores with: the last one the server used for this user, else the reference. */
export async function localProfileSlug(): Promise<string> {
  const [row, { defaultProfile, DEFAULT_PROFILE_SLUG }] = await Promise.all([db.meta.get(PROFILE_KEY), profiles()]);
  return typeof row?.value === 'string' && defaultProfile(row.value) ? row.value : DEFAULT_PROFILE_SLUG;
}

export async function rememberProfile(slug: string | null | undefined): Promise<void> {
  if (slug && (await profiles()).defaultProfile(slug)) await db.meta.put({ key: PROFILE_KEY, value: slug });
}

export type LocalResult = ServerResult;

function resultOf(s: TestScore): LocalResult {
  return { score: s.score, max_score: s.max_score, grade: s.grade, passed: s.passed, exam_points: s.exam_points, profile: s.profile, mapping: s.mapping, counts: s.counts };
}

/** Grids in test order, when every one of them is on the device with its key; null otherwise. */
export async function scorableGrids(test: LocalTest): Promise<ScorableGrid[] | null> {
  const grids = await db.grids.bulkGet(test.grid_ids);
  if (grids.some((g) => !g || !g.correct)) return null;
  return grids.map((g) => ({ id: g!.id, type: g!.type, correct: g!.correct! }));
}

export function answersMap(answers: readonly LocalAnswer[]): Map<number, string[]> {
  return new Map(answers.map((a) => [a.grid_id, a.marked]));
}

/** Scores a test on the device under a profile (default: the device's profile); null when a key is missing. */
export async function computeLocalResult(testId: string, slug?: string): Promise<LocalResult | null> {
  const test = await db.tests.get(testId);
  if (!test) return null;
  const grids = await scorableGrids(test);
  if (!grids) return null;
  const { defaultProfile, DEFAULT_SCORING_PROFILES } = await profiles();
  const profile = defaultProfile(slug ?? (await localProfileSlug())) ?? DEFAULT_SCORING_PROFILES[0]!;
  const answers = await db.answers.where('test_id').equals(testId).toArray();
  return resultOf(scoreTest(grids, answersMap(answers), profile));
}

/** Score under every centre's default profile, `centres` (results screen offline). */
export function scoreByCenter(grids: readonly ScorableGrid[], answers: ReadonlyMap<number, readonly string[]>, centres: readonly ScoringProfile[]) {
  return centres.map((p) => {
    const s = scoreTest(grids, answers, p);
    return { slug: p.slug, name: p.name, known: p.known, score: s.score, max_score: s.max_score, grade: s.grade, passed: s.passed, mapping: s.mapping };
  });
}

/** Finishes a test on the device, scores it locally and queues it. The first finish wins: a closed test is left as is. */
export async function finishLocally(testId: string, now = new Date(), expired = false): Promise<LocalTest | undefined> {
  const result = await computeLocalResult(testId);
  return localWrite(() =>
    db.transaction('rw', db.tests, db.outbox, async () => {
      const test = await db.tests.get(testId);
      if (!test || test.status !== 'unfinished') return test;
      const finishedAt = expired ? (deadlineOf(test) ?? now.toISOString()) : now.toISOString();
      const changes: Partial<LocalTest> = {
        status: 'finished',
        finished_at: finishedAt < test.started_at ? test.started_at : finishedAt,
        remaining_s: test.time_limit_s === null ? null : expired ? 0 : remainingSeconds(test, now.getTime()),
        updated_at: now.toISOString(),
        synced: 0,
        result,
        result_source: result ? 'local' : null,
      };
      await db.tests.update(testId, changes);
      await enqueue(testId, now);
      return { ...test, ...changes };
    }),
  );
}

/** Abandons a test on the device and queues it. */
export async function abandonLocally(testId: string, now = new Date()): Promise<void> {
  await localWrite(() =>
    db.transaction('rw', db.tests, db.outbox, async () => {
      const test = await db.tests.get(testId);
      if (!test || test.status !== 'unfinished') return;
      await db.tests.update(testId, { status: 'abandoned', updated_at: now.toISOString(), synced: 0 });
      await enqueue(testId, now);
    }),
  );
}

/** Stores the remaining time when leaving (it only goes down) and queues it. */
export async function storeRemaining(testId: string, now = new Date()): Promise<void> {
  await localWrite(() =>
    db.transaction('rw', db.tests, db.outbox, async () => {
      const test = await db.tests.get(testId);
      if (!test || test.status !== 'unfinished' || test.time_limit_s === null) return;
      const left = remainingSeconds(test, now.getTime());
      if (left === test.remaining_s) return;
      await db.tests.update(testId, { remaining_s: left, updated_at: now.toISOString(), synced: 0 });
      await enqueue(testId, now);
    }),
  );
}

/** Unfinished tests of the signed-in account on the device, newest first. */
export async function unfinishedLocalTests(): Promise<LocalTest[]> {
  const owner = currentOwner();
  const rows = (await db.tests.where('status').equals('unfinished').toArray()).filter((t) => ownedBy(t, owner));
  return rows.sort((a, b) => b.started_at.localeCompare(a.started_at));
}

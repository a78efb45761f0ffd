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

type MatchFilters = Omit<TestFilters, 'count' | 'mode' | 'time_limit_min'>;

/** The filters a grid's row decides: manual, gradable on the device, chapters, difficulty. */
function rowMatches(g: LocalGrid, f: MatchFilters, chapters: ReadonlySet<number>): boolean {
  if (g.manual_id !== f.manual_id) return false;
  if (!g.correct || g.correct.length === 0) return false; // cannot be scored on the device
  if (chapters.size && !chapters.has(g.chapter_id)) return false;
  return !(f.difficulty && g.difficulty !== f.difficulty);
}

/** The filters the candidate's past decides from the grid's id alone: unseen, wrong before, favourites. */
function historyMatches(id: number, f: MatchFilters, h: History): boolean {
  const latest = h.latest.get(id);
  if (f.only_unseen && latest !== undefined && latest !== 'blank') return false;
  if (f.only_wrong && (latest === undefined || latest === 'blank' || latest === 'right')) return false;
  return !(f.only_favorites && !h.favorites.has(id));
}

/** Grids matching the filters (pure): manual, chapters, difficulty, unseen / wrong before / favourites; only gradable grids. */
export function matchingGrids(grids: readonly LocalGrid[], f: MatchFilters, h: History): LocalGrid[] {
  const chapters = new Set(f.chapter_ids);
  return grids.filter((g) => rowMatches(g, f, chapters) && historyMatches(g.id, f, h));
}

/** Fisher–Yates with an injectable random source (tests pass a seeded one). */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Picks `count` grids or throws NotEnoughGridsError. */
export function pickGrids(grids: readonly LocalGrid[], f: TestFilters, h: History, random: () => number = Math.random): LocalGrid[] {
  const pool = matchingGrids(grids, f, h);
  if (pool.length < f.count) throw new NotEnoughGridsError(pool.length);
  return shuffle(pool, random).slice(0, f.count);
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

function newTest(id: string, f: Pick<TestFilters, 'manual_id' | 'mode' | 'time_limit_min'>, gridIds: number[], source: LocalTest['source'], now: Date): LocalTest {
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

/** Grids read from the device per batch while drawing (a few more than still needed: some fail the row's filters). */
const DRAW_BATCH_MIN = 50;

/**
 * The same draw as pickGrids over the manual's rows, without reading them all: a 6,000-grid manual
 * is ≈ 10 MB of rows, and reading it took ≈ 2 s at a phone's speed to draw 200 (issue 30 §2). The
 * index gives the candidate keys (the chapters', or the manual's); the filters that need only the
 * key (unseen, wrong before, favourites) apply to them; the shuffled keys are then read in batches
 * and each row checked as matchingGrids does (manual, gradable, difficulty) until `count` are in.
 * Shuffling the keys and taking the first that pass is a uniform draw from the matching grids,
 * like shuffling the matching rows. When the keys run out first, every candidate row has been
 * read, so the count in NotEnoughGridsError is exact.
 */
async function drawGrids(f: TestFilters, h: History, random: () => number): Promise<LocalGrid[]> {
  const keys = (
    f.chapter_ids.length
      ? await db.grids.where('chapter_id').anyOf(f.chapter_ids).primaryKeys()
      : await db.grids.where('manual_id').equals(f.manual_id).primaryKeys()
  ) as number[];
  const chapters = new Set(f.chapter_ids);
  const byKey = keys.filter((id) => historyMatches(id, f, h));
  const order = shuffle(byKey, random);
  const picked: LocalGrid[] = [];
  for (let at = 0; at < order.length && picked.length < f.count; ) {
    const take = Math.max(DRAW_BATCH_MIN, Math.ceil((f.count - picked.length) * 1.25));
    const rows = await db.grids.bulkGet(order.slice(at, at + take));
    at += take;
    for (const g of rows) if (g && picked.length < f.count && rowMatches(g, f, chapters)) picked.push(g);
  }
  if (picked.length < f.count) throw new NotEnoughGridsError(picked.length);
  return picked;
}

/** Offline test from the downloaded grids, queued for the server. */
export async function createOfflineTest(f: TestFilters, id: string = crypto.randomUUID(), now = new Date(), random: () => number = Math.random): Promise<LocalTest> {
  const manual = await db.manuals.get(f.manual_id);
  const picked = manual?.downloaded_at ? await drawGrids(f, await localHistory(), random) : pickGrids([], f, await localHistory(), random);
  const test = newTest(id, f, picked.map((g) => g.id), 'offline', now);
  await localWrite(() =>
    db.transaction('rw', db.tests, db.outbox, async () => {
      await db.tests.put(test);
      await enqueue(test.id, now);
    }),
  );
  return test;
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

// Tests drawn on the device from the downloaded grids (issue 30 §2): the filters as pure predicates
// and the offline draw. Apart from local-tests.ts so that only the test builder loads it: the solve
// screen's first load stays within its budget.
import { db, type LocalGrid, type LocalTest } from './db.ts';
import { storeNewTest } from './answers.ts';
import { localWrite } from './errors.ts';
import { handOver } from './handover.ts';
import { drawAhead, takeAhead } from './draw-ahead.ts';
import { localHistory, newTest, NotEnoughGridsError, type History, type TestFilters } from './local-tests.ts';

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

const NO_HISTORY: History = { latest: new Map(), favorites: new Set() };

/** Grids read from the device per batch while drawing (a few more than still needed: some fail the row's filters). */
const DRAW_BATCH_MIN = 50;

/**
 * The grids' keys under the chapters asked for (or the manual's). One equals() query per chapter,
 * not anyOf(): Dexie answers an equals() range with one getAllKeys() request, but walks anyOf()
 * with a cursor, one round trip to the browser's IndexedDB process per key, which for a 6,000-grid
 * manual with every chapter ticked was ≈ 2 s of a 200-grid build at 4× CPU (issue 30 §2).
 */
export async function candidateKeys(f: Pick<TestFilters, 'manual_id' | 'chapter_ids'>): Promise<number[]> {
  const wanted = new Set(f.chapter_ids);
  // Every chapter of the manual ticked is the manual: one request rather than one a chapter.
  const manualChapters = wanted.size ? ((await db.chapters.where('manual_id').equals(f.manual_id).primaryKeys()) as number[]) : [];
  const all = wanted.size === 0 || (manualChapters.length > 0 && manualChapters.every((c) => wanted.has(c)));
  if (all) return (await db.grids.where('manual_id').equals(f.manual_id).primaryKeys()) as number[];
  const perChapter = await Promise.all([...wanted].map((c) => db.grids.where('chapter_id').equals(c).primaryKeys()));
  return perChapter.flat() as number[];
}

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
  const keys = await candidateKeys(f);
  performance.mark('offline-test:keys');
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

/** The draw for `f`: the grids of a new offline test, in its order (one read transaction). */
function drawTest(f: TestFilters, random: () => number): Promise<LocalGrid[]> {
  // One read transaction for the whole draw, not one per request (a dozen: the manual, the history, a chapter's keys each, the rows).
  return db.transaction('r', [db.manuals, db.chapters, db.answers, db.favorites, db.grids], async () => {
    // The history (every answer on the device) only for a filter that needs it.
    const needsHistory = f.only_unseen || f.only_wrong || f.only_favorites;
    const [manual, history] = await Promise.all([db.manuals.get(f.manual_id), needsHistory ? localHistory() : NO_HISTORY]);
    performance.mark('offline-test:history');
    return manual?.downloaded_at ? drawGrids(f, history, random) : pickGrids([], f, history, random);
  });
}

/** The builder's form says `f` on a device with no connection: the draw is made now, for the tap (draw-ahead.ts). */
export function prepareOfflineTest(f: TestFilters, random: () => number = Math.random): Promise<void> {
  return drawAhead(f, (filters) => drawTest(filters, random));
}

/** Offline test from the downloaded grids, queued for the server; handed over to the solve screen. */
export async function createOfflineTest(f: TestFilters, id: string = crypto.randomUUID(), now = new Date(), random: () => number = Math.random): Promise<LocalTest> {
  performance.mark('offline-test:start');
  const ready = await takeAhead(f);
  if (ready) performance.mark('offline-test:ahead');
  const picked = ready ?? (await drawTest(f, random));
  performance.mark('offline-test:drawn');
  const test = newTest(id, f, picked.map((g) => g.id), 'offline', now);
  await localWrite(() => storeNewTest(test, now));
  performance.mark('offline-test:stored');
  handOver(test, picked);
  return test;
}

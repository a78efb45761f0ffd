// Statistics of one user from their answers (every test, any status; blank answers do not count),
// read from the counts migration 049's triggers keep per chapter and per day.
// correct_pct = fully right answers / answered × 100 (one decimal). Days are Romanian days
// (Europe/Bucharest).
import type { Db } from '../../db/db.ts';
import type { ChapterStat, ProgressDay, Stats } from '../../../src/shared/stats-payloads.ts';
import { PEER_MIN_ANSWERS, PEER_MIN_CANDIDATES } from '../../../src/shared/item-stats.ts';
import { NO_RANK, peerRanks } from './peers.ts';

/** A chapter needs this many answered grids before it can be called weak. */
export const WEAK_MIN_ANSWERED = 5;
/** …and must be below this share right: a chapter at 100 % is nobody's weak chapter, even if it is
 *  the only one practised (the hub listed "— 100% corecte" under "Capitole slabe"). */
export const WEAK_BELOW_PCT = 80;
export const WEAK_LIMIT = 5;
export const PROGRESS_DAYS = 90;

/** The counts as the database gives them, before correct_pct. */
type Counts = { answered: number; right: number; partial: number; wrong: number };
const pct = (right: number, answered: number) => (answered ? Math.round((right / answered) * 1000) / 10 : 0);
const withPct = <T extends Counts>(r: T) => ({ ...r, correct_pct: pct(r.right, r.answered) });

type ChapterCounts = Counts & {
  chapter_id: number;
  title: string;
  manual_id: number;
  manual_title: string;
  manual_sort: number;
  time_sum: number | null;
  time_n: number;
};

/**
 * The user's answers per chapter (with the manual's name and the answer times), read from the counts
 * the answer writes keep (user_chapter_answers, migration 049) rather than grouping a year of answers
 * on every request (issue 30 §1: 100,000 answers of one candidate); the per-manual and total figures
 * are sums of these rows. A chapter whose answers were all deleted keeps a row of zeros: not shown.
 */
async function chapterCounts(db: Db, userId: number): Promise<ChapterCounts[]> {
  return db.query<ChapterCounts>(
    `select c.id as chapter_id, c.title, c.manual_id, m.title as manual_title, m.sort as manual_sort,
            u.answered, u.right_n as right, u.partial_n as partial, u.wrong_n as wrong,
            case when u.time_n > 0 then u.time_sum::float8 end as time_sum, u.time_n
       from user_chapter_answers u join chapters c on c.id = u.chapter_id join manuals m on m.id = c.manual_id
      where u.user_id = $1 and u.answered > 0
      order by c.manual_id, c.sort, c.id`,
    [userId],
  );
}

/**
 * Answers per Romanian day over the last PROGRESS_DAYS × 24 h: the whole days from the kept day counts
 * (user_answer_days), the first day of the window, which the cut leaves partial, from its own answers.
 */
async function progressDays(db: Db, userId: number): Promise<Array<{ day: string; answered: number; right: number }>> {
  return db.query(
    `with cut as (select now() - make_interval(days => $2) as at),
          edge as (select (at at time zone 'Europe/Bucharest')::date as day, at from cut)
     select to_char(x.day, 'YYYY-MM-DD') as day, x.answered, x.right from (
       select d.day, d.answered, d.right_n as right
         from user_answer_days d, edge where d.user_id = $1 and d.day > edge.day and d.answered > 0
       union all
       select edge.day, count(*)::int, count(*) filter (where a.outcome = 'right')::int
         from answers a, edge
        where a.user_id = $1 and a.outcome <> 'blank' and a.answered_at > edge.at
          and a.answered_at < ((edge.day + 1)::timestamp at time zone 'Europe/Bucharest')
        group by edge.day) x
     order by x.day`,
    [userId, PROGRESS_DAYS],
  );
}

const chapterOf = (r: ChapterCounts): Omit<ChapterStat, 'peers'> =>
  withPct({ chapter_id: r.chapter_id, title: r.title, manual_id: r.manual_id, answered: r.answered, right: r.right, partial: r.partial, wrong: r.wrong });

export async function chapterStats(db: Db, userId: number): Promise<Omit<ChapterStat, 'peers'>[]> {
  return (await chapterCounts(db, userId)).map(chapterOf);
}

/** Per manual (by the manual's sort, then id) and in total, from the chapter rows. */
function rollUp(rows: ChapterCounts[]) {
  const add = (a: Counts, r: Counts) => {
    a.answered += r.answered;
    a.right += r.right;
    a.partial += r.partial;
    a.wrong += r.wrong;
  };
  const manuals = new Map<number, Counts & { manual_id: number; title: string; sort: number }>();
  const total = { answered: 0, right: 0, partial: 0, wrong: 0, time_sum: 0, time_n: 0 };
  for (const r of rows) {
    let m = manuals.get(r.manual_id);
    if (!m) manuals.set(r.manual_id, (m = { manual_id: r.manual_id, title: r.manual_title, sort: r.manual_sort, answered: 0, right: 0, partial: 0, wrong: 0 }));
    add(m, r);
    add(total, r);
    total.time_sum += r.time_sum ?? 0;
    total.time_n += r.time_n;
  }
  const ordered = [...manuals.values()].sort((a, b) => a.sort - b.sort || a.manual_id - b.manual_id);
  return { manuals: ordered.map(({ sort: _sort, ...m }) => m), total };
}

export function weakest<T extends { answered: number; correct_pct: number }>(chapters: T[]): T[] {
  return chapters
    .filter((c) => c.answered >= WEAK_MIN_ANSWERED && c.correct_pct < WEAK_BELOW_PCT)
    .sort((a, b) => a.correct_pct - b.correct_pct || b.answered - a.answered)
    .slice(0, WEAK_LIMIT);
}

export async function stats(db: Db, userId: number): Promise<Stats> {
  const [tests, counts, progress] = await Promise.all([
    db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from tests where user_id = $1 group by status',
      [userId],
    ),
    chapterCounts(db, userId),
    progressDays(db, userId),
  ]);
  const peers = await peerRanks(db, userId, counts);
  const chapters: ChapterStat[] = counts.map((c) => ({ ...chapterOf(c), peers: peers.chapter.get(c.chapter_id) ?? NO_RANK }));
  const { manuals, total: t } = rollUp(counts);
  const byStatus = Object.fromEntries(tests.map((r) => [r.status, r.n]));
  return {
    totals: {
      tests: tests.reduce((s, r) => s + r.n, 0),
      tests_finished: byStatus.finished ?? 0,
      tests_unfinished: byStatus.unfinished ?? 0,
      tests_abandoned: byStatus.abandoned ?? 0,
      grids_answered: t.answered,
      right: t.right,
      partial: t.partial,
      wrong: t.wrong,
      correct_pct: pct(t.right, t.answered),
      avg_time_ms: t.time_n ? Math.round(t.time_sum / t.time_n) : null,
      total_time_ms: t.time_sum,
    },
    manuals: manuals.map((m) => ({ ...withPct(m), peers: peers.manual.get(m.manual_id) ?? NO_RANK })),
    chapters,
    progress: progress.map((p): ProgressDay => ({
      day: p.day,
      answered: p.answered,
      right: p.right,
      correct_pct: pct(p.right, p.answered),
    })),
    weakest_chapters: weakest(chapters),
    weak_min_answered: WEAK_MIN_ANSWERED,
    weak_below_pct: WEAK_BELOW_PCT,
    peer_min_answers: PEER_MIN_ANSWERS,
    peer_min_candidates: PEER_MIN_CANDIDATES,
  };
}

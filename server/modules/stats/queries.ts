// Statistics of one user from their answers (every test, any status; blank answers do not count).
// correct_pct = fully right answers / answered × 100 (one decimal). Days are Romanian days
// (Europe/Bucharest).
import type { Db } from '../../db/db.ts';
import type { ChapterStat, ProgressDay, Stats } from '../../../src/shared/stats-payloads.ts';
import { PEER_MIN_ANSWERS, PEER_MIN_CANDIDATES } from '../../../src/shared/item-stats.ts';
import { NO_RANK, peerRanks } from './peers.ts';

/** A chapter needs this many answered grids before it can be called weak. */
export const WEAK_MIN_ANSWERED = 5;
export const WEAK_LIMIT = 5;
export const PROGRESS_DAYS = 90;

/** The counts as the database gives them, before correct_pct. */
type Counts = { answered: number; right: number; partial: number; wrong: number };
const pct = (right: number, answered: number) => (answered ? Math.round((right / answered) * 1000) / 10 : 0);
const withPct = <T extends Counts>(r: T) => ({ ...r, correct_pct: pct(r.right, r.answered) });

const AGG = `count(*)::int as answered,
  count(*) filter (where a.outcome = 'right')::int as right,
  count(*) filter (where a.outcome = 'partial')::int as partial,
  count(*) filter (where a.outcome = 'wrong')::int as wrong`;

export async function chapterStats(db: Db, userId: number): Promise<Omit<ChapterStat, 'peers'>[]> {
  const rows = await db.query<Counts & { chapter_id: number; title: string; manual_id: number }>(
    `select c.id as chapter_id, c.title, c.manual_id, ${AGG}
       from answers a join grids g on g.id = a.grid_id join chapters c on c.id = g.chapter_id
      where a.user_id = $1 and a.outcome <> 'blank'
      group by c.id, c.title, c.manual_id, c.sort order by c.manual_id, c.sort, c.id`,
    [userId],
  );
  return rows.map(withPct);
}

export function weakest<T extends { answered: number; correct_pct: number }>(chapters: T[]): T[] {
  return chapters
    .filter((c) => c.answered >= WEAK_MIN_ANSWERED)
    .sort((a, b) => a.correct_pct - b.correct_pct || b.answered - a.answered)
    .slice(0, WEAK_LIMIT);
}

export async function stats(db: Db, userId: number): Promise<Stats> {
  const [tests, totals, manuals, plainChapters, progress, manualPeers, chapterPeers] = await Promise.all([
    db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from tests where user_id = $1 group by status',
      [userId],
    ),
    db.one<Counts & { avg_time_ms: number | null; total_time_ms: number | null }>(
      `select ${AGG}, avg(a.time_ms)::float8 as avg_time_ms, sum(a.time_ms)::float8 as total_time_ms
         from answers a where a.user_id = $1 and a.outcome <> 'blank'`,
      [userId],
    ),
    db.query<Counts & { manual_id: number; title: string }>(
      `select m.id as manual_id, m.title, ${AGG}
         from answers a join grids g on g.id = a.grid_id join chapters c on c.id = g.chapter_id join manuals m on m.id = c.manual_id
        where a.user_id = $1 and a.outcome <> 'blank'
        group by m.id, m.title, m.sort order by m.sort, m.id`,
      [userId],
    ),
    chapterStats(db, userId),
    db.query<Counts & { day: string }>(
      `select to_char((a.answered_at at time zone 'Europe/Bucharest')::date, 'YYYY-MM-DD') as day, ${AGG}
         from answers a
        where a.user_id = $1 and a.outcome <> 'blank' and a.answered_at > now() - make_interval(days => $2)
        group by 1 order by 1`,
      [userId, PROGRESS_DAYS],
    ),
    peerRanks(db, userId, 'manual'),
    peerRanks(db, userId, 'chapter'),
  ]);
  const chapters: ChapterStat[] = plainChapters.map((c) => ({ ...c, peers: chapterPeers.get(c.chapter_id) ?? NO_RANK }));
  const byStatus = Object.fromEntries(tests.map((t) => [t.status, t.n]));
  const t = totals!;
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
      avg_time_ms: t.avg_time_ms === null ? null : Math.round(t.avg_time_ms),
      total_time_ms: t.total_time_ms ?? 0,
    },
    manuals: manuals.map((m) => ({ ...withPct(m), peers: manualPeers.get(m.manual_id) ?? NO_RANK })),
    chapters,
    progress: progress.map((p): ProgressDay => ({
      day: p.day,
      answered: p.answered,
      right: p.right,
      correct_pct: pct(p.right, p.answered),
    })),
    weakest_chapters: weakest(chapters),
    weak_min_answered: WEAK_MIN_ANSWERED,
    peer_min_answers: PEER_MIN_ANSWERS,
    peer_min_candidates: PEER_MIN_CANDIDATES,
  };
}

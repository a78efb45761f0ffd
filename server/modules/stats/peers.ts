// The candidate's percentile per chapter or subject (manual) on /statistici (issue 31 §2), in one
// statement for both levels: among the candidates with at least PEER_MIN_ANSWERS answers there (blank is
// no answer), by the share fully right, the share of the OTHERS strictly below the candidate.
// Only the asking candidate's row leaves the database, with the group's size; the page gets the
// percentile rounded down to PEER_PERCENTILE_STEP and the size rounded down to PEER_GROUP_STEP, and
// nothing below PEER_MIN_CANDIDATES. The others' shares are precomputed (peer-refresh.ts).
import type { Db } from '../../db/db.ts';
import { PEER_GROUP_STEP, PEER_MIN_ANSWERS, PEER_MIN_CANDIDATES, PEER_PERCENTILE_STEP } from '../../../src/shared/item-stats.ts';
import type { PeerRank } from '../../../src/shared/stats-payloads.ts';

type Level = 'chapter' | 'manual';
type Row = { level: Level; k: number; n: number; size: number | null; percentile: number | null };

/** The candidate's own counts in one chapter (the kept counts of migration 049 that /stats reads). */
export type OwnChapterCounts = { chapter_id: number; manual_id: number; answered: number; right: number };

/**
 * Both levels in one statement: the candidate's own counts are given (kept by the answer writes'
 * triggers, so live: an answer given a second ago counts), the others' shares come from peer_accuracy
 * (refreshPeerAccuracy, as old as the item statistics: at most ITEM_STATS_REFRESH_MS). The
 * percentile is the count of others strictly below the candidate over the others, read on the
 * (level, k, acc) index.
 */
export async function peerRanks(db: Db, userId: number, own: readonly OwnChapterCounts[]): Promise<Record<Level, Map<number, PeerRank>>> {
  const manuals = new Map<number, { n: number; r: number }>();
  for (const c of own) {
    const m = manuals.get(c.manual_id) ?? { n: 0, r: 0 };
    m.n += c.answered;
    m.r += c.right;
    manuals.set(c.manual_id, m);
  }
  const mine = [
    ...own.map((c) => ({ level: 'chapter' as const, k: c.chapter_id, n: c.answered, r: c.right })),
    ...[...manuals].map(([k, m]) => ({ level: 'manual' as const, k, n: m.n, r: m.r })),
  ];
  const out: Record<Level, Map<number, PeerRank>> = { chapter: new Map(), manual: new Map() };
  const ranked = mine.filter((m) => m.n >= PEER_MIN_ANSWERS);
  const rows = ranked.length
    ? await db.query<{ level: Level; k: number; size: number; percentile: number | null }>(
        `with mine as (
           select * from unnest($2::text[], $3::int[], $4::float8[]) as m(level, k, acc))
         select m.level, m.k, count(p.user_id)::int + 1 as size,
                (floor(count(p.user_id) filter (where p.acc < m.acc) * 100.0 / nullif(count(p.user_id), 0) / $5::int) * $5::int)::int as percentile
           from mine m left join peer_accuracy p on p.level = m.level and p.k = m.k and p.user_id <> $1
          group by m.level, m.k`,
        [userId, ranked.map((m) => m.level), ranked.map((m) => m.k), ranked.map((m) => m.r / m.n), PEER_PERCENTILE_STEP],
      )
    : [];
  const found = new Map(rows.map((r) => [`${r.level}:${r.k}`, r]));
  for (const m of mine) {
    const r = found.get(`${m.level}:${m.k}`);
    out[m.level].set(m.k, rankOf({ level: m.level, k: m.k, n: m.n, size: r?.size ?? null, percentile: r?.percentile ?? null }));
  }
  return out;
}

function rankOf(r: Row): PeerRank {
  if (r.n < PEER_MIN_ANSWERS) return { ranked: false, reason: 'own_answers' };
  if (r.size === null || r.size < PEER_MIN_CANDIDATES || r.percentile === null) return { ranked: false, reason: 'small_group' };
  return { ranked: true, percentile: r.percentile, candidates_at_least: Math.floor(r.size / PEER_GROUP_STEP) * PEER_GROUP_STEP };
}

/** For a chapter or subject the statement did not return (no answers there): not ranked. */
export const NO_RANK: PeerRank = { ranked: false, reason: 'own_answers' };

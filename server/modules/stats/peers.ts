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

/**
 * Both levels in one statement: the candidate's own counts live from their answers (an answer
 * given a second ago counts), the others' shares from peer_accuracy (refreshPeerAccuracy, as old as
 * the item statistics: at most ITEM_STATS_REFRESH_MS). The percentile is the count of others strictly
 * below the candidate over the others, read on the (level, k, acc) index.
 */
export async function peerRanks(db: Db, userId: number): Promise<Record<Level, Map<number, PeerRank>>> {
  const rows = await db.query<Row>(
    `with mine as (
       select g.chapter_id as ch, c.manual_id as man, count(*)::int as n, sum((a.outcome = 'right')::int)::int as r
         from answers a join grids g on g.id = a.grid_id join chapters c on c.id = g.chapter_id
        where a.user_id = $1 and a.outcome <> 'blank' group by 1, 2),
     mine_k as (
       select 'chapter' as level, ch as k, n, r from mine
       union all select 'manual', man, sum(n)::int, sum(r)::int from mine group by man),
     ranked as (
       select m.level, m.k, count(p.user_id)::int + 1 as size,
              count(p.user_id) filter (where p.acc < m.r::float8 / m.n)::int as below
         from mine_k m left join peer_accuracy p on p.level = m.level and p.k = m.k and p.user_id <> $1
        where m.n >= $2
        group by m.level, m.k, m.n, m.r)
     select m.level, m.k, m.n, r.size,
            (floor(r.below * 100.0 / nullif(r.size - 1, 0) / $3::int) * $3::int)::int as percentile
       from mine_k m left join ranked r on r.level = m.level and r.k = m.k`,
    [userId, PEER_MIN_ANSWERS, PEER_PERCENTILE_STEP],
  );
  const out: Record<Level, Map<number, PeerRank>> = { chapter: new Map(), manual: new Map() };
  for (const r of rows) out[r.level].set(r.k, rankOf(r));
  return out;
}

function rankOf(r: Row): PeerRank {
  if (r.n < PEER_MIN_ANSWERS) return { ranked: false, reason: 'own_answers' };
  if (r.size === null || r.size < PEER_MIN_CANDIDATES || r.percentile === null) return { ranked: false, reason: 'small_group' };
  return { ranked: true, percentile: r.percentile, candidates_at_least: Math.floor(r.size / PEER_GROUP_STEP) * PEER_GROUP_STEP };
}

/** For a chapter or subject the statement did not return (no answers there): not ranked. */
export const NO_RANK: PeerRank = { ranked: false, reason: 'own_answers' };

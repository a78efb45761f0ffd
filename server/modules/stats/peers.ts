// The candidate's percentile per chapter or subject (manual) on /statistici (issue 31 §2), in one
// statement per level: among the candidates with at least PEER_MIN_ANSWERS answers there (blank is
// no answer), by the share fully right, the share of the OTHERS strictly below the candidate.
// Only the asking candidate's row leaves the database, with the group's size; the page gets the
// percentile rounded down to PEER_PERCENTILE_STEP and the size rounded down to PEER_GROUP_STEP, and
// nothing below PEER_MIN_CANDIDATES. Computed on each GET /stats over the chapters (subjects) the
// candidate qualifies in; a precomputed table like grid_stats is the step if this grows slow.
import type { Db } from '../../db/db.ts';
import { PEER_GROUP_STEP, PEER_MIN_ANSWERS, PEER_MIN_CANDIDATES, PEER_PERCENTILE_STEP } from '../../../src/shared/item-stats.ts';
import type { PeerRank } from '../../../src/shared/stats-payloads.ts';

const KEYS = { chapter: 'g.chapter_id', manual: 'c.manual_id' } as const;

type Row = { k: number; n: number; size: number | null; percentile: number | null };

export async function peerRanks(db: Db, userId: number, level: keyof typeof KEYS): Promise<Map<number, PeerRank>> {
  const key = KEYS[level];
  const rows = await db.query<Row>(
    `with mine as (
       select ${key} as k, count(*)::int as n
         from answers a join grids g on g.id = a.grid_id join chapters c on c.id = g.chapter_id
        where a.user_id = $1 and a.outcome <> 'blank' group by 1),
     per_user as (
       select ${key} as k, a.user_id, avg((a.outcome = 'right')::int) as acc
         from answers a join grids g on g.id = a.grid_id join chapters c on c.id = g.chapter_id
        where a.outcome <> 'blank' and ${key} in (select k from mine where n >= $2)
        group by 1, 2 having count(*) >= $2),
     ranked as (
       select k, user_id, (count(*) over w)::int as size,
              (floor((rank() over (partition by k order by acc) - 1) * 100.0 / nullif(count(*) over w - 1, 0) / $3::int) * $3::int)::int as percentile
         from per_user window w as (partition by k))
     select m.k, m.n, r.size, r.percentile from mine m left join ranked r on r.k = m.k and r.user_id = $1`,
    [userId, PEER_MIN_ANSWERS, PEER_PERCENTILE_STEP],
  );
  return new Map(rows.map((r) => [r.k, rankOf(r)]));
}

function rankOf(r: Row): PeerRank {
  if (r.n < PEER_MIN_ANSWERS) return { ranked: false, reason: 'own_answers' };
  if (r.size === null || r.size < PEER_MIN_CANDIDATES || r.percentile === null) return { ranked: false, reason: 'small_group' };
  return { ranked: true, percentile: r.percentile, candidates_at_least: Math.floor(r.size / PEER_GROUP_STEP) * PEER_GROUP_STEP };
}

/** For a chapter or subject the statement did not return (no answers there): not ranked. */
export const NO_RANK: PeerRank = { ranked: false, reason: 'own_answers' };

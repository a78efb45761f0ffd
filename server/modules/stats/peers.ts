// The candidate's percentile per chapter or subject (manual) on /statistici (issue 31 §2), in one
// statement for both levels: among the candidates with at least PEER_MIN_ANSWERS answers there (blank is
// no answer), by the share fully right, the share of the OTHERS strictly below the candidate.
// Only the asking candidate's row leaves the database, with the group's size; the page gets the
// percentile rounded down to PEER_PERCENTILE_STEP and the size rounded down to PEER_GROUP_STEP, and
// nothing below PEER_MIN_CANDIDATES. Computed on each GET /stats over the subjects the candidate
// qualifies in; a precomputed table like grid_stats is the step if this grows slow.
import type { Db } from '../../db/db.ts';
import { PEER_GROUP_STEP, PEER_MIN_ANSWERS, PEER_MIN_CANDIDATES, PEER_PERCENTILE_STEP } from '../../../src/shared/item-stats.ts';
import type { PeerRank } from '../../../src/shared/stats-payloads.ts';

type Level = 'chapter' | 'manual';
type Row = { level: Level; k: number; n: number; size: number | null; percentile: number | null };

/**
 * Both levels in one pass over the answers (issue 30 §1: 600,000 answers of 5,000 candidates):
 * per (chapter, candidate) counts once, a subject's counts summed from its chapters, and the
 * percentile as the count of others strictly below the candidate (rank − 1, without sorting every
 * candidate). Only the chapters of the subjects the candidate qualifies in are read.
 */
export async function peerRanks(db: Db, userId: number): Promise<Record<Level, Map<number, PeerRank>>> {
  const rows = await db.query<Row>(
    `with mine as (
       select g.chapter_id as ch, c.manual_id as man, count(*)::int as n
         from answers a join grids g on g.id = a.grid_id join chapters c on c.id = g.chapter_id
        where a.user_id = $1 and a.outcome <> 'blank' group by 1, 2),
     mine_k as (
       select 'chapter' as level, ch as k, n from mine
       union all select 'manual', man, sum(n)::int from mine group by man),
     per_chapter as (
       select g.chapter_id as ch, c.manual_id as man, a.user_id, count(*)::int as n, sum((a.outcome = 'right')::int)::int as r
         from answers a join grids g on g.id = a.grid_id join chapters c on c.id = g.chapter_id
        where a.outcome <> 'blank' and c.manual_id in (select k from mine_k where level = 'manual' and n >= $2)
        group by 1, 2, 3),
     per_user as (
       select 'chapter' as level, ch as k, user_id, r::numeric / n as acc from per_chapter
        where n >= $2 and ch in (select k from mine_k where level = 'chapter' and n >= $2)
       union all
       select 'manual', man, user_id, sum(r)::numeric / sum(n) from per_chapter group by man, user_id having sum(n) >= $2),
     ranked as (
       select p.level, p.k, count(*)::int as size, count(*) filter (where p.acc < me.acc)::int as below
         from per_user p join per_user me on me.level = p.level and me.k = p.k and me.user_id = $1
        group by p.level, p.k)
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

// The others' side of the percentile (issue 31 §2): every candidate's share right per chapter and per
// subject, kept in peer_accuracy by the item statistics' timer, so GET /stats reads only the asking
// candidate's own answers live (issue 30 §1: the live aggregate over every candidate's answers took
// seconds at national size). Idempotent and safe with two processes at once: rows are upserted with
// this run's stamp and then the rows an earlier run left (a candidate who fell below the minimum,
// or deleted answers) are removed. Each candidate's answers per chapter are the counts the answer
// writes keep (user_chapter_answers, migration 049), not a grouping of every answer.
import type { Db } from '../../db/db.ts';
import { PEER_MIN_ANSWERS } from '../../../src/shared/item-stats.ts';

export async function refreshPeerAccuracy(db: Db): Promise<number> {
  const stamp = (await db.query<{ now: string }>('select clock_timestamp()::text as now'))[0]!.now;
  const rows = await db.query<{ n: number }>(
    `with per_chapter as (
       select u.chapter_id as ch, c.manual_id as man, u.user_id, u.answered as n, u.right_n as r
         from user_chapter_answers u join chapters c on c.id = u.chapter_id
        where u.answered > 0),
     per_user as (
       select 'chapter' as level, ch as k, user_id, n, r::float8 / n as acc from per_chapter where n >= $1
       union all
       select 'manual', man, user_id, sum(n)::int, sum(r)::float8 / sum(n) from per_chapter group by man, user_id having sum(n) >= $1),
     written as (
       insert into peer_accuracy (level, k, user_id, n, acc, computed_at)
       select level, k, user_id, n, acc, $2::timestamptz from per_user
       on conflict (level, k, user_id) do update set n = excluded.n, acc = excluded.acc, computed_at = excluded.computed_at
       returning 1)
     select count(*)::int as n from written`,
    [PEER_MIN_ANSWERS, stamp],
  );
  await db.query('delete from peer_accuracy where computed_at < $1::timestamptz', [stamp]);
  return rows[0]?.n ?? 0;
}

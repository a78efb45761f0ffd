// The one definition of "reviews due today" (issue 31 §1): the FSRS cards whose due time falls on or
// before the end of today, Bucharest calendar day, among the grids still open to this user. The plan
// counts these as today's reviews and the review page shows the same number ("N grile de recapitulat
// azi"), beside the ones due this minute.
//
// Why the end of the day and not "now": the plan is a day's work. A wrong answer returns as a card
// within minutes to hours (FSRS learning steps); leaving it out of today's plan until it falls due
// would make the plan's minutes grow during the day and the "done today" tick move backwards. The
// review page says when the first of them is due, so the two never disagree about how many there are.
import type { Db } from '../../db/db.ts';
import { allowedGrid } from '../practice/engine.ts';
import { catchUpReviews } from './deferred.ts';

const DAY = (col: string) => `to_char((${col} at time zone 'Europe/Bucharest')::date, 'YYYY-MM-DD')`;

/** FSRS cards due per Bucharest day (overdue under today), for open grids: `byDay[today]` is today's. */
export async function reviewsDueByDay(db: Db, userId: number, premium: boolean, today: string): Promise<Record<string, number>> {
  // A test finished a moment ago may still have its reviews queued (deferred.ts): count them too.
  await catchUpReviews(db, userId);
  const rows = await db.query<{ day: string; n: number }>(
    `select greatest(${DAY('s.due')}, $3) as day, count(*)::int as n
       from srs_cards s join grids g on g.id = s.grid_id
      where s.user_id = $1 and ${allowedGrid('$1', '$2')}
      group by 1`,
    [userId, premium, today],
  );
  return Object.fromEntries(rows.map((r) => [r.day, r.n]));
}

// POST /tests/weak: a tutor-mode test on the user's weakest chapters (see stats/queries.ts),
// preferring the grids not yet answered right. Fewer grids than asked is fine; none is 422.
import type { Db } from '../../db/db.ts';
import { allowedGrid, insertTest, isPremium, notEnoughGrids } from '../practice/engine.ts';
import { serializeTest } from '../practice/model.ts';
import { chapterStats, weakest } from './queries.ts';
import type { ServerTest } from '../../../src/shared/practice-payloads.ts';

const WEAK_CHAPTERS = 3;

export async function createWeakTest(db: Db, userId: number, count: number): Promise<ServerTest> {
  const chapters = weakest(await chapterStats(db, userId)).slice(0, WEAK_CHAPTERS);
  if (!chapters.length) throw notEnoughGrids(0);
  const premium = await isPremium(db, userId);
  const rows = await db.query<{ id: number }>(
    `select g.id from grids g
      where g.chapter_id = any($3::int[]) and ${allowedGrid('$1', '$2')}
      order by exists (select 1 from answers a where a.user_id = $1 and a.grid_id = g.id and a.outcome = 'right'
                        and a.answered_at = (select max(a2.answered_at) from answers a2 where a2.user_id = $1 and a2.grid_id = g.id and a2.outcome <> 'blank')),
               random()
      limit $4`,
    [userId, premium, chapters.map((c) => c.chapter_id), count],
  );
  if (!rows.length) throw notEnoughGrids(0);
  const row = await insertTest(db, {
    userId,
    mode: 'tutor',
    kind: 'weak',
    manualId: chapters[0]!.manual_id,
    filters: { chapter_ids: chapters.map((c) => c.chapter_id), count },
    gridIds: rows.map((r) => r.id),
    timeLimitS: null,
  });
  return serializeTest(row!);
}

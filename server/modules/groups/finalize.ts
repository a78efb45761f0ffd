// When a group ends (finished, or stopped while running): every member who took part gets the
// closed grids into their spaced-repetition review (review/srs.ts) — a grid they did not answer
// counts as missed (Again), as a blank in a timed group test means they did not know it in time.
// Runs once per member (group_members.reviewed_at), inside the transaction that ended the group.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { reviewAnswers, type Reviewable } from '../review/srs.ts';
import type { GridOutcome } from '../../../src/shared/scoring.ts';

export async function finalize(tx: Db, groupId: number): Promise<void> {
  const rows = await tx.query<{ user_id: number; grid_id: number; outcome: GridOutcome | null; at: Date }>(
    `select m.user_id, g.grid_id, a.outcome, coalesce(a.received_at, g.closed_at) as at
       from group_members m
       join group_test_grids g on g.group_id = m.group_id and g.closed_at is not null
       left join group_answers a on a.group_id = m.group_id and a.user_id = m.user_id and a.position = g.position
      where m.group_id = $1 and m.joined_at is not null and m.reviewed_at is null`,
    [groupId],
  );
  const byUser = new Map<number, Reviewable[]>();
  for (const r of rows) {
    const outcome: GridOutcome = !r.outcome || r.outcome === 'blank' ? 'wrong' : r.outcome;
    // The id only has to be a uuid: srs marks practice answers reviewed by id, none match here.
    const list = byUser.get(r.user_id) ?? [];
    list.push({ id: randomUUID(), grid_id: r.grid_id, outcome, answered_at: r.at });
    byUser.set(r.user_id, list);
  }
  for (const [userId, list] of byUser) await reviewAnswers(tx, userId, list);
  await tx.query('update group_members set reviewed_at = now() where group_id = $1 and joined_at is not null and reviewed_at is null', [
    groupId,
  ]);
}

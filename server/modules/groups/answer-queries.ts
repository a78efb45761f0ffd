// The answer path's two statements (answers.ts), each doing what several round trips did: it runs
// ~250 times a second with 50 groups of 10 answering together (server/bench/groups.ts), and on
// loopback each round trip costs the server a socket write and a wake-up.
import type { Db } from '../../db/db.ts';
import type { GridRule } from '../../../src/shared/scoring.ts';
import type { GroupMemberStatus } from '../../../src/shared/group-payloads.ts';

export type AnswerContext = {
  premium: boolean;
  status: GroupMemberStatus;
  existing_id: string | null;
  existing_marked: string[] | null;
  existing_at: Date | null;
  grid_id: number | null;
  correct: string[] | null;
  rule: GridRule | null;
};

/** The caller's premium flag and membership, their answer to `position` if any, and that grid's key. */
export const answerContext = (tx: Db, groupId: number, userId: number, position: number) =>
  tx.one<AnswerContext>(
    `select (u.is_admin or (u.premium_until is not null and u.premium_until > now())) as premium, m.status,
            a.id as existing_id, a.marked as existing_marked, a.received_at as existing_at,
            t.grid_id, g.correct, t.rule
       from group_members m
       join users u on u.id = m.user_id
       left join group_answers a on a.group_id = m.group_id and a.user_id = m.user_id and a.position = $3
       left join group_test_grids t on t.group_id = m.group_id and t.position = $3
       left join grids g on g.id = t.grid_id
      where m.group_id = $1 and m.user_id = $2`,
    [groupId, userId, position],
  );

export type StoredAnswer = { id: string; group_id: number; user_id: number; position: number; grid_id: number; marked: string[]; points: number; outcome: string; received_at: Date };

/**
 * Inserts the answer and counts the joined members still to answer that grid besides this one (the
 * statement's snapshot does not see its own insert). `id` is null when the uuid was already used.
 */
export const insertAnswer = (tx: Db, a: StoredAnswer) =>
  tx.one<{ id: string | null; waiting: number }>(
    `with ins as (
       insert into group_answers (id, group_id, user_id, position, grid_id, marked, points, outcome, received_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning id)
     select (select id from ins) as id,
            (select count(*)::int from group_members m
              where m.group_id = $2 and m.status = 'joined' and m.user_id <> $3
                and not exists (select 1 from group_answers x where x.group_id = $2 and x.user_id = m.user_id and x.position = $4)) as waiting`,
    [a.id, a.group_id, a.user_id, a.position, a.grid_id, a.marked, a.points, a.outcome, a.received_at],
  );

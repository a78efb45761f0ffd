// A closed grid shown whole — statement, options, key and what each member marked — for the pause
// between grids and for the results. Only closed grids (closed_at set): the open grid's key and
// the others' answers stay hidden until it closes.
import type { Db } from '../../db/db.ts';
import type { GroupReveal } from '../../../src/shared/group-payloads.ts';

type Row = Omit<GroupReveal, 'answers'>;
type AnswerRow = GroupReveal['answers'][number] & { position: number };

/** The closed grids at `positions` (all closed ones when omitted), in order. */
export async function revealGrids(db: Db, groupId: number, positions?: number[]): Promise<GroupReveal[]> {
  const only = positions ? 'and t.position = any($2::int[])' : '';
  const params = positions ? [groupId, positions] : [groupId];
  const grids = await db.query<Row>(
    `select t.position, t.grid_id, g.type, g.statement, g.options, g.correct, nullif(g.explanation, '') as explanation
       from group_test_grids t join grids g on g.id = t.grid_id
      where t.group_id = $1 and t.closed_at is not null ${only} order by t.position`,
    params,
  );
  if (!grids.length) return [];
  // Everyone who took part (joined, or left after joining), as the standings list them.
  const answers = await db.query<AnswerRow>(
    `select t.position, m.user_id, u.name, a.marked, coalesce(a.outcome, 'blank') as outcome
       from group_test_grids t
       join group_members m on m.group_id = t.group_id and m.joined_at is not null and m.status in ('joined', 'left')
       join users u on u.id = m.user_id
       left join group_answers a on a.group_id = t.group_id and a.user_id = m.user_id and a.position = t.position
      where t.group_id = $1 and t.position = any($2::int[])
      order by t.position, u.name, m.user_id`,
    [groupId, grids.map((g) => g.position)],
  );
  const byPosition = new Map<number, GroupReveal['answers']>();
  for (const { position, ...a } of answers) {
    const list = byPosition.get(position) ?? [];
    list.push(a);
    byPosition.set(position, list);
  }
  return grids.map((g) => ({ ...g, answers: byPosition.get(g.position) ?? [] }));
}

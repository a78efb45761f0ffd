// PUT /groups/:hash/answers/:position — one answer per member per grid, only while that grid is
// open (clock.ts: received by the server before closes_at + grace). The client's uuid makes a
// retry after a network drop the same answer; a second, different answer is 409. The points are
// stored now but shown to nobody until the grid closes.
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { gridOutcome, scoreGrid, type GridRule } from '../../../src/shared/scoring.ts';
import type { GroupAnswerBody } from '../../../src/shared/group-schema.ts';
import { requireMember, requireNotEnded, requirePremium, withGroup } from './access.ts';
import { advance, groupClock } from './clock.ts';
import { lockGroup } from './queries.ts';

export type AnswerAck = { position: number; marked: string[]; received_at: string; id: string };

export async function answer(
  app: FastifyInstance,
  userId: number,
  hash: string,
  position: number,
  body: GroupAnswerBody,
): Promise<AnswerAck> {
  await requirePremium(app.db, userId);
  return withGroup(app, hash, async (l) => {
    const { tx, g } = l;
    const m = await requireMember(tx, g, userId);
    if (m.status !== 'joined') throw forbidden('FORM_FORBIDDEN');
    requireNotEnded(g);
    if (g.status !== 'running' || g.position === null) throw conflict('FORM_TEST_INVALID_STATUS');
    const existing = await tx.one<{ id: string; marked: string[]; received_at: Date }>(
      'select id, marked, received_at from group_answers where group_id = $1 and user_id = $2 and position = $3',
      [g.id, userId, position],
    );
    // The same answer again (a retry whose first reply was lost): the same acknowledgement.
    if (existing && existing.id === body.id)
      return { id: existing.id, position, marked: existing.marked, received_at: new Date(existing.received_at).toISOString() };
    if (existing) throw conflict('FORM_GRID_ALREADY_RESPONDED');
    if (position < g.position) throw conflict('FORM_TEST_TIME_EXPIRED');
    if (position > g.position) throw badRequest('FIELD_INVALID', 'position');
    const grid = await tx.one<{ grid_id: number; correct: string[]; rule: GridRule }>(
      `select t.grid_id, g.correct, t.rule from group_test_grids t join grids g on g.id = t.grid_id
        where t.group_id = $1 and t.position = $2`,
      [g.id, position],
    );
    const marked = [...body.marked].sort();
    const s = scoreGrid({ correct: grid!.correct }, marked, grid!.rule);
    const at = new Date(groupClock.now());
    const row = await tx.one<{ id: string }>(
      `insert into group_answers (id, group_id, user_id, position, grid_id, marked, points, outcome, received_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning id`,
      [body.id, g.id, userId, position, grid!.grid_id, marked, s.points, gridOutcome(grid!.correct, marked), at],
    );
    // The uuid was already used (another grid, another member): not this answer.
    if (!row) throw badRequest('FORM_UUID_INVALID', 'id');
    l.events.push({ type: 'answered', user_id: userId, position });
    await advance(tx, (await lockGroup(tx, hash))!, l.events);
    return { id: body.id, position, marked, received_at: at.toISOString() };
  });
}

// PUT /groups/:hash/answers/:position — one answer per member per grid, only while that grid is
// open (clock.ts: received by the server before closes_at + grace). The client's uuid makes a
// retry after a network drop the same answer; a second, different answer is 409. The points are
// stored now but shown to nobody until the grid closes. The last member's answer closes the grid
// in the same transaction (the standings event goes out after the commit).
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { gridOutcome, scoreGrid } from '../../../src/shared/scoring.ts';
import type { GroupAnswerBody } from '../../../src/shared/group-schema.ts';
import { requireNotEnded, requirePremium, withGroup } from './access.ts';
import { closeGrid, groupClock, pausedAt } from './clock.ts';
import { answerContext, insertAnswer } from './answer-queries.ts';

export type AnswerAck = { position: number; marked: string[]; received_at: string; id: string };

export async function answer(
  app: FastifyInstance,
  userId: number,
  hash: string,
  position: number,
  body: GroupAnswerBody,
): Promise<AnswerAck> {
  return withGroup(app, hash, async (l) => {
    const { tx, g } = l;
    const c = await answerContext(tx, g.id, userId, position);
    // The gates in the order of every group endpoint: premium, then member (another's group is 404), kicked.
    if (!c) {
      await requirePremium(tx, userId);
      throw notFound('FORM_TEST_NOT_FOUND');
    }
    if (!c.premium) throw forbidden('FORM_GROUP_NOT_PREMIUM');
    if (c.status === 'kicked') throw forbidden('FORM_GROUP_KICKED_OUT');
    if (c.status !== 'joined') throw forbidden('FORM_FORBIDDEN');
    requireNotEnded(g);
    if (g.status !== 'running' || g.position === null) throw conflict('FORM_TEST_INVALID_STATUS');
    // The same answer again (a retry whose first reply was lost): the same acknowledgement.
    if (c.existing_id && c.existing_id === body.id)
      return { id: c.existing_id, position, marked: c.existing_marked!, received_at: new Date(c.existing_at!).toISOString() };
    if (c.existing_id) throw conflict('FORM_GRID_ALREADY_RESPONDED');
    // An earlier grid (an answer held during a network drop): said as such, not as the test's time.
    if (position < g.position) throw conflict('FORM_GROUP_GRID_CLOSED');
    if (position > g.position || c.grid_id === null) throw badRequest('FIELD_INVALID', 'position');
    const now = groupClock.now();
    // The pause before this grid: it is not shown yet, so it takes no answer.
    if (pausedAt(g, now)) throw conflict('FORM_TEST_INVALID_STATUS');
    const marked = [...body.marked].sort();
    const s = scoreGrid({ correct: c.correct! }, marked, c.rule!);
    const at = new Date(now);
    const outcome = gridOutcome(c.correct!, marked);
    const row = await insertAnswer(tx, { id: body.id, group_id: g.id, user_id: userId, position, grid_id: c.grid_id, marked, points: s.points, outcome, received_at: at });
    // The uuid was already used (another grid, another member): not this answer.
    if (!row?.id) throw badRequest('FORM_UUID_INVALID', 'id');
    l.events.push({ type: 'answered', user_id: userId, position });
    if (row.waiting === 0) await closeGrid(tx, g, at, l.events);
    return { id: body.id, position, marked, received_at: at.toISOString() };
  });
}

// "Retestează ce a greșit grupul": a practice test (practice/create.ts) of the grids at least one
// member did not get right, for the caller, in the group's order. Only after the group ended.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { createTest } from '../practice/create.ts';
import type { ServerTest } from '../../../src/shared/practice-payloads.ts';
import { groupResults } from './state.ts';
import { groupByHash } from './queries.ts';

export async function retestMissed(app: FastifyInstance, userId: number, hash: string): Promise<ServerTest> {
  const results = await groupResults(app, userId, hash);
  const g = await groupByHash(app.db, hash);
  const ids = results.missed_by_group;
  if (!ids.length || !g?.manual_id) throw badRequest('FORM_NOT_ENOUGH_GRIDS');
  const { test } = await createTest(app.db, userId, { manual_id: g.manual_id, count: ids.length, grid_ids: ids, mode: 'exam' });
  return test;
}

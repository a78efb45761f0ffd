// Deleting an authored grid never changes another candidate's finished test.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser } from './learning-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('unpublishes instead of deleting a grid someone has answered', async () => {
  const author = await makeUser(t.db, { name: 'Ionescu Dan' });
  const candidate = await makeUser(t.db);
  const { manualId, chapterIds, gridIds } = await makeContent(t.db, [[{ authorId: author.id }]]);
  const gridId = gridIds[0]![0]!;

  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tests',
    headers: candidate.auth,
    payload: { manual_id: manualId, chapter_ids: chapterIds, count: 1, mode: 'exam' },
  });
  expect(created.statusCode).toBe(201);
  const testId = created.json().test.id as string;
  const answer = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/tests/${testId}/answers/${gridId}`,
    headers: candidate.auth,
    payload: { id: crypto.randomUUID(), marked: ['B'] },
  });
  expect(answer.statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: `/api/v1/tests/${testId}/finish`, headers: candidate.auth })).statusCode).toBe(200);

  const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/grids/${gridId}`, headers: author.auth });
  expect(del.json()).toEqual({ success: 'GRID_DELETED' });
  const mine = await t.app.inject({ method: 'GET', url: '/api/v1/grids/mine', headers: author.auth });
  expect(JSON.stringify(mine.json())).not.toContain(`"id":${gridId},`);

  const results = await t.app.inject({ method: 'GET', url: `/api/v1/tests/${testId}/results`, headers: candidate.auth });
  expect(results.statusCode).toBe(200);
  expect(JSON.stringify(results.json())).toContain(`${gridId}`);
  const row = await t.db.one<{ n: number }>('select count(*)::int as n from answers where grid_id = $1', [gridId]);
  expect(row!.n).toBe(1);
});

it('really deletes a grid nobody has answered', async () => {
  const author = await makeUser(t.db, { name: 'Ionescu Dan' });
  const { gridIds } = await makeContent(t.db, [[{ authorId: author.id }]]);
  const gridId = gridIds[0]![0]!;
  const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/grids/${gridId}`, headers: author.auth });
  expect(del.json()).toEqual({ success: 'GRID_DELETED' });
  expect(await t.db.one('select id from grids where id = $1', [gridId])).toBeUndefined();
});

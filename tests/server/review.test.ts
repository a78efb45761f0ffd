import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';

let t: TestApp;
let manualId: number;

beforeAll(async () => {
  t = await createTestApp();
  const c = await makeContent(t.db, [
    [...repeat(3, { type: 'CM' as const }), ...repeat(2, { type: 'CS' as const, premium: true })],
  ]);
  manualId = c.manualId;
});
afterAll(() => t.close());

const call = (u: FixtureUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: u.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();

type Card = { grid_id: number; due: Date; state: { reps: number; state: number; last_review: string } };
const cards = (u: FixtureUser) =>
  t.db.query<Card>('select grid_id, due, state from srs_cards where user_id = $1 order by grid_id', [u.id]);

async function newTest(u: FixtureUser, mode: 'tutor' | 'exam') {
  const id = (await call(u, 'POST', '/tests', { manual_id: manualId, count: 3, mode })).json().test
    .id as string;
  const grids = (await call(u, 'GET', `/tests/${id}`)).json().grids as Array<{ id: number }>;
  return { id, grids: grids.map((g) => g.id) };
}

describe('spaced repetition', () => {
  it('tutor answers schedule cards at once: wrong → Again, partial → Hard, right → Good', async () => {
    const u = await makeUser(t.db);
    const { id, grids } = await newTest(u, 'tutor');
    const put = (g: number, marked: string[]) =>
      call(u, 'PUT', `/tests/${id}/answers/${g}`, { id: randomUUID(), marked, answered_at: ago(300) });
    await put(grids[0]!, ['B']); // wrong
    await put(grids[1]!, ['A']); // partial
    await put(grids[2]!, ['A', 'C']); // right
    const rows = await cards(u);
    expect(rows).toHaveLength(3);
    const due = new Map(rows.map((r) => [r.grid_id, +new Date(r.due)]));
    const base = Date.now() - 300_000;
    // FSRS default learning steps (1m, 10m): Again → +1 min, Hard → +6 min, Good → +10 min, from the answer time
    expect(Math.round((due.get(grids[0]!)! - base) / 60_000)).toBe(1);
    expect(Math.round((due.get(grids[1]!)! - base) / 60_000)).toBe(6);
    expect(Math.round((due.get(grids[2]!)! - base) / 60_000)).toBe(10);
    // a retry of the same answer does not review twice
    await call(u, 'PUT', `/tests/${id}/answers/${grids[2]}`, {
      id: randomUUID(),
      marked: ['C', 'A'],
      flagged: true,
    });
    expect((await cards(u)).every((c) => c.state.reps === 1)).toBe(true);

    const review = await call(u, 'GET', '/review');
    expect(review.statusCode).toBe(200);
    expect(review.json()).toMatchObject({ due_count: 1, total_cards: 3 });
    expect(Math.round((Date.parse(review.json().next_due) - base) / 60_000)).toBe(6);

    const res = await call(u, 'POST', '/review/test', {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: 'TEST_CREATED',
      test: { mode: 'tutor', kind: 'review', grid_count: 1 },
    });
    const g = (await call(u, 'GET', `/tests/${res.json().test.id}`)).json().grids;
    expect(g.map((x: { id: number }) => x.id)).toEqual([grids[0]]);
    // answering it right now moves the card forward (relearning → Good)
    await call(u, 'PUT', `/tests/${res.json().test.id}/answers/${grids[0]}`, {
      id: randomUUID(),
      marked: ['A', 'C'],
    });
    const after = (await cards(u)).find((c) => c.grid_id === grids[0])!;
    expect(after.state.reps).toBe(2);
    expect(+new Date(after.due)).toBeGreaterThan(Date.now());
    expect((await call(u, 'GET', '/review')).json().due_count).toBe(0);
  });
  it('exam answers are scheduled when the test ends, not while it runs', async () => {
    const u = await makeUser(t.db);
    const { id, grids } = await newTest(u, 'exam');
    await call(u, 'PUT', `/tests/${id}/answers/${grids[0]}`, {
      id: randomUUID(),
      marked: ['B'],
      answered_at: ago(86400),
    });
    await call(u, 'PUT', `/tests/${id}/answers/${grids[1]}`, {
      id: randomUUID(),
      marked: ['A', 'C'],
      answered_at: ago(86400),
    });
    expect(await cards(u)).toHaveLength(0);
    await call(u, 'POST', `/tests/${id}/finish`);
    expect(await cards(u)).toHaveLength(2);
    expect((await call(u, 'GET', '/review')).json()).toMatchObject({ due_count: 2, total_cards: 2 });
    const res = await call(u, 'POST', '/review/test', { count: 1 });
    expect(res.json().test.grid_count).toBe(1);
  });
  it('no due card → 422 FORM_NOT_ENOUGH_GRIDS', async () => {
    const u = await makeUser(t.db);
    expect((await call(u, 'GET', '/review')).json()).toEqual({
      due_count: 0,
      due_today: 0,
      total_cards: 0,
      next_due: null,
    });
    const res = await call(u, 'POST', '/review/test', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { general: ['FORM_NOT_ENOUGH_GRIDS'] }, available: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/review' })).statusCode).toBe(401);
  });
});

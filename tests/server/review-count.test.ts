// Issue 11 §4.8: the review offers N grids (GET /review → due_count) and builds a test of N.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';

let t: TestApp;
let manualId: number;

beforeAll(async () => {
  t = await createTestApp();
  manualId = (await makeContent(t.db, [[...repeat(6, { type: 'CS' as const })]])).manualId;
});
afterAll(() => t.close());

const call = (u: FixtureUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u.auth, ...(payload ? { payload } : {}) });

/** Answers `n` grids wrong in tutor mode five minutes ago: their cards are due now. */
async function wrongCards(u: FixtureUser, n: number): Promise<number[]> {
  const id = (await call(u, 'POST', '/tests', { manual_id: manualId, count: n, mode: 'tutor' })).json().test.id as string;
  const grids = ((await call(u, 'GET', `/tests/${id}`)).json().grids as { id: number }[]).map((g) => g.id);
  const at = new Date(Date.now() - 300_000).toISOString();
  for (const g of grids) {
    const res = await call(u, 'PUT', `/tests/${id}/answers/${g}`, { id: randomUUID(), marked: ['E'], answered_at: at });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return grids;
}

async function offerAndBuild(u: FixtureUser) {
  const offered = (await call(u, 'GET', '/review')).json().due_count as number;
  // The app sends the count it showed on the button (Review.tsx, Hub.tsx).
  const res = await call(u, 'POST', '/review/test', { count: offered });
  expect(res.statusCode, res.body).toBe(201);
  return { offered, built: res.json().test.grid_count as number };
}

describe('review test size', () => {
  it('does not offer grids the test cannot include (unpublished since)', async () => {
    const u = await makeUser(t.db);
    const grids = await wrongCards(u, 4);
    await t.db.query('update grids set is_published = false where id = $1', [grids[0]]);
    const { offered, built } = await offerAndBuild(u);
    expect(offered).toBe(3);
    expect(built).toBe(offered);
    await t.db.query('update grids set is_published = true where id = $1', [grids[0]]);
  });

  it('a card falling due between the offer and the click does not grow the test', async () => {
    const u = await makeUser(t.db);
    const grids = await wrongCards(u, 4);
    await t.db.query(`update srs_cards set due = now() + interval '1 minute' where user_id = $1 and grid_id = $2`, [u.id, grids[3]]);
    const offered = (await call(u, 'GET', '/review')).json().due_count as number;
    expect(offered).toBe(3);
    await t.db.query(`update srs_cards set due = now() - interval '1 second' where user_id = $1 and grid_id = $2`, [u.id, grids[3]]);
    const res = await call(u, 'POST', '/review/test', { count: offered });
    expect(res.json().test.grid_count).toBe(offered);
  });
});

// Issue 11 §4.7: the results and the ranking show the same total time for the same test, from
// one definition on the server (finished_at − started_at, see totalTimeS in practice/results.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';

let t: TestApp;
let a: FixtureUser;
let b: FixtureUser;
let content: Awaited<ReturnType<typeof makeContent>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await makeUser(t.db, { name: 'Ionescu Maria' });
  b = await makeUser(t.db, { name: 'Georgescu Dan' });
  content = await makeContent(t.db, [[...repeat(5, { type: 'CS' as const })]]);
});
afterAll(() => t.close());

const req = (u: FixtureUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u.auth, ...(payload ? { payload } : {}) });

/** A finished test of the chapter's 5 grids, started `ago` seconds ago, with 4 s spent per answered grid. */
async function finishedTest(u: FixtureUser, ago: number): Promise<string> {
  const res = await req(u, 'POST', '/tests', { manual_id: content.manualId, chapter_ids: [], count: 5, mode: 'exam' });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().test.id as string;
  const grids = (await req(u, 'GET', `/tests/${id}`)).json().grids as { id: number }[];
  for (const g of grids.slice(0, 3)) {
    const put = await req(u, 'PUT', `/tests/${id}/answers/${g.id}`, { id: randomUUID(), marked: ['B'], time_ms: 4000 });
    expect(put.statusCode, put.body).toBeLessThan(300);
  }
  await t.db.query(`update tests set started_at = now() - make_interval(secs => $2) where id = $1`, [id, ago]);
  expect((await req(u, 'POST', `/tests/${id}/finish`)).statusCode).toBe(200);
  return id;
}

describe('total time of a test', () => {
  it('is the same in the results and in the ranking (finished_at − started_at)', async () => {
    await finishedTest(b, 300);
    const id = await finishedTest(a, 125);
    const results = await req(a, 'GET', `/tests/${id}/results`);
    const ranking = await req(a, 'GET', `/tests/${id}/ranking`);
    expect(results.statusCode).toBe(200);
    expect(ranking.statusCode).toBe(200);
    const fromResults = results.json().total_time_s as number;
    const mine = (ranking.json().entries as { is_me: boolean; duration_s: number }[]).find((e) => e.is_me)!;
    // Not the sum of the answer times (3 × 4 s): the wall-clock time of the test.
    expect(fromResults).toBeGreaterThanOrEqual(125);
    expect(fromResults).toBeLessThan(135);
    expect(mine.duration_s).toBe(fromResults);
    // The other candidate's time follows the same definition.
    const other = (ranking.json().entries as { is_me: boolean; duration_s: number }[]).find((e) => !e.is_me)!;
    expect(other.duration_s).toBeGreaterThanOrEqual(300);
  });
});

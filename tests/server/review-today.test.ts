// Issue 31 §1: the plan's reviews for today and the review page agree (one definition,
// server/modules/review/due.ts). Wrong answers become cards due minutes later; the plan counts them
// in today's work and GET /review says how many are due later today (due_today) and when the first
// is (next_due), while due_count stays "due now" (what a review test can hold this minute).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { addDays, bucharestDate } from '../../src/shared/plan/index.ts';
import type { PlanResponse } from '../../src/shared/plan-payloads.ts';
import type { ReviewQueue } from '../../src/shared/practice-payloads.ts';

let t: TestApp;
let manualId: number;

beforeAll(async () => {
  t = await createTestApp();
  manualId = (await makeContent(t.db, [[...repeat(8, { type: 'CS' as const })]])).manualId;
});
afterAll(() => t.close());

const call = (u: FixtureUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u.auth, ...(payload ? { payload } : {}) });

async function wrongAnswers(u: FixtureUser, n: number): Promise<number[]> {
  const id = (await call(u, 'POST', '/tests', { manual_id: manualId, count: n, mode: 'tutor' })).json().test.id as string;
  const grids = ((await call(u, 'GET', `/tests/${id}`)).json().grids as { id: number }[]).map((g) => g.id);
  for (const g of grids) {
    const res = await call(u, 'PUT', `/tests/${id}/answers/${g}`, { id: randomUUID(), marked: ['E'] });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return grids;
}

const planReviewsToday = async (u: FixtureUser) => {
  const plan = (await call(u, 'GET', '/plan')).json<PlanResponse>().plan;
  const item = plan.days[0]?.items.find((i) => i.kind === 'reviews');
  return item?.kind === 'reviews' ? item.count - item.done_count : 0;
};

describe('today’s reviews: plan and review page', () => {
  it('cards due later today are counted by both; a card due tomorrow by neither', async () => {
    const u = await makeUser(t.db);
    const today = bucharestDate();
    const put = await call(u, 'PUT', '/plan/settings', {
      centres: [{ slug: 'timisoara', exam_date: addDays(today, 60) }],
      week_minutes: [120, 120, 120, 120, 120, 120, 120],
      reminder_hour: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    const grids = await wrongAnswers(u, 4);
    // Later today (a minute from now, unless that is already tomorrow in Bucharest), and one tomorrow.
    const soon = new Date(Date.now() + 60_000);
    const later = bucharestDate(soon) === today ? soon : new Date(Date.now() + 1_000);
    await t.db.query('update srs_cards set due = $3 where user_id = $1 and grid_id = any($2::int[])', [u.id, grids.slice(0, 3), later]);
    await t.db.query(`update srs_cards set due = now() + interval '2 days' where user_id = $1 and grid_id = $2`, [u.id, grids[3]]);

    const queue = (await call(u, 'GET', '/review')).json<ReviewQueue>();
    expect(queue.due_count).toBe(0);
    expect(queue.due_today).toBe(3);
    expect(new Date(queue.next_due!).getTime()).toBe(later.getTime());
    expect(await planReviewsToday(u)).toBe(queue.due_today);
  });

  it('cards due now are in both counts, and due_count stays what a test can hold now', async () => {
    const u = await makeUser(t.db);
    await call(u, 'PUT', '/plan/settings', {
      centres: [{ slug: 'timisoara', exam_date: addDays(bucharestDate(), 60) }],
      week_minutes: [120, 120, 120, 120, 120, 120, 120],
      reminder_hour: null,
    });
    const grids = await wrongAnswers(u, 2);
    await t.db.query(`update srs_cards set due = now() - interval '1 hour' where user_id = $1`, [u.id]);
    const queue = (await call(u, 'GET', '/review')).json<ReviewQueue>();
    expect(queue.due_count).toBe(2);
    expect(queue.due_today).toBe(2);
    expect(await planReviewsToday(u)).toBe(2);
    // Reviewed: nothing due now nor in the plan's rest of today.
    const res = await call(u, 'POST', '/review/test', { count: queue.due_count });
    expect(res.statusCode, res.body).toBe(201);
    const test = res.json().test as { id: string };
    for (const g of grids) await call(u, 'PUT', `/tests/${test.id}/answers/${g}`, { id: randomUUID(), marked: ['A'] });
    await t.db.query(`update srs_cards set due = now() + interval '3 days' where user_id = $1`, [u.id]);
    const after = (await call(u, 'GET', '/review')).json<ReviewQueue>();
    expect(after.due_today).toBe(0);
    expect(await planReviewsToday(u)).toBe(0);
  });
});

// A finish's spaced-repetition reviews leave the request (issue 32 §6, server/modules/review/
// deferred.ts): with REVIEW_QUEUE on, POST /tests/:id/finish answers the grade and score at once and
// a pg-boss job — taken by either of two processes on one database — reviews the answers once; the
// user's next review read makes good a review still pending; racing reviewers apply it once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db.ts';
import { buildTestApp, openTestDb } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { finish } from '../../server/modules/practice/service.ts';
import { catchUpReviews, reviewPendingTest } from '../../server/modules/review/deferred.ts';

let opened: Awaited<ReturnType<typeof openTestDb>>;
let db: Db;
let a: FastifyInstance;
let b: FastifyInstance;
let manualId: number;
// A queue schema of this file's own: on PostgreSQL other files' queues live in the same database.
const jobs = `jobs_${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  opened = await openTestDb();
  db = opened.db;
  const env = { JOBS_SCHEMA: jobs, REVIEW_QUEUE: 'true' };
  a = (await buildTestApp(db, env)).app;
  b = (await buildTestApp(db, env)).app;
  await Promise.all([a.ready(), b.ready()]);
  // CS grids with the key B: answering B is right, D wrong.
  manualId = (await makeContent(db, [repeat(6, { type: 'CS' as const })])).manualId;
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await db?.exec(`drop schema if exists ${jobs} cascade`);
  await opened?.close();
});

const call = (app: FastifyInstance, u: FixtureUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url: `/api/v1${url}`, headers: u.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

/** An exam test of 6 grids: the first `right` answered B (right), the rest D (wrong). */
async function answeredTest(u: FixtureUser, right: number): Promise<{ id: string; grids: number[] }> {
  const id = (await call(a, u, 'POST', '/tests', { manual_id: manualId, count: 6, mode: 'exam' })).json().test.id as string;
  const grids = ((await call(a, u, 'GET', `/tests/${id}`)).json().grids as Array<{ id: number }>).map((g) => g.id);
  for (const [i, g] of grids.entries()) {
    const r = await call(a, u, 'PUT', `/tests/${id}/answers/${g}`, { id: randomUUID(), marked: [i < right ? 'B' : 'D'] });
    expect(r.statusCode).toBe(200);
  }
  return { id, grids };
}

const cards = (u: FixtureUser) =>
  db.query<{ grid_id: number; reps: number }>(
    `select grid_id, (state->>'reps')::int as reps from srs_cards where user_id = $1 order by grid_id`,
    [u.id],
  );
const pending = async (id: string) => (await db.one<{ p: boolean }>('select reviews_pending as p from tests where id = $1', [id]))!.p;
const unreviewed = async (id: string) =>
  (await db.one<{ n: number }>('select count(*)::int as n from answers where test_id = $1 and reviewed_at is null', [id]))!.n;

describe('the finish defers its reviews to the queue', () => {
  it('answers the grade and score at once; the job reviews every answer once', async () => {
    const u = await makeUser(db);
    const test = await answeredTest(u, 4);
    const res = await call(a, u, 'POST', `/tests/${test.id}/finish`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.test.status).toBe('finished');
    expect(body.result.counts).toMatchObject({ right: 4, wrong: 2 });
    expect(body.result.score).toBe(body.test.score);
    // Either process's worker takes the job; wait for the mark to clear (the job's own commit).
    await vi.waitFor(async () => expect(await pending(test.id)).toBe(false), { timeout: 20_000, interval: 100 });
    expect(await unreviewed(test.id)).toBe(0);
    const c = await cards(u);
    expect(c.map((x) => x.grid_id)).toEqual([...test.grids].sort((x, y) => x - y));
    expect(c.every((x) => x.reps === 1)).toBe(true);
    // The stored result is the one answered.
    const row = await db.one<{ score: number; grade: number }>('select score, grade from tests where id = $1', [test.id]);
    expect([row!.score, row!.grade]).toEqual([body.result.score, body.result.grade]);
  });

  it('a review still pending is made good by the next review read, before it counts the cards', async () => {
    const u = await makeUser(db);
    const test = await answeredTest(u, 2);
    // Finished as the route does, but with no job queued (a process that died before sending it).
    const out = await finish(db, u.id, test.id, true);
    expect(out.result.counts).toMatchObject({ right: 2, wrong: 4 });
    expect(await pending(test.id)).toBe(true);
    expect(await cards(u)).toEqual([]);
    const review = (await call(b, u, 'GET', '/review')).json();
    expect(review.total_cards).toBe(6);
    expect(await pending(test.id)).toBe(false);
    expect((await cards(u)).every((x) => x.reps === 1)).toBe(true);
  });

  it('racing reviewers (jobs redelivered, two processes, a read) review a test exactly once', async () => {
    const u = await makeUser(db);
    const first = await answeredTest(u, 3);
    const second = await answeredTest(u, 6);
    await finish(db, u.id, first.id, true);
    await finish(db, u.id, second.id, true);
    const another = (await opened.another()) ?? db;
    try {
      const runs = await Promise.all([
        reviewPendingTest(db, first.id),
        reviewPendingTest(another, first.id),
        reviewPendingTest(db, second.id),
        reviewPendingTest(another, second.id),
        reviewPendingTest(db, first.id),
        catchUpReviews(another, u.id).then(() => false),
      ]);
      // Each test reviewed by exactly one of the calls that named it (the read may have taken either).
      const byTest = [runs[0], runs[1], runs[4]].filter(Boolean).length + [runs[2], runs[3]].filter(Boolean).length;
      expect(byTest).toBeLessThanOrEqual(2);
      expect(await pending(first.id)).toBe(false);
      expect(await pending(second.id)).toBe(false);
    } finally {
      if (another !== db) await another.close();
    }
    // The two tests share grids (6 of 6): each card saw two reviews, one per test, not more.
    const c = await cards(u);
    expect(c).toHaveLength(6);
    expect(c.every((x) => x.reps === 2)).toBe(true);
    expect(await unreviewed(first.id)).toBe(0);
    expect(await unreviewed(second.id)).toBe(0);
    // Nothing left: a late job finds nothing to do.
    expect(await reviewPendingTest(db, first.id)).toBe(false);
  });
});

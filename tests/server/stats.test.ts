import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeGrids, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';

let t: TestApp;
let u: FixtureUser;
let m1: Awaited<ReturnType<typeof makeContent>>;
let m2: Awaited<ReturnType<typeof makeContent>>;
const twoDaysAgo = new Date(Date.now() - 2 * 86400_000);
const hourAgo = new Date(Date.now() - 3600_000);
const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(d);
const nonRight: number[] = [];

const call = (who: FixtureUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function test(
  manualId: number,
  chapterId: number,
  count: number,
): Promise<{ id: string; grids: number[] }> {
  const res = await call(u, 'POST', '/tests', {
    manual_id: manualId,
    chapter_ids: [chapterId],
    count,
    mode: 'exam',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().test.id as string;
  const grids = (await call(u, 'GET', `/tests/${id}`)).json().grids as Array<{ id: number }>;
  return { id, grids: grids.map((g) => g.id) };
}
const put = (id: string, g: number, marked: string[], time_ms: number, at: Date) =>
  call(u, 'PUT', `/tests/${id}/answers/${g}`, {
    id: randomUUID(),
    marked,
    time_ms,
    answered_at: at.toISOString(),
  });

beforeAll(async () => {
  t = await createTestApp();
  u = await makeUser(t.db);
  // manual 1: chapter 1 = 6 CS (B), chapter 2 = 6 CM (A,C); manual 2: chapter 3 = 2 CS
  m1 = await makeContent(t.db, [repeat(6, { type: 'CS' as const }), repeat(6, { type: 'CM' as const })]);
  m2 = await makeContent(t.db, [repeat(2, { type: 'CS' as const })]);

  const t1 = await test(m1.manualId, m1.chapterIds[0]!, 6); // 5 right, 1 wrong, 1 s each, two days ago
  for (const [i, g] of t1.grids.entries()) await put(t1.id, g, i < 5 ? ['B'] : ['C'], 1000, twoDaysAgo);
  nonRight.push(t1.grids[5]!);
  await call(u, 'POST', `/tests/${t1.id}/finish`);

  const t2 = await test(m1.manualId, m1.chapterIds[1]!, 6); // 1 right, 1 partial, 4 wrong, 3 s each, an hour ago
  for (const [i, g] of t2.grids.entries())
    await put(t2.id, g, i === 0 ? ['A', 'C'] : i === 1 ? ['A'] : ['B'], 3000, hourAgo);
  nonRight.push(...t2.grids.slice(1));
  await call(u, 'POST', `/tests/${t2.id}/finish`);

  const t3 = await test(m2.manualId, m2.chapterIds[0]!, 2); // 1 right (2 s), 1 only flagged (blank: not counted)
  await put(t3.id, t3.grids[0]!, ['B'], 2000, hourAgo);
  await call(u, 'PUT', `/tests/${t3.id}/answers/${t3.grids[1]}`, {
    id: randomUUID(),
    marked: [],
    flagged: true,
    time_ms: 9000,
  });
});
afterAll(() => t.close());

describe('GET /stats', () => {
  it('computes totals, per manual, per chapter, per day and the weakest chapters', async () => {
    const res = await call(u, 'GET', '/stats');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.totals).toEqual({
      tests: 3,
      tests_finished: 2,
      tests_unfinished: 1,
      tests_abandoned: 0,
      grids_answered: 13,
      right: 7,
      partial: 1,
      wrong: 5,
      correct_pct: 53.8, // 7 / 13
      avg_time_ms: 2000, // (6 × 1000 + 6 × 3000 + 2000) / 13
      total_time_ms: 26000,
    });
    expect(s.manuals).toEqual([
      expect.objectContaining({
        manual_id: m1.manualId,
        answered: 12,
        right: 6,
        partial: 1,
        wrong: 5,
        correct_pct: 50,
      }),
      expect.objectContaining({ manual_id: m2.manualId, answered: 1, right: 1, correct_pct: 100 }),
    ]);
    expect(
      s.chapters.map((c: { chapter_id: number; answered: number; correct_pct: number }) => [
        c.chapter_id,
        c.answered,
        c.correct_pct,
      ]),
    ).toEqual([
      [m1.chapterIds[0], 6, 83.3],
      [m1.chapterIds[1], 6, 16.7],
      [m2.chapterIds[0], 1, 100],
    ]);
    // chapter 3 has fewer than 5 answers: not eligible; chapter 1 at 83,3 % is not weak (≥ 80 %)
    expect(s.weakest_chapters.map((c: { chapter_id: number }) => c.chapter_id)).toEqual([m1.chapterIds[1]]);
    expect(s.weak_min_answered).toBe(5);
    expect(s.weak_below_pct).toBe(80);
    const days = new Map<string, { answered: number; right: number }>();
    const add = (d: Date, answered: number, right: number) => {
      const k = day(d);
      const prev = days.get(k) ?? { answered: 0, right: 0 };
      days.set(k, { answered: prev.answered + answered, right: prev.right + right });
    };
    add(twoDaysAgo, 6, 5);
    add(hourAgo, 7, 2);
    expect(s.progress).toEqual(
      [...days.entries()].map(([d, v]) => ({
        day: d,
        answered: v.answered,
        right: v.right,
        correct_pct: Math.round((v.right / v.answered) * 1000) / 10,
      })),
    );
  });
  it('is empty for a new user and needs authentication', async () => {
    const fresh = await makeUser(t.db);
    const s = (await call(fresh, 'GET', '/stats')).json();
    expect(s.totals).toMatchObject({ tests: 0, grids_answered: 0, correct_pct: 0, avg_time_ms: null });
    expect(s.chapters).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/stats' })).statusCode).toBe(401);
  });
  it('counts only the caller', async () => {
    const other = await makeUser(t.db);
    expect((await call(other, 'GET', '/stats')).json().totals.grids_answered).toBe(0);
  });
});

describe('POST /tests/weak', () => {
  it('builds a tutor test from the weakest chapters, grids not yet answered right first', async () => {
    const res = await call(u, 'POST', '/tests/weak', { count: 4 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: 'TEST_CREATED',
      test: { mode: 'tutor', kind: 'weak', grid_count: 4 },
    });
    const grids = (await call(u, 'GET', `/tests/${res.json().test.id}`)).json().grids as Array<{
      id: number;
    }>;
    for (const g of grids) expect(nonRight).toContain(g.id);
    // asking for more than exists gives what exists: the 6 grids of the one weak chapter (the
    // chapter at 83,3 % is not weak, ≥ WEAK_BELOW_PCT)
    const all = await call(u, 'POST', '/tests/weak', { count: 50 });
    expect(all.json().test.grid_count).toBe(6);
  });
  it('without enough answered grids → 422 FORM_NOT_ENOUGH_GRIDS', async () => {
    const fresh = await makeUser(t.db);
    const res = await call(fresh, 'POST', '/tests/weak', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.general).toEqual(['FORM_NOT_ENOUGH_GRIDS']);
  });
  it('skips premium grids for free users', async () => {
    await makeGrids(t.db, m1.chapterIds[1]!, repeat(3, { premium: true }));
    const all = await call(u, 'POST', '/tests/weak', { count: 50 });
    expect(all.json().test.grid_count).toBe(6);
  });
});

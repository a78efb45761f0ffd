import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';

let t: TestApp;
let a: FixtureUser;
let b: FixtureUser;
let premium: FixtureUser;
let content: Awaited<ReturnType<typeof makeContent>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await makeUser(t.db, { name: 'Ionescu Maria' });
  b = await makeUser(t.db, { name: 'Georgescu Dan' });
  premium = await makeUser(t.db, { premium: true });
  // chapter 1: 6 easy CS (correct B) + 4 hard CM (correct A,C); chapter 2: 5 CS + 3 premium CS.
  content = await makeContent(t.db, [
    [
      ...repeat(6, { type: 'CS' as const }),
      ...repeat(4, { type: 'CM' as const, difficulty: 'hard' as const }),
    ],
    [...repeat(5, { type: 'CS' as const }), ...repeat(3, { type: 'CS' as const, premium: true })],
  ]);
});
afterAll(() => t.close());

const req = (u: FixtureUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: u.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function create(u: FixtureUser, body: Record<string, unknown> = {}) {
  const res = await req(u, 'POST', '/tests', {
    manual_id: content.manualId,
    chapter_ids: [],
    count: 5,
    mode: 'exam',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().test as {
    id: string;
    grid_count: number;
    time_limit_s: number | null;
    remaining_s: number | null;
    status: string;
  };
}

const answer = (
  u: FixtureUser,
  testId: string,
  gridId: number,
  marked: string[],
  extra: Record<string, unknown> = {},
) => req(u, 'PUT', `/tests/${testId}/answers/${gridId}`, { id: randomUUID(), marked, ...extra });

async function gridsOf(u: FixtureUser, id: string) {
  const res = await req(u, 'GET', `/tests/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    test: { status: string; remaining_s: number | null; answered_count: number };
    grids: Array<{
      id: number;
      type: string;
      correct: string[] | null;
      explanation: string | null;
      position: number;
    }>;
    answers: Array<{ grid_id: number; marked: string[]; flagged: boolean; outcome?: string }>;
  };
}

describe('creating tests', () => {
  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/tests', payload: {} });
    expect(res.statusCode).toBe(401);
  });
  it('validates the body', async () => {
    const res = await req(a, 'POST', '/tests', { manual_id: content.manualId, count: 0, mode: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.count).toEqual(['FIELD_TOO_SMALL']);
    expect(res.json().errors.mode).toEqual(['FIELD_INVALID']);
    const big = await req(a, 'POST', '/tests', {
      manual_id: content.manualId,
      count: 201,
      mode: 'exam',
      time_limit_min: 301,
    });
    expect(big.json().errors).toMatchObject({
      count: ['FIELD_TOO_LARGE'],
      time_limit_min: ['FIELD_TOO_LARGE'],
    });
  });
  it('picks random grids from the chosen chapters, never premium ones for free users', async () => {
    const test = await create(a, { count: 15 });
    expect(test.grid_count).toBe(15);
    const detail = await gridsOf(a, test.id);
    const premiumIds = content.gridIds[1]!.slice(5);
    expect(detail.grids.map((g) => g.id).some((id) => premiumIds.includes(id))).toBe(false);
    expect(new Set(detail.grids.map((g) => g.id)).size).toBe(15);
    expect(detail.grids.map((g) => g.position)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });
  it('answers 422 FORM_NOT_ENOUGH_GRIDS with the number available', async () => {
    const res = await req(a, 'POST', '/tests', { manual_id: content.manualId, count: 16, mode: 'exam' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { general: ['FORM_NOT_ENOUGH_GRIDS'] }, available: 15 });
    // premium users get the premium grids too
    expect((await create(premium, { count: 18 })).grid_count).toBe(18);
  });
  it('filters by chapter and difficulty', async () => {
    const test = await create(a, { chapter_ids: [content.chapterIds[0]], difficulty: 'hard', count: 4 });
    const detail = await gridsOf(a, test.id);
    expect(detail.grids.map((g) => g.id).sort((x, y) => x - y)).toEqual(content.gridIds[0]!.slice(6));
    const res = await req(a, 'POST', '/tests', {
      manual_id: content.manualId,
      chapter_ids: [content.chapterIds[0]],
      difficulty: 'hard',
      count: 5,
      mode: 'exam',
    });
    expect(res.json().available).toBe(4);
  });
  it('rejects chapters of another manual', async () => {
    const other = await makeContent(t.db, [[{}]]);
    const res = await req(a, 'POST', '/tests', {
      manual_id: content.manualId,
      chapter_ids: [other.chapterIds[0]],
      count: 1,
      mode: 'exam',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.chapter_ids).toEqual(['FORM_CHAPTER_INVALID']);
    const none = await req(a, 'POST', '/tests', { manual_id: 999999, count: 1, mode: 'exam' });
    expect(none.json().errors.manual_id).toEqual(['FORM_MANUAL_INVALID']);
  });
  it('is idempotent by client id', async () => {
    const id = randomUUID();
    const first = await req(a, 'POST', '/tests', {
      id,
      manual_id: content.manualId,
      count: 3,
      mode: 'tutor',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      success: 'TEST_CREATED',
      test: { id, mode: 'tutor', status: 'unfinished' },
    });
    const again = await req(a, 'POST', '/tests', {
      id,
      manual_id: content.manualId,
      count: 3,
      mode: 'tutor',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().test.id).toBe(id);
    const n = await t.db.one<{ n: number }>('select count(*)::int as n from test_grids where test_id = $1', [
      id,
    ]);
    expect(n!.n).toBe(3);
    // someone else cannot take that id
    const other = await req(b, 'POST', '/tests', {
      id,
      manual_id: content.manualId,
      count: 3,
      mode: 'tutor',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.id).toEqual(['FORM_UUID_INVALID']);
  });
  it('filters unseen, wrong and favourite grids', async () => {
    const u = await makeUser(t.db);
    const ch = [content.chapterIds[0]];
    const test = await create(u, { chapter_ids: ch, count: 10, mode: 'exam' });
    const detail = await gridsOf(u, test.id);
    const [g1, g2, g3] = detail.grids;
    await answer(u, test.id, g1!.id, g1!.type === 'CS' ? ['B'] : ['A', 'C']); // right
    await answer(u, test.id, g2!.id, ['D']); // wrong
    await answer(u, test.id, g3!.id, ['E']); // wrong
    const unseen = await req(u, 'POST', '/tests', {
      manual_id: content.manualId,
      chapter_ids: ch,
      count: 7,
      mode: 'exam',
      only_unseen: true,
    });
    expect(unseen.statusCode).toBe(201);
    expect(
      (
        await req(u, 'POST', '/tests', {
          manual_id: content.manualId,
          chapter_ids: ch,
          count: 7,
          only_unseen: true,
          mode: 'exam',
        })
      ).statusCode,
    ).toBe(201);
    const tooMany = await req(u, 'POST', '/tests', {
      manual_id: content.manualId,
      chapter_ids: ch,
      count: 8,
      only_unseen: true,
      mode: 'exam',
    });
    expect(tooMany.json().available).toBe(7);
    const wrong = await req(u, 'POST', '/tests', {
      manual_id: content.manualId,
      chapter_ids: ch,
      count: 3,
      only_wrong: true,
      mode: 'exam',
    });
    expect(wrong.json().available).toBe(2);
    const wrong2 = await create(u, { chapter_ids: ch, count: 2, only_wrong: true });
    const ids = (await gridsOf(u, wrong2.id)).grids.map((g) => g.id).sort((x, y) => x - y);
    expect(ids).toEqual([g2!.id, g3!.id].sort((x, y) => x - y));
    // favourites (table from migration 003 when present)
    const fav = await t.db.one<{ found: boolean }>("select to_regclass('favorites') is not null as found");
    if (fav?.found) {
      await t.db.query('insert into favorites (user_id, grid_id) values ($1, $2)', [u.id, g1!.id]);
      const favTest = await create(u, { count: 1, only_favorites: true });
      expect((await gridsOf(u, favTest.id)).grids[0]!.id).toBe(g1!.id);
    } else {
      const res = await req(u, 'POST', '/tests', {
        manual_id: content.manualId,
        count: 1,
        only_favorites: true,
        mode: 'exam',
      });
      expect(res.json().available).toBe(0);
    }
  });
});

describe('answering and reading', () => {
  it('exam mode hides correct answers until finished; answers persist across reads (resume)', async () => {
    const test = await create(a, { count: 4, mode: 'exam' });
    const detail = await gridsOf(a, test.id);
    expect(detail.grids.every((g) => g.correct === null && g.explanation === null)).toBe(true);
    const g = detail.grids[0]!;
    const id = randomUUID();
    const res = await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, {
      id,
      marked: ['A'],
      flagged: true,
      time_ms: 4000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().answer).toMatchObject({
      id,
      grid_id: g.id,
      marked: ['A'],
      flagged: true,
      time_ms: 4000,
    });
    expect(res.json().correct).toBeUndefined();
    expect(res.json().answer.outcome).toBeUndefined();
    // change of mind is allowed in exam mode; the same answer id is updated
    const again = await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, { id, marked: ['C', 'B'] });
    expect(again.json().answer).toMatchObject({ id, marked: ['B', 'C'], flagged: true, time_ms: 4000 });
    const resumed = await gridsOf(a, test.id);
    expect(resumed.answers).toHaveLength(1);
    expect(resumed.answers[0]).toMatchObject({ grid_id: g.id, marked: ['B', 'C'], flagged: true });
    expect(resumed.test.answered_count).toBe(1);
    expect(resumed.grids[0]!.correct).toBeNull();
  });
  it('a stale write (older answered_at) does not overwrite a newer one', async () => {
    const test = await create(a, { count: 2 });
    const g = (await gridsOf(a, test.id)).grids[0]!;
    const id = randomUUID();
    await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, {
      id,
      marked: ['A'],
      answered_at: new Date(Date.now() - 1000).toISOString(),
    });
    const stale = await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, {
      id,
      marked: ['D'],
      answered_at: new Date(Date.now() - 5000).toISOString(),
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().answer.marked).toEqual(['A']);
  });
  it('tutor mode reveals a grid once answered and refuses a different answer', async () => {
    const test = await create(a, { count: 3, mode: 'tutor' });
    const detail = await gridsOf(a, test.id);
    const g = detail.grids[0]!;
    const right = g.type === 'CS' ? ['B'] : ['A', 'C'];
    const id = randomUUID();
    const res = await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, { id, marked: right });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ correct: right, explanation: expect.stringContaining('Explicația') });
    expect(res.json().answer.outcome).toBe('right');
    // retry with the same marks is fine (idempotent), flagging too
    expect(
      (await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, { id, marked: right, flagged: true }))
        .statusCode,
    ).toBe(200);
    const changed = await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, { id, marked: ['E'] });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().errors.general).toEqual(['FORM_GRID_ALREADY_RESPONDED']);
    const after = await gridsOf(a, test.id);
    expect(after.grids[0]!.correct).toEqual(right);
    expect(after.grids[1]!.correct).toBeNull();
  });
  it('a grid outside the test is 404 FORM_GRID_NOT_FOUND; an answer id of another grid is refused', async () => {
    const test = await create(a, { chapter_ids: [content.chapterIds[0]], difficulty: 'hard', count: 1 });
    const outside = content.gridIds[0]![0]!;
    const res = await answer(a, test.id, outside, ['A']);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors.general).toEqual(['FORM_GRID_NOT_FOUND']);
    const g = (await gridsOf(a, test.id)).grids[0]!;
    const id = randomUUID();
    await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, { id, marked: ['A'] });
    const other = await create(a, { count: 1 });
    const og = (await gridsOf(a, other.id)).grids[0]!;
    const reuse = await req(a, 'PUT', `/tests/${other.id}/answers/${og.id}`, { id, marked: ['A'] });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.id).toEqual(['FORM_UUID_INVALID']);
  });
  it('validates marked letters', async () => {
    const test = await create(a, { count: 1 });
    const g = (await gridsOf(a, test.id)).grids[0]!;
    const res = await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, { id: randomUUID(), marked: ['F'] });
    expect(res.statusCode).toBe(422);
    const dup = await req(a, 'PUT', `/tests/${test.id}/answers/${g.id}`, {
      id: 'nu-e-uuid',
      marked: ['A', 'A'],
    });
    expect(dup.json().errors).toMatchObject({ id: ['FORM_UUID_INVALID'], marked: ['FIELD_INVALID'] });
  });
});

describe('timer', () => {
  it('remaining never exceeds the total and counts down while away', async () => {
    const test = await create(a, { count: 2, time_limit_min: 10 });
    expect(test.time_limit_s).toBe(600);
    expect(test.remaining_s).toBeLessThanOrEqual(600);
    expect(test.remaining_s).toBeGreaterThan(590);
    await t.db.query("update tests set started_at = now() - interval '4 minutes' where id = $1", [test.id]);
    const d = await gridsOf(a, test.id);
    expect(d.test.remaining_s).toBeLessThanOrEqual(360);
    expect(d.test.remaining_s).toBeGreaterThan(350);
  });
  it('POST /remaining stores the client time, only downwards; more than the total is 422', async () => {
    const test = await create(a, { count: 2, time_limit_min: 10 });
    const over = await req(a, 'POST', `/tests/${test.id}/remaining`, { remaining_s: 601 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.remaining_s).toEqual(['FORM_TEST_REMAINING_TIME_INVALID']);
    const neg = await req(a, 'POST', `/tests/${test.id}/remaining`, { remaining_s: -1 });
    expect(neg.statusCode).toBe(422);
    const ok = await req(a, 'POST', `/tests/${test.id}/remaining`, { remaining_s: 300 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ remaining_s: 300, status: 'unfinished' });
    const up = await req(a, 'POST', `/tests/${test.id}/remaining`, { remaining_s: 500 });
    expect(up.json().remaining_s).toBe(300);
    expect((await gridsOf(a, test.id)).test.remaining_s).toBe(300);
    const untimed = await create(a, { count: 1 });
    expect((await req(a, 'POST', `/tests/${untimed.id}/remaining`, { remaining_s: 10 })).statusCode).toBe(
      422,
    );
  });
  it('an expired test auto-finishes on read; writes then get FORM_TEST_TIME_EXPIRED', async () => {
    const test = await create(a, { count: 3, time_limit_min: 1 });
    const g = (await gridsOf(a, test.id)).grids[0]!;
    await answer(a, test.id, g.id, g.type === 'CS' ? ['B'] : ['A', 'C']);
    await t.db.query("update tests set started_at = now() - interval '2 minutes' where id = $1", [test.id]);
    const d = await gridsOf(a, test.id);
    expect(d.test.status).toBe('finished');
    expect(d.test.remaining_s).toBe(0);
    expect(d.grids.every((x) => x.correct !== null)).toBe(true);
    const write = await answer(a, test.id, g.id, ['A']);
    expect(write.statusCode).toBe(409);
    expect(write.json().errors.general).toEqual(['FORM_TEST_TIME_EXPIRED']);
    const fin = await req(a, 'POST', `/tests/${test.id}/finish`);
    expect(fin.json().errors.general).toEqual(['FORM_TEST_TIME_EXPIRED']);
    const row = await t.db.one<{ finish_reason: string; score: number; secs: number }>(
      'select finish_reason, score, extract(epoch from finished_at - started_at)::float8 as secs from tests where id = $1',
      [test.id],
    );
    expect(row).toMatchObject({ finish_reason: 'expired', score: 1 });
    expect(Math.round(row!.secs)).toBe(60);
  });
  it('an expired test refuses answers even before anyone read it', async () => {
    const test = await create(a, { count: 2, time_limit_min: 1 });
    const g = (await gridsOf(a, test.id)).grids[0]!;
    await t.db.query("update tests set started_at = now() - interval '61 seconds' where id = $1", [test.id]);
    const write = await answer(a, test.id, g.id, ['A']);
    expect(write.statusCode).toBe(409);
    expect(write.json().errors.general).toEqual(['FORM_TEST_TIME_EXPIRED']);
  });
});

describe('finishing, abandoning, deleting', () => {
  it('finish scores with the centre profile and returns the result', async () => {
    const test = await create(a, { chapter_ids: [content.chapterIds[0]], difficulty: 'hard', count: 4 });
    const d = await gridsOf(a, test.id);
    // 4 CM grids (A,C): right, half, wrong, blank → 1 + 0.5 + 0 + 0 = 1.5 of 4 → 33.75 of 90 → 4.37
    await answer(a, test.id, d.grids[0]!.id, ['A', 'C']);
    await answer(a, test.id, d.grids[1]!.id, ['A']);
    await answer(a, test.id, d.grids[2]!.id, ['A', 'B']);
    const res = await req(a, 'POST', `/tests/${test.id}/finish`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: 'TEST_FINISHED',
      test: { status: 'finished', score: 1.5, max_score: 4, grade: 4.37 },
      result: {
        score: 1.5,
        max_score: 4,
        grade: 4.37,
        passed: false,
        profile: 'timisoara',
        mapping: 'by_type',
        counts: { right: 1, partial: 1, wrong: 1, blank: 1 },
      },
    });
    const again = await req(a, 'POST', `/tests/${test.id}/finish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.general).toEqual(['FORM_TEST_ALREADY_FINISHED']);
    const write = await answer(a, test.id, d.grids[3]!.id, ['A']);
    expect(write.json().errors.general).toEqual(['FORM_TEST_ALREADY_FINISHED']);
    expect((await req(a, 'POST', `/tests/${test.id}/abandon`)).json().errors.general).toEqual([
      'FORM_TEST_INVALID_STATUS',
    ]);
  });
  it('abandon, then invalid transitions are 409 FORM_TEST_INVALID_STATUS', async () => {
    const test = await create(a, { count: 2 });
    const res = await req(a, 'POST', `/tests/${test.id}/abandon`);
    expect(res.json()).toMatchObject({ success: 'TEST_ABANDONED', test: { status: 'abandoned' } });
    for (const url of [`/tests/${test.id}/abandon`, `/tests/${test.id}/finish`]) {
      const r = await req(a, 'POST', url);
      expect(r.statusCode).toBe(409);
      expect(r.json().errors.general).toEqual(['FORM_TEST_INVALID_STATUS']);
    }
    const g = (await gridsOf(a, test.id)).grids[0]!;
    expect((await answer(a, test.id, g.id, ['A'])).json().errors.general).toEqual([
      'FORM_TEST_INVALID_STATUS',
    ]);
    const results = await req(a, 'GET', `/tests/${test.id}/results`);
    expect(results.statusCode).toBe(409);
    expect(results.json().errors.general).toEqual(['FORM_TEST_NOT_FINISHED']);
  });
  it('delete removes the test and its answers', async () => {
    const test = await create(a, { count: 2 });
    const g = (await gridsOf(a, test.id)).grids[0]!;
    await answer(a, test.id, g.id, ['A']);
    const res = await req(a, 'DELETE', `/tests/${test.id}`);
    expect(res.json()).toEqual({ success: 'TEST_DELETED' });
    expect((await req(a, 'GET', `/tests/${test.id}`)).statusCode).toBe(404);
    const n = await t.db.one<{ n: number }>('select count(*)::int as n from answers where test_id = $1', [
      test.id,
    ]);
    expect(n!.n).toBe(0);
  });
});

describe('permissions', () => {
  it("another user's test is 404 for every verb, and stays untouched", async () => {
    const test = await create(a, { count: 2, time_limit_min: 5 });
    const g = (await gridsOf(a, test.id)).grids[0]!;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/tests/${test.id}`],
      ['PUT', `/tests/${test.id}/answers/${g.id}`, { id: randomUUID(), marked: ['A'] }],
      ['POST', `/tests/${test.id}/remaining`, { remaining_s: 10 }],
      ['POST', `/tests/${test.id}/finish`],
      ['POST', `/tests/${test.id}/abandon`],
      ['GET', `/tests/${test.id}/results`],
      ['GET', `/tests/${test.id}/ranking`],
      ['DELETE', `/tests/${test.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await req(b, method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().errors.general).toEqual(['FORM_TEST_NOT_FOUND']);
    }
    const d = await gridsOf(a, test.id);
    expect(d.test.status).toBe('unfinished');
    expect(d.answers).toHaveLength(0);
    expect(d.test.remaining_s).toBeGreaterThan(290);
    // unknown and malformed ids are 404 too
    expect((await req(a, 'GET', `/tests/${randomUUID()}`)).statusCode).toBe(404);
    expect((await req(a, 'GET', '/tests/abc')).statusCode).toBe(404);
    // b's history does not list it
    const hist = await req(b, 'GET', '/tests');
    expect(hist.json().tests.map((x: { id: string }) => x.id)).not.toContain(test.id);
  });
});

describe('history', () => {
  it('lists the user tests by status, paginated, and counts them', async () => {
    const u = await makeUser(t.db);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(u, { count: 1 })).id);
    await req(u, 'POST', `/tests/${ids[0]}/finish`);
    await req(u, 'POST', `/tests/${ids[1]}/abandon`);
    const all = await req(u, 'GET', '/tests');
    expect(all.json()).toMatchObject({ page: 1, per_page: 20, total: 3 });
    expect(all.json().tests[0]).toMatchObject({ id: ids[2], answered_count: 0, status: 'unfinished' });
    const fin = await req(u, 'GET', '/tests?status=finished');
    expect(fin.json().tests.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect((await req(u, 'GET', '/tests?status=nope')).statusCode).toBe(422);
    expect((await req(u, 'GET', '/tests?page=2')).json().tests).toEqual([]);
    // an overdue timed test is listed as finished (expired on listing)
    const timed = await create(u, { count: 1, time_limit_min: 1 });
    await t.db.query("update tests set started_at = now() - interval '5 minutes' where id = $1", [timed.id]);
    const listed = (await req(u, 'GET', '/tests?status=finished'))
      .json()
      .tests.map((x: { id: string }) => x.id);
    expect(listed.sort()).toEqual([ids[0], timed.id].sort());
    await req(u, 'DELETE', `/tests/${timed.id}`);
    const counts = await req(u, 'GET', '/user/tests-count');
    if (counts.statusCode === 200)
      expect(counts.json()).toEqual({ abandoned: 1, finished: 1, unfinished: 1 });
  });
});

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';

let t: TestApp;
let a: FixtureUser;
let b: FixtureUser;
let cs: number[]; // 6 CS grids, correct B
let prem: number[]; // 2 premium CS grids
let manualId: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await makeUser(t.db);
  b = await makeUser(t.db);
  const c = await makeContent(t.db, [
    [...repeat(6, { type: 'CS' as const }), ...repeat(2, { type: 'CS' as const, premium: true })],
  ]);
  manualId = c.manualId;
  cs = c.gridIds[0]!.slice(0, 6);
  prem = c.gridIds[0]!.slice(6);
});
afterAll(() => t.close());

const sync = (u: FixtureUser, tests: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/tests/sync', headers: u.auth, payload: { tests } });
const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();

function offlineTest(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    manual_id: manualId,
    mode: 'exam',
    time_limit_s: null,
    grid_ids: cs.slice(0, 4),
    answers: [
      {
        id: randomUUID(),
        grid_id: cs[0],
        marked: ['B'],
        flagged: false,
        time_ms: 3000,
        answered_at: ago(300),
      },
      {
        id: randomUUID(),
        grid_id: cs[1],
        marked: ['A'],
        flagged: true,
        time_ms: 5000,
        answered_at: ago(290),
      },
    ],
    status: 'finished',
    started_at: ago(400),
    finished_at: ago(200),
    ...overrides,
  };
}

const counts = async (id: string) =>
  t.db.one<{ tests: number; grids: number; answers: number }>(
    `select (select count(*)::int from tests where id = $1) as tests, (select count(*)::int from test_grids where test_id = $1) as grids,
            (select count(*)::int from answers where test_id = $1) as answers`,
    [id],
  );

describe('POST /tests/sync', () => {
  it('uploads a finished offline test and scores it', async () => {
    const test = offlineTest();
    const res = await sync(a, [test]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe('TEST_SYNCED');
    expect(res.json().tests[0]).toMatchObject({
      id: test.id,
      status: 'synced',
      test_status: 'finished',
      result: { score: 1, max_score: 4 },
    });
    const row = await t.db.one<{ source: string; status: string; finish_reason: string; finished_at: Date }>(
      'select source, status, finish_reason, finished_at from tests where id = $1',
      [test.id],
    );
    expect(row).toMatchObject({ source: 'offline', status: 'finished', finish_reason: 'sync' });
    expect(new Date(row!.finished_at).toISOString()).toBe(test.finished_at);
  });
  it('is idempotent: the same payload twice gives one test and one set of answers', async () => {
    const test = offlineTest({ status: 'unfinished', finished_at: null });
    const first = await sync(a, [test]);
    const second = await sync(a, [test]);
    expect(first.json().tests[0].status).toBe('synced');
    expect(second.json().tests[0].status).toBe('synced');
    expect(await counts(test.id)).toEqual({ tests: 1, grids: 4, answers: 2 });
    const ids = await t.db.query<{ id: string }>(
      'select id from answers where test_id = $1 order by grid_id',
      [test.id],
    );
    expect(ids.map((r) => r.id).sort()).toEqual(test.answers.map((x) => x.id).sort());
    // finishing later, offline again: still one test
    const done = await sync(a, [{ ...test, status: 'finished', finished_at: ago(10) }]);
    expect(done.json().tests[0]).toMatchObject({ status: 'synced', test_status: 'finished' });
    expect(await counts(test.id)).toEqual({ tests: 1, grids: 4, answers: 2 });
  });
  it('merges answers per grid by the later answered_at', async () => {
    const test = offlineTest({ status: 'unfinished', finished_at: null });
    await sync(a, [test]);
    // online change on grid 0 (newer), offline upload of grid 0 (older) and grid 2 (new)
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tests/${test.id}/answers/${cs[0]}`,
      headers: a.auth,
      payload: { id: test.answers[0]!.id, marked: ['C'], answered_at: ago(100) },
    });
    const res = await sync(a, [
      {
        ...test,
        answers: [
          { ...test.answers[0], marked: ['D'], answered_at: ago(150) }, // older than the online write → ignored
          { ...test.answers[1], marked: ['B'], answered_at: ago(50) }, // newer → wins
          {
            id: randomUUID(),
            grid_id: cs[2],
            marked: ['B'],
            flagged: false,
            time_ms: 1,
            answered_at: ago(40),
          },
        ],
      },
    ]);
    expect(res.json().tests[0].status).toBe('synced');
    const rows = await t.db.query<{ grid_id: number; marked: string[] }>(
      'select grid_id, marked from answers where test_id = $1 order by grid_id',
      [test.id],
    );
    expect(rows).toEqual([
      { grid_id: cs[0], marked: ['C'] },
      { grid_id: cs[1], marked: ['B'] },
      { grid_id: cs[2], marked: ['B'] },
    ]);
  });
  it('never reopens a finished test: the first finish wins (conflict)', async () => {
    // created and finished online first
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tests',
      headers: a.auth,
      payload: { manual_id: manualId, count: 3, mode: 'exam' },
    });
    const online = created.json().test;
    const grids = (
      await t.app.inject({ method: 'GET', url: `/api/v1/tests/${online.id}`, headers: a.auth })
    ).json().grids as Array<{ id: number }>;
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tests/${online.id}/answers/${grids[0]!.id}`,
      headers: a.auth,
      payload: { id: randomUUID(), marked: ['B'] },
    });
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tests/${online.id}/finish`,
      headers: a.auth,
    });
    expect(fin.json().result.score).toBe(1);
    // the offline device finished it too, later, with other answers
    const res = await sync(a, [
      {
        id: online.id,
        mode: 'exam',
        grid_ids: grids.map((g) => g.id),
        answers: grids.map((g) => ({
          id: randomUUID(),
          grid_id: g.id,
          marked: ['B'],
          flagged: false,
          answered_at: ago(1),
        })),
        status: 'finished',
        started_at: online.started_at,
        finished_at: new Date().toISOString(),
      },
    ]);
    expect(res.json().tests[0]).toMatchObject({
      status: 'conflict',
      code: 'FORM_SYNC_ALREADY_FINISHED',
      test_status: 'finished',
      result: { score: 1 },
    });
    const n = await t.db.one<{ n: number }>(
      "select count(*)::int as n from answers where test_id = $1 and marked = '{B}'",
      [online.id],
    );
    expect(n!.n).toBe(1);
    // an identical re-upload of what the server has is simply 'synced'
    const same = await sync(a, [
      {
        id: online.id,
        mode: 'exam',
        grid_ids: grids.map((g) => g.id),
        answers: [
          { id: randomUUID(), grid_id: grids[0]!.id, marked: ['B'], flagged: false, answered_at: ago(1) },
        ],
        status: 'finished',
        started_at: online.started_at,
      },
    ]);
    expect(same.json().tests[0].status).toBe('synced');
  });
  it('refuses premium grids for free users, unknown grids, answers outside the test; the rest of the batch syncs', async () => {
    const premiumTest = offlineTest({ grid_ids: [cs[0], prem[0]], answers: [] });
    const unknown = offlineTest({ grid_ids: [cs[0], 99999999], answers: [] });
    const outside = offlineTest({
      grid_ids: [cs[0]],
      answers: [{ id: randomUUID(), grid_id: cs[1], marked: ['A'], flagged: false, answered_at: ago(5) }],
    });
    const good = offlineTest();
    const res = await sync(a, [premiumTest, unknown, outside, good]);
    expect(res.json().tests).toEqual([
      { id: premiumTest.id, status: 'rejected', code: 'FORM_PREMIUM_GRIDS_ONLY' },
      { id: unknown.id, status: 'rejected', code: 'FORM_GRID_NOT_FOUND' },
      { id: outside.id, status: 'rejected', code: 'FORM_GRID_NOT_FOUND' },
      expect.objectContaining({ id: good.id, status: 'synced' }),
    ]);
    for (const x of [premiumTest, unknown, outside]) expect((await counts(x.id))!.tests).toBe(0);
    const premiumUser = await makeUser(t.db, { premium: true });
    expect((await sync(premiumUser, [{ ...premiumTest, id: randomUUID() }])).json().tests[0].status).toBe(
      'synced',
    );
  });
  it("cannot touch another user's test", async () => {
    const test = offlineTest({ status: 'unfinished', finished_at: null });
    await sync(a, [test]);
    const res = await sync(b, [
      {
        ...test,
        answers: [{ id: randomUUID(), grid_id: cs[3], marked: ['A'], flagged: false, answered_at: ago(1) }],
        status: 'finished',
      },
    ]);
    expect(res.json().tests[0]).toEqual({ id: test.id, status: 'rejected', code: 'FORM_TEST_NOT_FOUND' });
    expect((await counts(test.id))!.answers).toBe(2);
    const st = await t.db.one<{ status: string }>('select status from tests where id = $1', [test.id]);
    expect(st!.status).toBe('unfinished');
  });
  it('a different grid list for an existing test is rejected', async () => {
    const test = offlineTest({ status: 'unfinished', finished_at: null });
    await sync(a, [test]);
    const res = await sync(a, [{ ...test, grid_ids: cs.slice(1, 5) }]);
    expect(res.json().tests[0]).toEqual({ id: test.id, status: 'rejected', code: 'FORM_SYNC_CONFLICT' });
  });
  it('an expired timed offline test is finished on upload; abandoned uploads abandon', async () => {
    const timed = offlineTest({
      status: 'unfinished',
      finished_at: null,
      time_limit_s: 60,
      started_at: ago(120),
    });
    const res = await sync(a, [timed]);
    expect(res.json().tests[0]).toMatchObject({ status: 'synced', test_status: 'finished' });
    const r = await t.db.one<{ finish_reason: string }>('select finish_reason from tests where id = $1', [
      timed.id,
    ]);
    expect(r!.finish_reason).toBe('expired');
    const ab = offlineTest({ status: 'abandoned', finished_at: null });
    expect((await sync(a, [ab])).json().tests[0]).toMatchObject({
      status: 'synced',
      test_status: 'abandoned',
    });
  });
  it('an abandoned server copy stays abandoned for an unfinished upload (conflict) but a finished upload finishes it', async () => {
    const test = offlineTest({ status: 'unfinished', finished_at: null });
    await sync(a, [test]);
    await t.app.inject({ method: 'POST', url: `/api/v1/tests/${test.id}/abandon`, headers: a.auth });
    const res = await sync(a, [test]);
    expect(res.json().tests[0]).toMatchObject({
      status: 'conflict',
      code: 'FORM_SYNC_ALREADY_ABANDONED',
      test_status: 'abandoned',
    });
    const fin = await sync(a, [{ ...test, status: 'finished', finished_at: ago(5) }]);
    expect(fin.json().tests[0]).toMatchObject({
      status: 'synced',
      test_status: 'finished',
      result: { score: 1 },
    });
  });
  it('answers given before the time limit count even when the server already closed the test as expired', async () => {
    // Made online with a 1-minute limit; the candidate answers offline; the test is opened on
    // another device after the limit, so the server closes it as expired with 0 answers.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tests',
      headers: a.auth,
      payload: { manual_id: manualId, count: 3, mode: 'exam', time_limit_min: 1 },
    });
    const online = created.json().test;
    await t.db.query("update tests set started_at = now() - interval '150 seconds' where id = $1", [online.id]);
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/tests/${online.id}`, headers: a.auth });
    expect(read.json().test).toMatchObject({ status: 'finished', finish_reason: 'expired', score: 0 });
    const grids = read.json().grids as Array<{ id: number }>;
    const started = Date.now() - 150_000;
    const at = (s: number) => new Date(started + s * 1000).toISOString();
    const upload = {
      id: online.id,
      manual_id: manualId,
      mode: 'exam',
      time_limit_s: 60,
      grid_ids: grids.map((g) => g.id),
      source: 'online',
      answers: [
        { id: randomUUID(), grid_id: grids[0]!.id, marked: ['B'], flagged: false, answered_at: at(10) },
        { id: randomUUID(), grid_id: grids[1]!.id, marked: ['B'], flagged: false, answered_at: at(40) },
        // after the limit: does not count
        { id: randomUUID(), grid_id: grids[2]!.id, marked: ['B'], flagged: false, answered_at: at(100) },
      ],
      status: 'unfinished',
      started_at: at(0),
      finished_at: null,
    };
    const res = await sync(a, [upload]);
    expect(res.json().tests[0]).toMatchObject({
      status: 'conflict',
      code: 'FORM_SYNC_AFTER_TIME_LIMIT',
      test_status: 'finished',
      result: { score: 2, max_score: 3 },
    });
    expect((await counts(online.id))!.answers).toBe(2);
    const row = await t.db.one<{ score: number; finish_reason: string; source: string }>(
      'select score, finish_reason, source from tests where id = $1',
      [online.id],
    );
    expect(row).toEqual({ score: 2, finish_reason: 'expired', source: 'online' });
    // Retrying the same upload changes nothing (exactly once).
    await sync(a, [upload]);
    expect((await counts(online.id))!.answers).toBe(2);
  });
  it('an unfinished timed upload after its limit keeps only the answers given in time', async () => {
    const test = offlineTest({
      status: 'unfinished',
      finished_at: null,
      time_limit_s: 60,
      started_at: ago(400),
      answers: [
        { id: randomUUID(), grid_id: cs[0], marked: ['B'], flagged: false, answered_at: ago(380) },
        { id: randomUUID(), grid_id: cs[1], marked: ['B'], flagged: false, answered_at: ago(300) },
      ],
    });
    const res = await sync(a, [test]);
    expect(res.json().tests[0]).toMatchObject({ status: 'conflict', code: 'FORM_SYNC_AFTER_TIME_LIMIT', test_status: 'finished', result: { score: 1 } });
    expect((await counts(test.id))!.answers).toBe(1);
  });
  it("keeps a test's true origin and finish reason (an online test is never labelled offline)", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tests',
      headers: a.auth,
      payload: { manual_id: manualId, count: 2, mode: 'exam' },
    });
    const online = created.json().test;
    const grids = (
      await t.app.inject({ method: 'GET', url: `/api/v1/tests/${online.id}`, headers: a.auth })
    ).json().grids as Array<{ id: number }>;
    const base = {
      id: online.id,
      manual_id: manualId,
      mode: 'exam',
      grid_ids: grids.map((g) => g.id),
      source: 'online',
      answers: [{ id: randomUUID(), grid_id: grids[0]!.id, marked: ['B'], flagged: false, answered_at: ago(1) }],
      started_at: online.started_at,
    };
    await sync(a, [{ ...base, status: 'unfinished', finished_at: null }]);
    await sync(a, [{ ...base, status: 'finished', finished_at: new Date().toISOString(), finish_reason: 'user' }]);
    const row = await t.db.one<{ source: string; finish_reason: string }>(
      'select source, finish_reason from tests where id = $1',
      [online.id],
    );
    expect(row).toEqual({ source: 'online', finish_reason: 'user' });
    // A test made offline stays offline; without a reason the finish is 'sync' (older clients).
    const off = offlineTest();
    await sync(a, [off]);
    expect(
      await t.db.one('select source, finish_reason from tests where id = $1', [off.id]),
    ).toEqual({ source: 'offline', finish_reason: 'sync' });
  });
  it('migration 008 gives online tests relabelled offline by the old sync their true origin back', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tests',
      headers: a.auth,
      payload: { manual_id: manualId, count: 1, mode: 'exam' },
    });
    const online = created.json().test.id as string;
    const off = offlineTest();
    await sync(a, [off]);
    await t.db.query("update tests set source = 'offline' where id = $1", [online]); // what the old sync did
    await t.db.exec(readFileSync(new URL('../../server/db/migrations/008_test_source_truth.sql', import.meta.url), 'utf8'));
    const rows = await t.db.query<{ id: string; source: string }>('select id, source from tests where id = any($1::uuid[])', [[online, off.id]]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.source]))).toEqual({ [online]: 'online', [off.id]: 'offline' });
  });
  it('validates the payload', async () => {
    const res = await sync(a, [{ id: 'x', mode: 'exam', grid_ids: [], status: 'done', started_at: 'ieri' }]);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['tests.0.id', 'tests.0.grid_ids', 'tests.0.status', 'tests.0.started_at']),
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/tests/sync', payload: { tests: [] } })).statusCode,
    ).toBe(401);
  });
});

// Measured difficulty (issue 31 §2): the share of candidates whose FIRST answer to a grid was
// fully right, from 30 first answers on; in the answer payload only once the candidate answered,
// in the results, and as the builder's filter (ușoare / medii / grele).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { call, firstError } from './groups-fixture.ts';
import { MEASURED_MIN_FIRST_ANSWERS } from '../../src/shared/item-stats.ts';

let t: TestApp;
let api: ReturnType<typeof call>;
let admin: FixtureUser;
let manualId: number;
let g: number[];

type Outcome = 'right' | 'wrong' | 'partial' | 'blank';

/** One test of `userId` answering `answers` at `at` (ISO), finished unless told otherwise. */
async function test(userId: number, answers: [number, Outcome][], at: string, opts: { status?: string; mode?: string } = {}) {
  const id = randomUUID();
  await t.db.query(
    `insert into tests (id, user_id, mode, status, grid_count, grid_set_hash) values ($1::uuid, $2, $3, $4, $5, $1::text)`,
    [id, userId, opts.mode ?? 'exam', opts.status ?? 'finished', answers.length],
  );
  await t.db.query(
    `insert into answers (id, test_id, user_id, grid_id, marked, outcome, answered_at)
     select gen_random_uuid(), $1, $2, x.g, case when x.o = 'blank' then '{}'::text[] else '{A}'::text[] end, x.o, $5::timestamptz
       from unnest($3::int[], $4::text[]) as x(g, o)`,
    [id, userId, answers.map((a) => a[0]), answers.map((a) => a[1]), at],
  );
}

const gridOf = async (u: FixtureUser, testId: string) => ((await api(u, 'GET', `/tests/${testId}`)).body.grids as { id: number }[]).map((x) => x.id);

beforeAll(async () => {
  t = await createTestApp();
  api = call(t.app);
  admin = await makeUser(t.db, { admin: true });
  // g0 medium (20 of 30 first answers right), g1 only 29 first answers, g2 easy (24/30), g3 hard (6/30).
  const content = await makeContent(t.db, [repeat(4, {})]);
  manualId = content.manualId;
  g = content.gridIds[0]!;
  for (let k = 0; k < 30; k++) {
    const u = await makeUser(t.db, { name: `Candidat ${k}` });
    const first: [number, Outcome][] = [
      [g[0]!, k < 20 ? 'right' : 'wrong'],
      [g[2]!, k < 24 ? 'right' : 'wrong'],
      [g[3]!, k < 6 ? 'right' : k < 10 ? 'partial' : 'wrong'],
    ];
    if (k < 29) first.push([g[1]!, 'right']);
    await test(u.id, first, '2026-01-01T10:00:00Z');
    // A second answer by the same candidate (right this time) does not count.
    const again: [number, Outcome][] = [[g[0]!, 'right'], [g[3]!, 'right']];
    if (k < 29) again.push([g[1]!, 'right']);
    await test(u.id, again, '2026-01-02T10:00:00Z');
  }
  // Not first answers: an exam still open (its answer may change) and a blank.
  const late = await makeUser(t.db, {});
  await test(late.id, [[g[1]!, 'right']], '2025-12-01T10:00:00Z', { status: 'unfinished' });
  await test(late.id, [[g[1]!, 'blank']], '2025-12-02T10:00:00Z');
  const r = await api(admin, 'POST', '/admin/grid-stats/refresh');
  expect(r.status).toBe(200);
});
afterAll(async () => t.close());

describe('measured difficulty', () => {
  it('counts one first answer per candidate, and nothing is measured under 30', async () => {
    const rows = await t.db.query<{ grid_id: number; first_answers: number; first_right: number }>(
      'select grid_id, first_answers, first_right from grid_stats where grid_id = any($1) order by grid_id',
      [g],
    );
    expect(rows.map((r) => [r.first_answers, r.first_right])).toEqual([
      [30, 20],
      [29, 29],
      [30, 24],
      [30, 6],
    ]);
    expect(MEASURED_MIN_FIRST_ANSWERS).toBe(30);
  });

  it('comes with a tutor answer once given, never before, and never in exam mode before the end', async () => {
    const u = await makeUser(t.db, {});
    const id = randomUUID();
    const created = await api(u, 'POST', '/tests', { id, manual_id: manualId, count: 4, mode: 'tutor' });
    expect(created.status).toBe(201);
    const before = await api(u, 'GET', `/tests/${id}`);
    expect((before.body.grids as object[]).some((x) => 'measured' in x)).toBe(false);
    const put = (gridId: number) => api(u, 'PUT', `/tests/${id}/answers/${gridId}`, { id: randomUUID(), marked: ['B'] });
    const a0 = await put(g[0]!);
    expect(a0.status).toBe(200);
    expect(a0.body.measured.answers).toBe(30);
    expect(a0.body.measured.share).toBeCloseTo(20 / 30, 6);
    const a1 = await put(g[1]!);
    expect(a1.body.measured).toBeNull();

    const examId = randomUUID();
    await api(u, 'POST', '/tests', { id: examId, manual_id: manualId, count: 4, mode: 'exam' });
    const e0 = await api(u, 'PUT', `/tests/${examId}/answers/${g[0]}`, { id: randomUUID(), marked: ['B'] });
    expect(e0.status).toBe(200);
    expect(e0.body).not.toHaveProperty('measured');
    expect((await api(u, 'POST', `/tests/${examId}/finish`)).status).toBe(200);
    const res = await api(u, 'GET', `/tests/${examId}/results`);
    const by = new Map((res.body.grids as { grid_id: number; measured: { share: number; answers: number } | null }[]).map((x) => [x.grid_id, x.measured]));
    expect(by.get(g[2]!)).toEqual({ share: 0.8, answers: 30 });
    expect(by.get(g[1]!)).toBeNull();
  });

  it('filters the builder by band, only measured grids counting', async () => {
    const u = await makeUser(t.db, {});
    const make = (measured: unknown, count = 1) => api(u, 'POST', '/tests', { id: randomUUID(), manual_id: manualId, count, mode: 'exam', measured });
    for (const [band, grid] of [['easy', g[2]], ['medium', g[0]], ['hard', g[3]]] as const) {
      const r = await make(band);
      expect(r.status).toBe(201);
      expect(r.body.test.filters.measured).toBe(band);
      expect(await gridOf(u, r.body.test.id)).toEqual([grid]);
    }
    // g1 (29 first answers, all right) is not "easy": only one easy grid exists.
    const two = await make('easy', 2);
    expect([two.status, firstError(two), two.body.available]).toEqual([422, 'FORM_NOT_ENOUGH_GRIDS', 1]);
    // Beside the authored difficulty (all fixture grids are 'easy' by their authors).
    const both = await api(u, 'POST', '/tests', { id: randomUUID(), manual_id: manualId, count: 1, mode: 'exam', measured: 'hard', difficulty: 'hard' });
    expect([both.status, both.body.available]).toEqual([422, 0]);
  });

  it('counts the grids the filters allow before starting (POST /tests/available)', async () => {
    const u = await makeUser(t.db, {});
    const count = async (extra: object) => (await api(u, 'POST', '/tests/available', { manual_id: manualId, ...extra })).body.available;
    expect(await count({})).toBe(4);
    expect(await count({ measured: 'easy' })).toBe(1);
    expect(await count({ measured: 'medium' })).toBe(1);
    expect(await count({ measured: 'hard', difficulty: 'hard' })).toBe(0);
    expect((await api(null, 'POST', '/tests/available', { manual_id: manualId })).status).toBe(401);
    const bad = await api(u, 'POST', '/tests/available', { manual_id: manualId, measured: 'foarte' });
    expect([bad.status, bad.body.errors?.measured]).toEqual([422, ['FORM_MEASURED_DIFFICULTY_INVALID']]);
    const unknown = await api(u, 'POST', '/tests/available', { manual_id: 999999 });
    expect([unknown.status, firstError(unknown)]).toEqual([422, 'FORM_MANUAL_INVALID']);
  });

  it('answers a bad band with a Romanian code, not a 500', async () => {
    const u = await makeUser(t.db, {});
    for (const bad of ['foarte-grele', 7, { band: 'easy' }, ['easy'], '']) {
      const r = await api(u, 'POST', '/tests', { manual_id: manualId, count: 1, mode: 'exam', measured: bad });
      expect([r.status, r.body.errors?.measured]).toEqual([422, ['FORM_MEASURED_DIFFICULTY_INVALID']]);
    }
  });
});

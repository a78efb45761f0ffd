// Issue 23 §4: the admission estimate is never an inverted range, a lone finisher is not "better
// than 100 % of the others", the seeded thresholds all carry a checkable source, and the history
// names the simulation of an attempt.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeChapter, makeGrids, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { call } from './groups-fixture.ts';
import { gradeRange } from '../../server/modules/simulations/estimate.ts';

let t: TestApp;
let api: ReturnType<typeof call>;
let admin: FixtureUser, A: FixtureUser;
let simId: string;

beforeAll(async () => {
  t = await createTestApp();
  api = call(t.app);
  const manual = async (subject: string) =>
    (await t.db.one<{ id: number }>(`insert into manuals (slug, title, subject) values ($1, $1, $2) returning id`, [`m-${randomUUID().slice(0, 8)}`, subject]))!.id;
  const bio = await manual('biologie');
  const chem = await manual('chimie');
  await makeGrids(t.db, await makeChapter(t.db, bio, 'Sistemul nervos', 1), repeat(60, { type: 'CM' as const }));
  await makeGrids(t.db, await makeChapter(t.db, chem, 'Alcooli', 1), repeat(30, { type: 'CS' as const }));
  admin = await makeUser(t.db, { name: 'Admin Sim', admin: true });
  A = await makeUser(t.db, { name: 'Ana Singură' });
  const r = await api(admin, 'POST', '/admin/simulations', {
    title: 'Simulare Timișoara — issue 23',
    publish: true,
    kind: 'centre',
    profile_slug: 'timisoara',
    variant: ['biologie', 'chimie'],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  simId = r.body.simulation.id;
});
afterAll(async () => t.close());

describe('the admission estimate range', () => {
  it('is never inverted: both ends stay within the scale, from its lowest grade to 10', () => {
    // Before: a grade of 0.1 gave { low: 1, high: 0.6 } ("între 1 și 0,6").
    expect(gradeRange([0.1])).toEqual({ low: 0, high: 0.6 });
    expect(gradeRange([0.1, 0.3])).toEqual({ low: 0, high: 0.7 });
    // Timișoara gives 1 point for attending: its grades start at 1.
    expect(gradeRange([1], 1)).toEqual({ low: 1, high: 1.5 });
    expect(gradeRange([0.2], 1)).toEqual({ low: 1, high: 1 });
    expect(gradeRange([9.8], 1)).toEqual({ low: 9.3, high: 10 });
    for (const grades of [[0], [0.2, 0.4, 0.1], [10], [5, 10, 0], [9.99]]) {
      for (const floor of [0, 1]) {
        const r = gradeRange(grades, floor)!;
        expect(r.low, `${grades} floor ${floor}`).toBeLessThanOrEqual(r.high);
        expect(r.low).toBeGreaterThanOrEqual(floor);
        expect(r.high).toBeLessThanOrEqual(10);
      }
    }
  });

  it('GET /simulations/estimate: a very low grade at a centre without attendance points', async () => {
    const test = (await api(A, 'POST', `/simulations/${simId}/start`)).body.test.id as string;
    expect((await api(A, 'POST', `/tests/${test}/finish`)).status).toBe(200);
    const blank = (await api(A, 'GET', '/simulations/estimate?center=timisoara')).body;
    expect(blank.grades).toEqual([1]);
    expect(blank.range).toEqual({ low: 1, high: 1.5 });
    // The same attempt as if graded at Galați (1–10 from 100 points, no attendance points), 0.2.
    await t.db.query(
      `update tests set grade = 0.2, filters = jsonb_set(filters, '{profile_slug}', '"galati"') where id = $1`,
      [test],
    );
    const low = (await api(A, 'GET', '/simulations/estimate?center=galati')).body;
    expect(low.grades).toEqual([0.2]);
    expect(low.range).toEqual({ low: 0, high: 0.7 });
    expect(low.range.low).toBeLessThanOrEqual(low.range.high);
    await t.db.query(
      `update tests set grade = 1, filters = jsonb_set(filters, '{profile_slug}', '"timisoara"') where id = $1`,
      [test],
    );
  });
});

describe('alone in the ranking', () => {
  it('no percentile when no one else finished (not "better than 100 % of the others")', async () => {
    const mine = await t.db.one<{ id: string }>(`select id from tests where user_id = $1 and simulation_id = $2`, [A.id, simId]);
    const sim = (await api(A, 'GET', `/tests/${mine!.id}/simulation`)).body;
    expect(sim).toMatchObject({ rank: 1, total: 1, percentile: null });
    const board = (await api(A, 'GET', `/tests/${mine!.id}/ranking`)).body;
    expect(board).toMatchObject({ rank: 1, total: 1, percentile: null });
    // A practice test alone on its grid set: the same.
    const manualId = (await t.db.one<{ id: number }>("select id from manuals where subject = 'chimie' order by id desc limit 1"))!.id;
    const p = (await api(A, 'POST', '/tests', { manual_id: manualId, count: 2, mode: 'exam' })).body.test.id as string;
    expect((await api(A, 'POST', `/tests/${p}/finish`)).status).toBe(200);
    expect((await api(A, 'GET', `/tests/${p}/ranking`)).body).toMatchObject({ total: 1, percentile: null });
    // A second finisher: both get a percentile again.
    const B = await makeUser(t.db, { name: 'Bogdan Doi' });
    const tb = (await api(B, 'POST', `/simulations/${simId}/start`)).body.test.id as string;
    await api(B, 'POST', `/tests/${tb}/finish`);
    expect((await api(B, 'GET', `/tests/${tb}/simulation`)).body).toMatchObject({ total: 2, percentile: expect.any(Number) });
  });
});

describe('seeded admission thresholds', () => {
  it('every seeded figure names a public source with its web address', async () => {
    const rows = await t.db.query<{ center_slug: string; specialization_slug: string; year: number; min_grade: number; source: string }>(
      `select center_slug, specialization_slug, year, min_grade, source from admission_thresholds where updated_by is null order by 1, 2, 3`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.source, `${r.center_slug}/${r.specialization_slug}/${r.year}`).toMatch(/https:\/\/\S+/);
      expect(r.year).toBeGreaterThanOrEqual(2023);
    }
    expect(rows.find((r) => r.center_slug === 'timisoara' && r.specialization_slug === 'medicina' && r.year === 2023)?.min_grade).toBe(8.52);
  });
});

describe('history', () => {
  it('a simulation attempt carries its simulation title for the history to show', async () => {
    const h = (await api(A, 'GET', '/tests?status=finished')).body;
    const sim = h.tests.find((x: { kind: string }) => x.kind === 'simulation');
    expect(sim.filters.title).toBe('Simulare Timișoara — issue 23');
  });
});

// Readiness over time (issue 31 §3): GET /simulations/estimate/history — 401 first, catalogue codes
// for a bad centre, points after each simulation of the centre and weekly from practice graded
// under the centre's profile, the last threshold with its source, the plan's centres, the bounds,
// and another candidate's tests never in the payload.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeChapter, makeGrids, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { call, firstError } from './groups-fixture.ts';
import { addDays, bucharestDate } from '../../src/shared/plan/index.ts';
import type { ReadinessList } from '../../src/shared/readiness/index.ts';

let t: TestApp;
let api: ReturnType<typeof call>;
let admin: FixtureUser, A: FixtureUser, B: FixtureUser;
let simId: string, manualId: number;
const URL = '/simulations/estimate/history';

beforeAll(async () => {
  t = await createTestApp();
  api = call(t.app);
  const manual = async (subject: string) =>
    (await t.db.one<{ id: number }>(`insert into manuals (slug, title, subject) values ($1, $1, $2) returning id`, [`m-${randomUUID().slice(0, 8)}`, subject]))!.id;
  const bio = await manual('biologie');
  const chem = await manual('chimie');
  manualId = bio;
  await makeGrids(t.db, await makeChapter(t.db, bio, 'Sistemul nervos', 1), repeat(60, { type: 'CM' as const }));
  await makeGrids(t.db, await makeChapter(t.db, chem, 'Alcooli', 1), repeat(30, { type: 'CS' as const }));
  admin = await makeUser(t.db, { name: 'Admin Sim', admin: true });
  A = await makeUser(t.db, { name: 'Ana Pregătită' });
  B = await makeUser(t.db, { name: 'Bogdan Altul' });
  const r = await api(admin, 'POST', '/admin/simulations', {
    title: 'Simulare Timișoara — readiness',
    publish: true,
    kind: 'centre',
    profile_slug: 'timisoara',
    variant: ['biologie', 'chimie'],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  simId = r.body.simulation.id;
});
afterAll(async () => t.close());

const finishSim = async (u: FixtureUser) => {
  const id = (await api(u, 'POST', `/simulations/${simId}/start`)).body.test.id as string;
  expect((await api(u, 'POST', `/tests/${id}/finish`)).status).toBe(200);
  return id;
};
const finishPractice = async (u: FixtureUser, count: number) => {
  const r = await api(u, 'POST', '/tests', { manual_id: manualId, count, mode: 'exam' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const id = r.body.test.id as string;
  expect((await api(u, 'POST', `/tests/${id}/finish`)).status).toBe(200);
  return id;
};
const get = async (u: FixtureUser, q = '') => {
  const r = await api(u, 'GET', URL + q);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as ReadinessList;
};

describe('GET /simulations/estimate/history', () => {
  it('is 401 without a token, before the query is validated', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1${URL}?center=NU%20E%20BUN` });
    expect(r.statusCode).toBe(401);
  });

  it('answers FORM_CENTER_INVALID for a malformed or unknown centre', async () => {
    for (const q of ['?center=NU%20E%20BUN', '?center=x', '?center=nu-exista']) {
      const r = await api(A, 'GET', URL + q);
      expect([r.status, firstError(r)], q).toEqual([422, 'FORM_CENTER_INVALID']);
    }
  });

  it('without a plan: the own centre, no points yet, the last threshold with its source', async () => {
    const body = await get(A);
    expect(body.centers.map((c) => c.center.slug)).toEqual(['timisoara']);
    const h = body.centers[0]!;
    expect(h.points).toEqual([]);
    expect(h.gap).toBeNull();
    expect(h.threshold).toMatchObject({ year: expect.any(Number), min_grade: expect.any(Number), specialization: expect.any(String) });
    expect(h.threshold!.source.length).toBeGreaterThan(5);
  });

  it('a point after each simulation (its grade, ± the spread of the last grades) and one per practice week', async () => {
    const sim = await finishSim(A);
    const grade = (await t.db.one<{ grade: number }>('select grade from tests where id = $1', [sim]))!.grade;
    // Three practice tests: two this week (pooled: 14 grids), one of 12 grids three weeks back, one too small (5 grids).
    await finishPractice(A, 7);
    await finishPractice(A, 7);
    const old = await finishPractice(A, 12);
    await t.db.query(`update tests set finished_at = now() - interval '21 days' where id = $1`, [old]);
    const small = await finishPractice(A, 5);
    await t.db.query(`update tests set finished_at = now() - interval '42 days' where id = $1`, [small]);
    // Older than the window: never read.
    const ancient = await finishPractice(A, 12);
    await t.db.query(`update tests set finished_at = now() - interval '200 days' where id = $1`, [ancient]);

    const h = (await get(A, '?center=timisoara')).centers[0]!;
    const sims = h.points.filter((p) => p.kind === 'simulation');
    const weeks = h.points.filter((p) => p.kind === 'practice');
    expect(sims).toEqual([{ date: bucharestDate(new Date()), kind: 'simulation', grade, low: Math.max(1, grade - 0.5), high: Math.min(10, grade + 0.5), n: 1 }]);
    expect(weeks.map((w) => w.n)).toEqual([12, 14]);
    for (const w of weeks) {
      expect(w.low).toBeLessThanOrEqual(w.grade);
      expect(w.high).toBeGreaterThan(w.grade);
      expect(w.low).toBeGreaterThanOrEqual(1); // Timișoara's floor: the attendance point
      expect(new Date(`${w.date}T12:00:00Z`).getUTCDay()).toBe(1); // dated on the week's Monday
    }
    expect(h.points.map((p) => p.date)).toEqual([...h.points.map((p) => p.date)].sort());
    expect(h.gap).toBeCloseTo(h.points.at(-1)!.grade - h.threshold!.min_grade, 5);
  });

  it("the plan's centres, in exam-date order; another candidate's tests never in the payload", async () => {
    const today = bucharestDate(new Date());
    const r = await api(A, 'PUT', '/plan/settings', {
      centres: [
        { slug: 'timisoara', exam_date: addDays(today, 60) },
        { slug: 'galati', exam_date: addDays(today, 30) },
      ],
      week_minutes: [60, 60, 60, 60, 60, 60, 0],
      reminder_hour: null,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const before = await get(A);
    expect(before.centers.map((c) => c.center.slug)).toEqual(['galati', 'timisoara']);
    // Galați: no simulation of that centre, but the same practice weeks graded under Galați's rules.
    expect(before.centers[0]!.points.every((p) => p.kind === 'practice')).toBe(true);
    expect(before.centers[0]!.points.map((p) => p.n)).toEqual([12, 14]);

    await finishSim(B);
    await finishSim(B);
    await finishPractice(B, 20);
    expect(await get(A)).toEqual(before);
    const mine = (await get(B)).centers[0]!;
    expect(mine.points.filter((p) => p.kind === 'simulation')).toHaveLength(2);
    expect(mine.points.filter((p) => p.kind === 'practice').map((p) => p.n)).toEqual([20]);
    expect(mine.points.at(-1)!.n).toBe(2); // the second simulation's band uses both grades
  });

  it("the threshold of the candidate's own specialization when the centre has it, else the first", async () => {
    const year = 2090; // later than any seeded year: these rows are the centre's last
    for (const [spec, grade] of [['medicina', 9.1], ['farmacie', 8.2]] as const)
      await t.db.query(
        `insert into admission_thresholds (center_slug, specialization_slug, year, min_grade, places, source) values ('timisoara', $1, $2, $3, 100, 'Date de test')`,
        [spec, year, grade],
      );
    const C = await makeUser(t.db, { name: 'Corina Farmacie' });
    await t.db.query(`update users set specialization_id = (select id from specializations where slug = 'farmacie') where id = $1`, [C.id]);
    const own = (await get(C, '?center=timisoara')).centers[0]!.threshold;
    expect(own).toMatchObject({ year, min_grade: 8.2, specialization: 'Farmacie' });
    // A candidate whose specialization the centre has no figure for: the centre's first (by the list's order).
    await t.db.query(`update users set specialization_id = (select id from specializations where slug = 'moasa') where id = $1`, [C.id]);
    expect((await get(C, '?center=timisoara')).centers[0]!.threshold).toMatchObject({ year, min_grade: 9.1, specialization: 'Medicină' });
  });
});

// Simulations (issue 9 §1): admin build + publish to a centre's format, candidate list / open by
// uuid / start (a test of kind 'simulation' through the practice engine), premium gate, window,
// grading under the simulation's centre (not the candidate's), rank and percentile, breakdowns.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeChapter, makeGrids, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { call, firstError } from './groups-fixture.ts';
import { gradeRange, verdict } from '../../server/modules/simulations/estimate.ts';

let t: TestApp;
let api: ReturnType<typeof call>;
let admin: FixtureUser, A: FixtureUser, B: FixtureUser, C: FixtureUser;
const base = { kind: 'centre', profile_slug: 'timisoara', variant: ['biologie', 'chimie'] };

async function manual(subject: string): Promise<number> {
  const m = await t.db.one<{ id: number }>(
    `insert into manuals (slug, title, subject) values ($1, $1, $2) returning id`,
    [`m-${randomUUID().slice(0, 8)}`, subject],
  );
  return m!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  api = call(t.app);
  const bio = await manual('biologie');
  const chem = await manual('chimie');
  // Timișoara: Q1–60 CM biology, Q61–90 CS chemistry. Enough for two free papers' worth of draws.
  await makeGrids(t.db, await makeChapter(t.db, bio, 'Sistemul nervos', 1), repeat(35, { type: 'CM' as const }));
  await makeGrids(t.db, await makeChapter(t.db, bio, 'Digestia', 2), repeat(35, { type: 'CM' as const }));
  await makeGrids(t.db, await makeChapter(t.db, bio, 'Premium', 3), repeat(5, { type: 'CM' as const, premium: true }));
  await makeGrids(t.db, await makeChapter(t.db, chem, 'Alcooli', 1), repeat(35, { type: 'CS' as const }));
  admin = await makeUser(t.db, { name: 'Admin Sim', admin: true });
  A = await makeUser(t.db, { name: 'Ana Alfa', center: 'bucuresti' });
  B = await makeUser(t.db, { name: 'Bogdan Beta', premium: true });
  C = await makeUser(t.db, { name: 'Cris Gama' });
});
afterAll(async () => t.close());

async function create(extra: Record<string, unknown> = {}) {
  const r = await api(admin, 'POST', '/admin/simulations', { title: 'Simulare Timișoara 1', publish: true, ...base, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.simulation as { id: string; grid_count: number; time_limit_s: number };
}

/** Answers every grid of a test: biology CM with the key A,C; chemistry CS with B (or wrong). */
async function solve(u: FixtureUser, testId: string, rightUpTo: number) {
  const d = (await api(u, 'GET', `/tests/${testId}`)).body;
  for (const g of d.grids as Array<{ id: number; type: string; position: number }>) {
    const right = g.position <= rightUpTo;
    const marked = g.type === 'CM' ? (right ? ['A', 'C'] : ['A', 'B']) : right ? ['B'] : ['D'];
    const r = await api(u, 'PUT', `/tests/${testId}/answers/${g.id}`, { id: randomUUID(), marked });
    expect(r.status).toBe(200);
  }
}

describe('admin builds and publishes a simulation', () => {
  it('needs an admin, validates the body and the centre variant', async () => {
    expect((await api(null, 'POST', '/admin/simulations', {})).status).toBe(401);
    expect((await api(A, 'POST', '/admin/simulations', { title: 'x', ...base })).status).toBe(403);
    const bad = await api(admin, 'POST', '/admin/simulations', { ...base, title: 'x', variant: ['biologie', 'fizica'] });
    expect([bad.status, firstError(bad)]).toEqual([422, 'FORM_SIMULATION_VARIANT_INVALID']);
    const noCentre = await api(admin, 'POST', '/admin/simulations', { ...base, title: 'x', profile_slug: 'atlantida' });
    expect([noCentre.status, firstError(noCentre)]).toEqual([422, 'FORM_CENTER_INVALID']);
    const noBook = await api(admin, 'POST', '/admin/simulations', { ...base, title: 'x', kind: 'source' });
    expect(noBook.status).toBe(422);
    const tooFew = await api(admin, 'POST', '/admin/simulations', { ...base, title: 'x', kind: 'source', source_book: 'Nicio carte' });
    expect([tooFew.status, firstError(tooFew)]).toEqual([422, 'FORM_NOT_ENOUGH_GRIDS']);
  });

  it("builds the paper in the centre's order and shape, hidden until published", async () => {
    const sim = await create({ publish: false });
    expect(sim.grid_count).toBe(90);
    expect(sim.time_limit_s).toBe(180 * 60);
    const shape = await t.db.query<{ type: string; subject: string; premium: boolean }>(
      `select g.type, m.subject, g.is_premium as premium from simulation_grids sg join grids g on g.id = sg.grid_id
         join chapters c on c.id = g.chapter_id join manuals m on m.id = c.manual_id
        where sg.simulation_id = $1 order by sg.position`,
      [sim.id],
    );
    expect(shape.slice(0, 60).every((g) => g.type === 'CM' && g.subject === 'biologie' && !g.premium)).toBe(true);
    expect(shape.slice(60).every((g) => g.type === 'CS' && g.subject === 'chimie')).toBe(true);
    expect((await api(A, 'GET', `/simulations/${sim.id}`)).status).toBe(404);
    expect((await api(A, 'POST', `/simulations/${sim.id}/start`)).status).toBe(404);
    expect((await api(A, 'GET', '/admin/simulations')).status).toBe(403);
    const drafts = (await api(admin, 'GET', '/admin/simulations')).body.simulations;
    expect(drafts.find((d: { id: string }) => d.id === sim.id)).toMatchObject({ published: false, grid_count: 90 });
    expect((await api(A, 'POST', `/admin/simulations/${sim.id}/publish`)).status).toBe(403);
    const pub = await api(admin, 'POST', `/admin/simulations/${sim.id}/publish`);
    expect([pub.status, pub.body.simulation.published]).toEqual([200, true]);
    expect((await api(A, 'GET', `/simulations/${sim.id}`)).body.simulation.window).toBe('open');
    await t.db.query('delete from simulations where id = $1', [sim.id]);
  });
});

describe('taking a simulation', () => {
  let simId: string;
  let testA: string;
  beforeAll(async () => {
    simId = (await create()).id;
  });

  it('lists by centre and variant, by kind, and opens by uuid', async () => {
    const byCentre = await api(A, 'GET', '/simulations?kind=centre&center=timisoara&variant=biologie,chimie');
    expect(byCentre.body.simulations.map((s: { id: string }) => s.id)).toContain(simId);
    const other = await api(A, 'GET', '/simulations?center=timisoara&variant=biologie,fizica');
    expect(other.body.simulations).toEqual([]);
    const bad = await api(A, 'GET', '/simulations?variant=latina');
    expect([bad.status, firstError(bad)]).toEqual([422, 'FORM_SIMULATION_VARIANT_INVALID']);
    expect((await api(null, 'GET', '/simulations')).status).toBe(401);
    expect((await api(A, 'GET', '/simulations/nu-e-uuid')).status).toBe(404);
    expect((await api(A, 'GET', `/simulations/${randomUUID()}`)).status).toBe(404);
  });

  it("one candidate's concurrent starts make one attempt; other candidates' starts do not wait on it", async () => {
    // Exam day in small: 12 candidates start at once, each two or three times (a double tap, a
    // retried request). The guard is the candidate's own (an advisory lock on user and simulation),
    // not the simulation's row: every candidate gets exactly one test, created once.
    const many: FixtureUser[] = [];
    for (let i = 0; i < 12; i++) many.push(await makeUser(t.db, { name: `Candidat Grăbit ${i}` }));
    const who = many.flatMap((u, i) => (i % 2 ? [u, u, u] : [u, u]));
    // Interleaved, so one candidate's starts are not all in a row.
    who.sort((x, y) => ((x.id * 7919) % 13) - ((y.id * 7919) % 13) || x.id - y.id);
    const starts = await Promise.all(who.map((u) => api(u, 'POST', `/simulations/${simId}/start`)));
    for (const u of many) {
      const mine = starts.filter((_, i) => who[i] === u);
      expect(new Set(mine.map((r) => r.body.test.id)).size).toBe(1);
      expect(mine.filter((r) => r.status === 201)).toHaveLength(1);
      expect(mine.filter((r) => r.status === 200)).toHaveLength(mine.length - 1);
    }
    expect(new Set(starts.map((r) => r.body.test.id)).size).toBe(many.length);
    const rows = await t.db.query<{ n: number; grids: number }>(
      `select count(*)::int as n, min(t.grid_count)::int as grids from tests t
        where simulation_id = $1 and user_id = any($2::int[]) and status = 'unfinished' group by user_id`,
      [simId, many.map((u) => u.id)],
    );
    expect(rows).toHaveLength(many.length);
    expect(rows.every((r) => r.n === 1 && r.grids === 90)).toBe(true);
  });

  it('starts an exam-mode test of kind simulation, resumes it, keeps the key hidden', async () => {
    const r = await api(A, 'POST', `/simulations/${simId}/start`);
    expect(r.status).toBe(201);
    expect(r.body.test).toMatchObject({ kind: 'simulation', mode: 'exam', grid_count: 90, time_limit_s: 10800 });
    testA = r.body.test.id;
    const again = await api(A, 'POST', `/simulations/${simId}/start`);
    expect([again.status, again.body.test.id]).toEqual([200, testA]);
    const detail = (await api(A, 'GET', `/tests/${testA}`)).body;
    expect(detail.grids.every((g: { correct: unknown; explanation: unknown }) => g.correct === null && g.explanation === null)).toBe(true);
    const early = await api(A, 'GET', `/tests/${testA}/simulation`);
    expect([early.status, firstError(early)]).toEqual([409, 'FORM_TEST_NOT_FINISHED']);
    expect((await api(B, 'GET', `/tests/${testA}/simulation`)).status).toBe(404);
  });

  it("grades under the simulation's centre, ranks everyone who finished it, breaks down by subject and chapter", async () => {
    await solve(A, testA, 90);
    const fin = await api(A, 'POST', `/tests/${testA}/finish`);
    expect(fin.status).toBe(200);
    // Timișoara: 60 + 15×1 + 10×0.5 + 5×2 = 90 points, (10 + 90) / 10 = 10.00 — although Ana's centre is București.
    expect(fin.body.result).toMatchObject({ score: 90, max_score: 90, grade: 10, profile: 'timisoara', mapping: 'positional' });
    const rA = (await api(A, 'GET', `/tests/${testA}/simulation`)).body;
    expect(rA).toMatchObject({ score: 90, grade: 10, passed: true, rank: 1, total: 1, percentile: null, profile_known: true });
    expect(rA.by_subject).toEqual([
      { key: 'biologie', label: 'Biologie', points: 60, max_points: 60, right: 60, total: 60 },
      { key: 'chimie', label: 'Chimie', points: 30, max_points: 30, right: 30, total: 30 },
    ]);
    expect(rA.by_chapter.map((c: { total: number }) => c.total).reduce((a: number, b: number) => a + b, 0)).toBe(90);

    const testB = (await api(B, 'POST', `/simulations/${simId}/start`)).body.test.id as string;
    await solve(B, testB, 30); // 30 biology right, the rest wrong
    const finB = await api(B, 'POST', `/tests/${testB}/finish`);
    expect(finB.body.result).toMatchObject({ score: 30, grade: 4, passed: false });
    const rB = (await api(B, 'GET', `/tests/${testB}/simulation`)).body;
    expect(rB).toMatchObject({ rank: 2, total: 2, percentile: 0 });
    const rA2 = (await api(A, 'GET', `/tests/${testA}/simulation`)).body;
    expect(rA2).toMatchObject({ rank: 1, total: 2, percentile: 100 });
    // Two takers are too few to show the paper's hardest grids.
    expect(rA2.hardest).toEqual([]);
    // The practice ranking page agrees: same simulation, score under its centre.
    const board = (await api(B, 'GET', `/tests/${testB}/ranking`)).body;
    expect(board).toMatchObject({ rank: 2, total: 2, percentile: 0 });
    expect(board.entries.map((e: { score: number }) => e.score)).toEqual([90, 30]);
    const listed = (await api(A, 'GET', `/simulations/${simId}`)).body.simulation;
    expect(listed).toMatchObject({ finished_count: 2, my_open_test_id: null, my_best: { test_id: testA, score: 90, grade: 10 } });
    // A new attempt after finishing is a new test.
    const second = await api(A, 'POST', `/simulations/${simId}/start`);
    expect(second.status).toBe(201);
    expect(second.body.test.id).not.toBe(testA);
  });

  it('finishes by itself when the time runs out (auto-submit), with the blank grade', async () => {
    const testC = (await api(C, 'POST', `/simulations/${simId}/start`)).body.test.id as string;
    await t.db.query(`update tests set started_at = now() - interval '4 hours' where id = $1`, [testC]);
    const r = await api(C, 'GET', `/tests/${testC}/simulation`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ score: 0, grade: 1, rank: 3, total: 3, percentile: 0 });
    const t2 = (await api(C, 'GET', `/tests/${testC}`)).body.test;
    expect([t2.status, t2.finish_reason]).toEqual(['finished', 'expired']);
  });

  it('shows the hardest grids once five candidates finished, by the share answered right', async () => {
    for (const name of ['Dan Delta', 'Elena Epsilon']) {
      const u = await makeUser(t.db, { name });
      const id = (await api(u, 'POST', `/simulations/${simId}/start`)).body.test.id as string;
      expect((await api(u, 'POST', `/tests/${id}/finish`)).status).toBe(200);
    }
    const r = (await api(A, 'GET', `/tests/${testA}/simulation`)).body;
    // Ana (all right), Bogdan (1–30 right), Cris, Dan and Elena (blank): 31–90 right once in five, 1–30 twice.
    expect(r.hardest.map((g: { position: number }) => g.position)).toEqual([31, 32, 33, 34, 35]);
    expect(r.hardest[0]).toMatchObject({ share_right: 0.2, attempts: 5 });
    expect(typeof r.hardest[0].statement).toBe('string');
  });

  it('answers FORM_TEST_NOT_SIMULATION for a practice test', async () => {
    const manualId = (await t.db.one<{ id: number }>("select id from manuals where subject = 'chimie' limit 1"))!.id;
    const p = await api(A, 'POST', '/tests', { manual_id: manualId, count: 2, mode: 'exam' });
    expect(p.status).toBe(201);
    const r = await api(A, 'GET', `/tests/${p.body.test.id}/simulation`);
    expect([r.status, firstError(r)]).toEqual([409, 'FORM_TEST_NOT_SIMULATION']);
  });
});

describe('premium papers and windows', () => {
  it('a premium simulation is for premium candidates only', async () => {
    const sim = await create({ title: 'Premium', is_premium: true });
    const r = await api(A, 'POST', `/simulations/${sim.id}/start`);
    expect([r.status, firstError(r)]).toEqual([403, 'FORM_PREMIUM_CONTENT_ONLY']);
    expect((await api(B, 'POST', `/simulations/${sim.id}/start`)).status).toBe(201);
  });

  it('starts only inside its window; an attempt already running may go on after it closes', async () => {
    const day = 86400_000;
    const later = await create({ title: 'Mâine', opens_at: new Date(Date.now() + day).toISOString() });
    const r1 = await api(A, 'POST', `/simulations/${later.id}/start`);
    expect([r1.status, firstError(r1)]).toEqual([409, 'FORM_SIMULATION_NOT_OPEN']);
    expect((await api(A, 'GET', `/simulations/${later.id}`)).body.simulation.window).toBe('upcoming');
    const closing = await create({ title: 'Azi', closes_at: new Date(Date.now() + day).toISOString() });
    const running = (await api(A, 'POST', `/simulations/${closing.id}/start`)).body.test.id;
    await t.db.query(`update simulations set closes_at = now() - interval '1 minute' where id = $1`, [closing.id]);
    const resumed = await api(A, 'POST', `/simulations/${closing.id}/start`);
    expect([resumed.status, resumed.body.test.id]).toEqual([200, running]);
    const r2 = await api(C, 'POST', `/simulations/${closing.id}/start`);
    expect([r2.status, firstError(r2)]).toEqual([409, 'FORM_SIMULATION_CLOSED']);
  });

  it("a partner's (Medinsider) simulation keeps the partner's uuid", async () => {
    const id = randomUUID();
    const sim = await create({ id, kind: 'medinsider', title: 'Medinsider 1' });
    expect(sim.id).toBe(id);
    expect((await api(C, 'GET', `/simulations/${id}`)).body.simulation.kind).toBe('medinsider');
    const dup = await api(admin, 'POST', '/admin/simulations', { ...base, id, title: 'again' });
    expect([dup.status, firstError(dup)]).toEqual([422, 'FORM_UUID_INVALID']);
  });
});

describe('admission estimate (thresholds are editable data with sources)', () => {
  it('is a range from the latest grades, never narrower than ±0.5', () => {
    expect(gradeRange([])).toBeNull();
    expect(gradeRange([8])).toEqual({ low: 7.5, high: 8.5 });
    expect(gradeRange([6, 8])).toEqual({ low: 5.59, high: 8.41 }); // mean 7, sample sd √2
    expect(gradeRange([9.9, 10])).toEqual({ low: 9.45, high: 10 });
    expect(verdict({ low: 9.5, high: 10 }, [9.2, 9.6])).toBe('borderline');
    expect(verdict({ low: 9.5, high: 10 }, [8])).toBe('above');
    expect(verdict({ low: 5, high: 6 }, [8, 9])).toBe('below');
    expect(verdict(null, [8])).toBeNull();
  });

  it('admins edit thresholds; the candidate sees their range against each year, with sources', async () => {
    const url = '/admin/admission-thresholds/timisoara/medicina/2025';
    const body = { min_grade: 9.6, places: 300, source: 'Lista finală UMF Timișoara 2025 (exemplu de test)' };
    expect((await api(A, 'PUT', url, body)).status).toBe(403);
    const bad = await api(admin, 'PUT', url, { ...body, min_grade: 11 });
    expect([bad.status, bad.body.errors.min_grade]).toEqual([422, ['FIELD_TOO_LARGE']]);
    const noSource = await api(admin, 'PUT', url, { min_grade: 9 });
    expect(noSource.status).toBe(422);
    expect((await api(admin, 'PUT', '/admin/admission-thresholds/timisoara/astrologie/2025', body)).status).toBe(404);
    expect((await api(admin, 'PUT', url, body)).status).toBe(200);
    expect((await api(admin, 'PUT', '/admin/admission-thresholds/timisoara/medicina/2024', { ...body, min_grade: 9.2 })).status).toBe(200);
    expect((await api(admin, 'PUT', '/admin/admission-thresholds/timisoara/farmacie/2025', { ...body, min_grade: 8 })).status).toBe(200);

    const e = (await api(A, 'GET', '/simulations/estimate?center=timisoara')).body;
    expect(e.grades).toEqual([10]);
    expect(e.range).toEqual({ low: 9.5, high: 10 });
    const med = e.specializations.find((s: { slug: string }) => s.slug === 'medicina');
    // Newest first; 2023 is the seeded figure with its public source (migration 037).
    expect(med.thresholds.map((t: { year: number; min_grade: number }) => [t.year, t.min_grade])).toEqual([[2025, 9.6], [2024, 9.2], [2023, 8.52]]);
    expect(med.thresholds[0].source).toContain('Timișoara');
    expect(med.verdict).toBe('borderline');
    expect(e.specializations.find((s: { slug: string }) => s.slug === 'farmacie').verdict).toBe('above');
    expect(e.specializations.find((s: { slug: string }) => s.slug === 'moasa')).toMatchObject({ thresholds: [], verdict: null });
    // No simulation at a centre: no range, no verdict.
    const none = (await api(A, 'GET', '/simulations/estimate?center=iasi')).body;
    expect([none.range, none.specializations[0].verdict]).toEqual([null, null]);
    const bad2 = await api(A, 'GET', '/simulations/estimate?center=atlantida');
    expect([bad2.status, firstError(bad2)]).toEqual([422, 'FORM_CENTER_INVALID']);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { DEFAULT_SCORING_PROFILES, defaultProfile } from '../../src/shared/scoring-profiles.ts';

let t: TestApp;
let admin: FixtureUser;
let manualId: number; // one chapter of 4 CM grids, correct A,C

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, { admin: true });
  const c = await makeContent(t.db, [repeat(4, { type: 'CM' as const })]);
  manualId = c.manualId;
});
afterAll(() => t.close());

const call = (u: FixtureUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: u ? u.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Creates a test over all 4 CM grids, answers, finishes; returns its id. */
async function takeTest(u: FixtureUser, marks: string[][], startedSecondsAgo = 0): Promise<string> {
  const res = await call(u, 'POST', '/tests', { manual_id: manualId, count: 4, mode: 'exam' });
  const id = res.json().test.id as string;
  if (startedSecondsAgo)
    await t.db.query(`update tests set started_at = now() - make_interval(secs => $2) where id = $1`, [
      id,
      startedSecondsAgo,
    ]);
  const grids = (await call(u, 'GET', `/tests/${id}`)).json().grids as Array<{ id: number }>;
  for (const [i, g] of grids.entries())
    if (marks[i]?.length)
      await call(u, 'PUT', `/tests/${id}/answers/${g.id}`, { id: randomUUID(), marked: marks[i] });
  const fin = await call(u, 'POST', `/tests/${id}/finish`);
  expect(fin.statusCode, fin.body).toBe(200);
  return id;
}

describe('scoring profiles API', () => {
  it('GET /scoring-profiles is public and returns the seeded defaults', async () => {
    const res = await call(null, 'GET', '/scoring-profiles');
    expect(res.statusCode).toBe(200);
    const profiles = res.json().profiles as Array<{ slug: string }>;
    expect(profiles.map((p) => p.slug).sort()).toEqual(DEFAULT_SCORING_PROFILES.map((p) => p.slug).sort());
    expect(profiles[0]).toEqual(defaultProfile('bucuresti')); // centres' order
    expect(profiles.find((p) => p.slug === 'timisoara')).toEqual(defaultProfile('timisoara'));
  });
  it('PUT /admin/scoring-profiles/:slug: admins only, validated, then used', async () => {
    const body = { ...defaultProfile('sibiu')!, slug: undefined, known: true, estimated_parts: [], source: 'Metodologia 2026' };
    delete (body as { slug?: string }).slug;
    const user = await makeUser(t.db);
    expect((await call(null, 'PUT', '/admin/scoring-profiles/sibiu', body)).statusCode).toBe(401);
    const forbidden = await call(user, 'PUT', '/admin/scoring-profiles/sibiu', body);
    expect(forbidden.statusCode).toBe(403);
    const bad = await call(admin, 'PUT', '/admin/scoring-profiles/sibiu', {
      ...body,
      ranges: [{ ...body.ranges[0], from: 2 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'ranges.0.from': ['SCORING_RANGE_START'] });
    const badRule = await call(admin, 'PUT', '/admin/scoring-profiles/sibiu', {
      ...body,
      type_rules: { ...body.type_rules, CM: { rule: 'x', points: 1 } },
    });
    expect(badRule.statusCode).toBe(422);
    const unknown = await call(admin, 'PUT', '/admin/scoring-profiles/atlantis', body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors.general).toEqual(['FORM_SCORING_PROFILE_NOT_FOUND']);
    // Sibiu becomes all-or-nothing for CM
    const edited = { ...body, type_rules: { ...body.type_rules, CM: { rule: 'all_or_nothing', points: 1 } } };
    const ok = await call(admin, 'PUT', '/admin/scoring-profiles/sibiu', edited);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      success: 'SCORING_PROFILE_SAVED',
      profile: { slug: 'sibiu', known: true },
    });
    const list = (await call(null, 'GET', '/scoring-profiles')).json().profiles as Array<{
      slug: string;
      known: boolean;
    }>;
    expect(list.find((p) => p.slug === 'sibiu')!.known).toBe(true);
    const sibiu = await makeUser(t.db, { center: 'sibiu' });
    const id = await takeTest(sibiu, [['A', 'C'], ['A'], ['A'], []]);
    const res = await call(sibiu, 'GET', `/tests/${id}/results`);
    expect(res.json().result).toMatchObject({ profile: 'sibiu', score: 1 }); // partials earn nothing now
  });
});

describe('PUT /admin/scoring-profiles/:slug consistency (issue 9 §2)', () => {
  const galati = () => {
    const { slug: _s, ...rest } = defaultProfile('galati')!;
    return structuredClone(rest);
  };
  const put = (body: unknown) => call(admin, 'PUT', '/admin/scoring-profiles/galati', body);
  it('rejects overlapping, gapped, reversed and mis-ended ranges, each on its field', async () => {
    const overlap = galati();
    overlap.ranges[1]!.from = 55;
    const r1 = await put(overlap);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors).toEqual({ 'ranges.1.from': ['SCORING_RANGE_OVERLAP'] });
    const gap = galati();
    gap.ranges[1]!.from = 65;
    expect((await put(gap)).json().errors).toEqual({ 'ranges.1.from': ['SCORING_RANGE_GAP'] });
    const reversed = galati();
    reversed.ranges[1] = { ...reversed.ranges[1]!, from: 61, to: 40 };
    const r3 = (await put(reversed)).json().errors;
    expect(r3['ranges.1.to']).toEqual(['SCORING_RANGE_REVERSED']);
    const short = galati();
    short.question_count = 90;
    expect((await put(short)).json().errors).toEqual({ question_count: ['SCORING_RANGES_END_MISMATCH'] });
  });
  it('rejects an unreachable pass mark, a subject outside the variants, a repeated variant, known with estimates', async () => {
    const pass = galati();
    pass.final.pass_mark = 11; // 100 points / 10 = 10 at most
    expect((await put(pass)).json().errors).toEqual({ 'final.pass_mark': ['SCORING_PASS_MARK_UNREACHABLE'] });
    const subject = galati();
    subject.subject_variants = [['biologie', 'fizica']];
    expect((await put(subject)).json().errors).toEqual({ 'ranges.1.subject': ['SCORING_RANGE_SUBJECT_NOT_ALLOWED'] });
    const twice = galati();
    twice.subject_variants = [['biologie', 'chimie'], ['chimie', 'biologie']];
    expect((await put(twice)).json().errors).toEqual({ 'subject_variants.1': ['SCORING_VARIANT_REPEATED'] });
    const known = galati();
    known.known = true;
    expect((await put(known)).json().errors).toEqual({ known: ['SCORING_KNOWN_WITH_ESTIMATES'] });
    const none = galati();
    none.estimated_parts = [];
    expect((await put(none)).json().errors).toEqual({ estimated_parts: ['SCORING_ESTIMATE_PARTS_REQUIRED'] });
    const year = galati();
    (year as { source_year: unknown }).source_year = 'x'.repeat(41);
    expect((await put(year)).json().errors).toEqual({ source_year: ['FIELD_TOO_LONG'] });
    // nothing was saved by the rejected calls
    const list = (await call(null, 'GET', '/scoring-profiles')).json().profiles as Array<{ slug: string }>;
    expect(list.find((p) => p.slug === 'galati')).toEqual(defaultProfile('galati'));
  });
  it('saves the year and the estimated parts and serves them', async () => {
    const body = galati();
    body.source_year = '2024';
    body.estimated_parts = ['rules'];
    body.ranges[0]!.rule = 'proportional_zero_on_wrong';
    const ok = await put(body);
    expect(ok.statusCode, ok.body).toBe(200);
    const list = (await call(null, 'GET', '/scoring-profiles')).json().profiles as Array<{ slug: string }>;
    expect(list.find((p) => p.slug === 'galati')).toMatchObject({
      source_year: '2024',
      estimated_parts: ['rules'],
      ranges: [{ from: 1, to: 60, rule: 'proportional_zero_on_wrong' }, { from: 61, to: 100 }],
    });
  });
});

describe('results', () => {
  it('grades with the user centre profile and shows every centre', async () => {
    const u = await makeUser(t.db, { center: 'bucuresti' });
    // right, half, wrong, blank
    const id = await takeTest(u, [['A', 'C'], ['A'], ['A', 'B'], []]);
    const res = await call(u, 'GET', `/tests/${id}/results`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Bucureşti: all-or-nothing → 1 of 4 → 25 of 100 → 2.5
    expect(body.result).toMatchObject({
      profile: 'bucuresti',
      score: 1,
      max_score: 4,
      grade: 2.5,
      passed: false,
    });
    expect(body.grids).toHaveLength(4);
    const outcomes = body.grids.map((g: { outcome: string }) => g.outcome).sort();
    expect(outcomes).toEqual(['blank', 'partial', 'right', 'wrong']);
    const half = body.grids.find((g: { outcome: string }) => g.outcome === 'partial');
    expect(half).toMatchObject({
      marked: ['A'],
      correct: ['A', 'C'],
      points: 0,
      max_points: 1,
      explanation: expect.any(String),
      chapter: { id: expect.any(Number) },
    });
    const tm = body.by_center.find((c: { slug: string }) => c.slug === 'timisoara');
    // Timișoara: 1 + 0.5 = 1.5 of 4 → 33.75 of 90 → (10 + 33.75)/10 = 4.375 → 4.37
    expect(tm).toMatchObject({ score: 1.5, max_score: 4, grade: 4.37, known: true, mapping: 'by_type' });
    expect(body.by_center).toHaveLength(DEFAULT_SCORING_PROFILES.length);
  });
  it('a user without a centre is graded with the reference profile (Timișoara)', async () => {
    const u = await makeUser(t.db, { center: null });
    const id = await takeTest(u, [
      ['A', 'C'],
      ['A', 'C'],
      ['A', 'C'],
      ['A', 'C'],
    ]);
    expect((await call(u, 'GET', `/tests/${id}/results`)).json().result).toMatchObject({
      profile: 'timisoara',
      grade: 10,
      passed: true,
    });
  });
  it('results before finishing are 409 FORM_TEST_NOT_FINISHED', async () => {
    const u = await makeUser(t.db);
    const id = (await call(u, 'POST', '/tests', { manual_id: manualId, count: 1, mode: 'exam' })).json().test
      .id;
    const res = await call(u, 'GET', `/tests/${id}/results`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.general).toEqual(['FORM_TEST_NOT_FINISHED']);
    expect((await call(u, 'GET', `/tests/${id}/ranking`)).statusCode).toBe(409);
  });
});

describe('ranking', () => {
  it('ranks everyone who finished the same grid set by score then time, with percentile', async () => {
    const ana = await makeUser(t.db, { name: 'Pop Ana', center: 'bucuresti' });
    const dan = await makeUser(t.db, { name: 'Ionescu Dan' });
    const ema = await makeUser(t.db, { name: 'Vasile Ema Maria' });
    // Ranking uses the reference (Timișoara) score so centres compare fairly.
    const anaTest = await takeTest(ana, [['A', 'C'], ['A', 'C'], ['A'], []], 600); // 2.5
    const danTest = await takeTest(dan, [['A', 'C'], ['A', 'C'], ['A'], []], 300); // 2.5, faster
    const emaTest = await takeTest(ema, [['A', 'C'], [], [], []], 100); // 1
    await takeTest(ema, [[], [], [], []], 50); // a worse second attempt: her best counts
    const res = await call(ana, 'GET', `/tests/${anaTest}/ranking`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    // earlier tests of this file used the same 4 grids: only these three users are compared here
    const mine = r.entries.filter((e: { name: string }) =>
      ['Pop A.', 'Ionescu D.', 'Vasile E.'].includes(e.name),
    );
    expect(mine.map((e: { name: string }) => e.name)).toEqual(['Ionescu D.', 'Pop A.', 'Vasile E.']);
    expect(r.entries.find((e: { is_me: boolean }) => e.is_me)).toMatchObject({ name: 'Pop A.', score: 2.5 });
    const dr = (await call(dan, 'GET', `/tests/${danTest}/ranking`)).json();
    const er = (await call(ema, 'GET', `/tests/${emaTest}/ranking`)).json();
    expect(dr.rank).toBeLessThan(r.rank);
    expect(r.rank).toBeLessThan(er.rank);
    expect(dr.total).toBe(r.total);
    expect(er.percentile).toBeLessThan(r.percentile);
    expect(r.percentile).toBeLessThan(dr.percentile);
  });
  it('percentile with exactly three users', async () => {
    const c = await makeContent(t.db, [repeat(2, { type: 'CS' as const })]);
    const users = await Promise.all([
      makeUser(t.db, { name: 'A Unu' }),
      makeUser(t.db, { name: 'B Doi' }),
      makeUser(t.db, { name: 'C Trei' }),
    ]);
    const ids: string[] = [];
    for (const [i, u] of users.entries()) {
      const res = await call(u, 'POST', '/tests', { manual_id: c.manualId, count: 2, mode: 'exam' });
      const id = res.json().test.id as string;
      const grids = (await call(u, 'GET', `/tests/${id}`)).json().grids as Array<{ id: number }>;
      // user 0: 2 right, user 1: 1 right, user 2: none
      for (const g of grids.slice(0, 2 - i))
        await call(u, 'PUT', `/tests/${id}/answers/${g.id}`, { id: randomUUID(), marked: ['B'] });
      await call(u, 'POST', `/tests/${id}/finish`);
      ids.push(id);
    }
    const got = await Promise.all(
      users.map((u, i) => call(u, 'GET', `/tests/${ids[i]}/ranking`).then((r) => r.json())),
    );
    expect(got.map((g) => [g.rank, g.total, g.percentile])).toEqual([
      [1, 3, 100],
      [2, 3, 50],
      [3, 3, 0],
    ]);
    expect(got[1].entries.map((e: { name: string; is_me: boolean }) => [e.name, e.is_me])).toEqual([
      ['A U.', false],
      ['B D.', true],
      ['C T.', false],
    ]);
  });
});

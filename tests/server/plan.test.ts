// The study plan API (issue 31 §1) on the database of the run (PGlite, or PostgreSQL with
// DATABASE_URL): settings saved and read back, the plan from the server's own records (a chapter
// marked read, grids answered today), what changed since an earlier day's plan, another candidate's
// plan never seen, bad input → catalogue codes, 401 before validation, the admin's exam dates.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeUser, type TestUser } from './fixtures/content-users.ts';
import { addDays, bucharestDate } from '../../src/shared/plan/index.ts';
import { plural } from '../../src/shared/ro-count.ts';
import type { PlanResponse } from '../../src/shared/plan-payloads.ts';

let t: TestApp;
let ana: TestUser;
let bogdan: TestUser;
let admin: TestUser;
const chapterIds: number[] = [];
const gridIds: number[] = [];
const today = bucharestDate();
const exam = addDays(today, 100);

beforeAll(async () => {
  t = await createTestApp();
  [ana, bogdan, admin] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db, { admin: true })];
  const bio = await t.db.one<{ id: number }>(
    `insert into manuals (slug, title, subject, sort) values ('plan-bio', 'Biologie XI', 'biologie', -2) returning id`,
  );
  for (const [i, slug] of ['sistemul-nervos', 'analizatorii', 'glandele'].entries()) {
    const c = await t.db.one<{ id: number }>(
      `insert into chapters (manual_id, slug, title, sort, blocks) values ($1, $2, $3, $4, $5::jsonb) returning id`,
      [bio!.id, slug, `Capitolul ${slug}`, i, JSON.stringify([{ type: 'p', text: 'x'.repeat(20_000) }])],
    );
    chapterIds.push(c!.id);
    for (let k = 0; k < 10; k++) {
      const g = await t.db.one<{ id: number }>(
        `insert into grids (key, chapter_id, type, statement, options, correct, difficulty) values ($1, $2, 'CS', 'Întrebare', '{"A":"a","B":"b"}'::jsonb, '{A}', 'easy') returning id`,
        [`plan-${slug}-${k}`, c!.id],
      );
      gridIds.push(g!.id);
    }
  }
});
afterAll(() => t.close());

const getPlan = (u: TestUser | null) => t.app.inject({ method: 'GET', url: '/api/v1/plan', headers: u ? u.auth : {} });
const put = (u: TestUser | null, body: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/plan/settings', headers: u ? u.auth : {}, payload: body as object });
const good = { centres: [{ slug: 'timisoara', exam_date: exam }], week_minutes: [60, 60, 60, 60, 60, 200, 0], reminder_hour: 19 };

describe('GET /plan and PUT /plan/settings', () => {
  it('is 401 without a token, before the body is validated', async () => {
    expect((await getPlan(null)).statusCode).toBe(401);
    expect((await put(null, { centres: 'nope' })).statusCode).toBe(401);
  });

  it('with no centre chosen: a clear state, and the demo exam dates to start from', async () => {
    const res = await getPlan(ana);
    expect(res.statusCode).toBe(200);
    const body = res.json<PlanResponse>();
    expect(body.plan.state).toBe('none');
    expect(body.plan.days).toEqual([]);
    const demo = body.exam_dates.find((d) => d.slug === 'timisoara' && d.year === 2027);
    if (Number(today.slice(0, 4)) >= 2026 && Number(today.slice(0, 4)) <= 2027) expect(demo).toMatchObject({ exam_date: '2027-07-20', is_demo: true });
  });

  it('saves the settings and plans from them: today, the next 14 days, totals, countdown', async () => {
    const res = await put(ana, good);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: 'PLAN_SETTINGS_SAVED', settings: { week_minutes: good.week_minutes, reminder_hour: 19, centres: [{ slug: 'timisoara', exam_date: exam }] } });
    const body = (await getPlan(ana)).json<PlanResponse>();
    expect(body.plan.state).toBe('active');
    expect(body.plan.days.map((d) => d.date)).toEqual(Array.from({ length: 15 }, (_, i) => addDays(today, i)));
    expect(body.plan.countdown).toEqual([expect.objectContaining({ slug: 'timisoara', exam_date: exam, days_left: 100 })]);
    const mine = body.input.centres[0]!.chapters.filter((c) => chapterIds.includes(c.id));
    expect(mine.map((c) => c.id)).toEqual(chapterIds);
    expect(mine[0]).toMatchObject({ grids_total: 10, grids_done: 0, read: false, size_kb: 20 });
    expect(body.plan.totals.grids).toBeGreaterThanOrEqual(30);
    for (const d of body.plan.days) expect(d.minutes).toBeLessThanOrEqual(d.budget);
  });

  it('counts what was done today from the server records: a chapter marked read, grids answered', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/courses/plan-bio/sistemul-nervos/read', headers: ana.auth })).statusCode).toBeLessThan(300);
    const testId = randomUUID();
    await t.db.query(
      `insert into tests (id, user_id, mode, grid_count, grid_set_hash) values ($1, $2, 'tutor', 3, 'h')`,
      [testId, ana.id],
    );
    for (const g of gridIds.slice(0, 3))
      await t.db.query(`insert into answers (id, test_id, user_id, grid_id, marked, outcome) values ($1, $2, $3, $4, '{A}', 'right')`, [randomUUID(), testId, ana.id, g]);
    const body = (await getPlan(ana)).json<PlanResponse>();
    const first = body.input.centres[0]!.chapters.find((c) => c.id === chapterIds[0])!;
    expect(first).toMatchObject({ read: true, read_today: true, grids_done: 3, grids_today: 3 });
    const items = body.plan.days[0]!.items;
    const read = items.find((it) => it.kind === 'read' && it.chapter_id === chapterIds[0]);
    if (read) expect(read).toMatchObject({ done: true });
  });

  it('never shows one candidate the plan of another', async () => {
    const body = (await getPlan(bogdan)).json<PlanResponse>();
    expect(body.plan.state).toBe('none');
    expect(body.settings.centres).toEqual([]);
    expect(JSON.stringify(body.input)).not.toContain('sistemul-nervos');
    await put(bogdan, { ...good, centres: [{ slug: 'iasi', exam_date: exam }] });
    const anas = (await getPlan(ana)).json<PlanResponse>();
    expect(anas.settings.centres.map((c) => c.slug)).toEqual(['timisoara']);
    expect(anas.input.centres[0]!.chapters.find((c) => c.id === chapterIds[0])!.grids_done).toBe(3);
    const bogdans = (await getPlan(bogdan)).json<PlanResponse>();
    expect(bogdans.input.centres[0]!.chapters.find((c) => c.id === chapterIds[0])).toMatchObject({ read: false, grids_done: 0 });
  });

  it('tells the next day what changed against the plan of an earlier day', async () => {
    const yesterday = addDays(today, -1);
    const days = [{ date: yesterday, budget: 60, minutes: 45, light: false, exams: [], items: [{ kind: 'grids', chapter_id: chapterIds[2], title: 'x', count: 30, minutes: 45, done_count: 0 }] }];
    await t.db.query(`update plan_snapshots set made_on = $2::date, days = $3::jsonb, progress = null where user_id = $1`, [ana.id, yesterday, JSON.stringify(days)]);
    const body = (await getPlan(ana)).json<PlanResponse>();
    expect(body.plan.explanation).toMatchObject({ kind: 'behind', chapters: 0, grids: 30 });
    // How many days the 30 grids are spread over depends on today's weekday (the week's minutes
    // differ by day): the line must name exactly that many.
    const spread = (body.plan.explanation as { days: number }).days;
    expect(spread).toBeGreaterThanOrEqual(1);
    const when = spread === 1 ? 'pe ziua următoare' : `pe următoarele ${plural(spread, 'zi', 'zile')}`;
    expect(body.plan.explanation_text).toBe(`Ai rămas în urmă cu 30 de grile: le-am împărțit ${when}.`);
    // The same day, the same line.
    expect((await getPlan(ana)).json<PlanResponse>().plan.explanation_text).toBe(body.plan.explanation_text);
  });

  it('answers bad input with catalogue codes, never a 500', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...good, centres: [{ slug: 'timisoara', exam_date: addDays(today, -1) }] }, 'centres.0.exam_date', 'FORM_PLAN_DATE_PAST'],
      [{ ...good, centres: [{ slug: 'timisoara', exam_date: '2027-02-30' }] }, 'centres.0.exam_date', 'FORM_PLAN_DATE_INVALID'],
      [{ ...good, centres: [{ slug: 'timisoara', exam_date: '99999-01-01' }] }, 'centres.0.exam_date', 'FORM_PLAN_DATE_INVALID'],
      [{ ...good, centres: [{ slug: 'timisoara', exam_date: addDays(today, 2000) }] }, 'centres.0.exam_date', 'FORM_PLAN_DATE_TOO_FAR'],
      [{ ...good, centres: [{ slug: 'atlantida', exam_date: exam }] }, 'centres', 'FORM_PLAN_CENTRE_UNKNOWN'],
      [{ ...good, centres: [{ slug: "'; drop", exam_date: exam }] }, 'centres.0.slug', 'FORM_PLAN_CENTRE_UNKNOWN'],
      [{ ...good, centres: [{ slug: 'iasi', exam_date: exam }, { slug: 'iasi', exam_date: exam }] }, 'centres', 'FORM_PLAN_CENTRE_DUPLICATE'],
      [{ ...good, centres: ['timisoara', 'iasi', 'cluj-napoca', 'craiova', 'sibiu', 'galati'].map((slug) => ({ slug, exam_date: exam })) }, 'centres', 'FORM_PLAN_TOO_MANY_CENTRES'],
      [{ ...good, week_minutes: [60, 60, 60, 60, 60, 601, 0] }, 'week_minutes.5', 'FORM_PLAN_MINUTES_RANGE'],
      [{ ...good, week_minutes: [60, -1, 60, 60, 60, 60, 0] }, 'week_minutes.1', 'FORM_PLAN_MINUTES_RANGE'],
      [{ ...good, week_minutes: [60, 60, 60] }, 'week_minutes', 'FIELD_INVALID'],
      [{ ...good, reminder_hour: 24 }, 'reminder_hour', 'FORM_PLAN_REMINDER_HOUR'],
      // The reminder never comes at night: 06:00–22:00 Bucharest time.
      [{ ...good, reminder_hour: 5 }, 'reminder_hour', 'FORM_PLAN_REMINDER_HOUR'],
      [{ ...good, reminder_hour: 23 }, 'reminder_hour', 'FORM_PLAN_REMINDER_HOUR'],
      [{ ...good, reminder_hour: 19.5 }, 'reminder_hour', 'FORM_PLAN_REMINDER_HOUR'],
    ];
    for (const [body, field, code] of cases) {
      const res = await put(ana, body);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 422 });
      expect({ field, codes: res.json().errors[field] }).toEqual({ field, codes: expect.arrayContaining([code]) });
    }
    const still = (await getPlan(ana)).json<PlanResponse>();
    expect(still.settings.centres).toEqual([expect.objectContaining({ slug: 'timisoara', exam_date: exam })]);
  });
});

describe('PUT /admin/exam-dates/:slug/:year', () => {
  const url = '/api/v1/admin/exam-dates/timisoara/2028';
  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'PUT', url, payload: { exam_date: '2028-07-19' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, headers: ana.auth, payload: { exam_date: '2028-07-19' } })).statusCode).toBe(403);
  });
  it('keeps a date with its source, no longer a demo value', async () => {
    const res = await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: { exam_date: '2028-07-19', source: 'Metodologia UMF Timișoara 2028' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: 'EXAM_DATE_SAVED', exam_date: { slug: 'timisoara', year: 2028, exam_date: '2028-07-19', is_demo: false, source: 'Metodologia UMF Timișoara 2028' } });
  });
  it('refuses a date outside its year and an unknown centre', async () => {
    const bad = await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: { exam_date: '2029-07-19' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.exam_date).toContain('FORM_EXAM_DATE_YEAR');
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/exam-dates/atlantida/2028', headers: admin.auth, payload: { exam_date: '2028-07-19' } });
    expect(unknown.statusCode).toBe(422);
  });
});

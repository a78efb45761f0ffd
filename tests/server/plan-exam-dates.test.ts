// The admin's exam dates per centre and year (issue 31 §1): list, add, edit, delete; 401 without a
// token and 403 for a candidate before any input is read; bad input → catalogue codes (422), an
// existing pair → 409, a missing one → 404; a candidate's saved plan keeps its own date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeUser, type TestUser } from './fixtures/content-users.ts';
import type { AdminExamDateRow } from '../../src/shared/plan-payloads.ts';

let t: TestApp;
let ana: TestUser;
let admin: TestUser;
const base = '/api/v1/admin/exam-dates';

beforeAll(async () => {
  t = await createTestApp();
  ana = await makeUser(t.db);
  admin = await makeUser(t.db, { admin: true, name: 'Admin Datelor' });
});
afterAll(() => t.close());

type M = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (u: TestUser | null, method: M, url: string, payload?: unknown) =>
  t.app.inject({ method, url: base + url, headers: u ? u.auth : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const row = { slug: 'sibiu', year: 2031, exam_date: '2031-07-22', source: 'Metodologia ULBS 2031', is_demo: false };

describe('/admin/exam-dates', () => {
  it('is 401 without a token and 403 for a candidate, before the input is looked at', async () => {
    for (const [m, url, body] of [['GET', '', undefined], ['POST', '', { nope: 1 }], ['PUT', '/sibiu/2031', 'x'], ['DELETE', '/x/y', undefined]] as [M, string, unknown][]) {
      expect((await call(null, m, url, body)).statusCode).toBe(401);
      const res = await call(ana, m, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.general).toContain('FORM_ADMIN_REQUIRED');
    }
  });

  it('lists the dates kept, the migration\'s demo ones included', async () => {
    const res = await call(admin, 'GET', '?year=2027');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ exam_dates: AdminExamDateRow[] }>().exam_dates;
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.find((r) => r.slug === 'timisoara')).toMatchObject({ year: 2027, exam_date: '2027-07-20', is_demo: true, updated_by: null });
  });

  it('adds a date (201), refuses the same centre and year again (409), edits and deletes it', async () => {
    const made = await call(admin, 'POST', '', row);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ success: 'EXAM_DATE_CREATED', exam_date: { ...row, updated_by: 'Admin Datelor', name: expect.stringContaining('Sibiu') } });
    const again = await call(admin, 'POST', '', { ...row, exam_date: '2031-07-25' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.year).toContain('FORM_EXAM_DATE_EXISTS');

    const edited = await call(admin, 'PUT', '/sibiu/2031', { exam_date: '2031-07-24', source: 'Calendarul ULBS', is_demo: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().exam_date).toMatchObject({ exam_date: '2031-07-24', source: 'Calendarul ULBS', is_demo: true });
    expect((await call(admin, 'GET', '?year=2031')).json().exam_dates).toEqual([expect.objectContaining({ slug: 'sibiu', exam_date: '2031-07-24' })]);

    const gone = await call(admin, 'DELETE', '/sibiu/2031');
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ success: 'EXAM_DATE_DELETED' });
    const twice = await call(admin, 'DELETE', '/sibiu/2031');
    expect(twice.statusCode).toBe(404);
    expect(twice.json().errors.general).toContain('FORM_EXAM_DATE_NOT_FOUND');
    expect((await call(admin, 'GET', '?year=2031')).json().exam_dates).toEqual([]);
  });

  it('answers bad input with the catalogue codes, never a 500', async () => {
    const cases: [M, string, unknown, string, string][] = [
      ['POST', '', { ...row, exam_date: '2031-02-30' }, 'exam_date', 'FORM_PLAN_DATE_INVALID'],
      ['POST', '', { ...row, exam_date: '2032-07-22' }, 'exam_date', 'FORM_EXAM_DATE_YEAR'],
      ['POST', '', { ...row, exam_date: 'x'.repeat(5000) }, 'exam_date', 'FORM_PLAN_DATE_INVALID'],
      ['POST', '', { ...row, slug: 'atlantida' }, 'slug', 'FORM_PLAN_CENTRE_UNKNOWN'],
      ['POST', '', { ...row, slug: "'; drop table" }, 'slug', 'FORM_PLAN_CENTRE_UNKNOWN'],
      ['POST', '', { ...row, year: 1999 }, 'year', 'FIELD_INVALID'],
      ['POST', '', { ...row, year: 2031.5 }, 'year', 'FIELD_INVALID'],
      ['POST', '', { ...row, source: 's'.repeat(501) }, 'source', 'FIELD_TOO_LONG'],
      ['POST', '', { ...row, is_demo: 'da' }, 'is_demo', 'FIELD_INVALID'],
      ['PUT', '/sibiu/99999', { exam_date: '2031-07-22' }, 'year', 'FIELD_INVALID'],
      ['PUT', '/sibiu/2031', { exam_date: 20310722 }, 'exam_date', 'FORM_PLAN_DATE_INVALID'],
      ['GET', '?year=abc', undefined, 'year', 'FIELD_INVALID'],
      ['DELETE', '/Sibiu!/2031', undefined, 'slug', 'FORM_PLAN_CENTRE_UNKNOWN'],
    ];
    for (const [m, url, body, field, code] of cases) {
      const res = await call(admin, m, url, body);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 422 });
      expect({ field, codes: res.json().errors[field] }).toEqual({ field, codes: expect.arrayContaining([code]) });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { gridIdByKey, loadFixtureContent, makeUser, type TestUser } from './fixtures/content-users.ts';

let t: TestApp;
let user: TestUser;
let gridId: number;
beforeAll(async () => {
  t = await createTestApp();
  await loadFixtureContent(t.db, false);
  user = await makeUser(t.db);
  gridId = await gridIdByKey(t.db, 't-bio-002');
});
afterAll(() => t.close());

const report = (reason: unknown, u: TestUser | null = user, id = gridId) =>
  t.app.inject({ method: 'POST', url: `/api/v1/grids/${id}/report`, headers: u?.auth, payload: { reason } });

describe('grid reports', () => {
  it('needs a token', async () => {
    expect((await report('Varianta B este greșită.', null)).statusCode).toBe(401);
  });

  it('checks the reason bounds 5–5000', async () => {
    const short = await report('abcd');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ errors: { reason: ['FORM_REASON_TOO_SHORT'] } });
    expect((await report('abcde')).statusCode).toBe(201);
    expect((await report('x'.repeat(5000))).statusCode).toBe(201);
    const long = await report('x'.repeat(5001));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ errors: { reason: ['FORM_REASON_TOO_LONG'] } });
    expect((await report('   ')).json().errors.reason[0]).toBe('FORM_REASON_REQUIRED');
    expect((await report(undefined)).json().errors.reason[0]).toBe('FORM_REASON_REQUIRED');
  });

  it('stores an open report and answers GRID_REPORTED', async () => {
    const res = await report('La varianta D, dendritele lipsesc din text.');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: 'GRID_REPORTED', report_id: expect.any(Number) });
    const row = await t.db.one<{ status: string; user_id: number; grid_id: number }>(
      'select status, user_id, grid_id from grid_reports where id = $1',
      [res.json().report_id],
    );
    expect(row).toEqual({ status: 'open', user_id: user.id, grid_id: gridId });
  });

  it('answers 404 for an unknown grid', async () => {
    const res = await report('Grila nu există deloc.', user, 999999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { general: ['FORM_GRID_NOT_FOUND'] } });
  });
});

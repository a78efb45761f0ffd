// Per-grid actions of the solve and results screens (issue 11 §4.4, §5): personal notes
// (owner-only, bounded, later edit wins), reports idempotent by the client's id, favourites
// whose retried add/remove is harmless, and a retest made of exactly the given grids.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';

let t: TestApp;
let a: FixtureUser;
let b: FixtureUser;
let content: Awaited<ReturnType<typeof makeContent>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await makeUser(t.db, { name: 'Ionescu Maria' });
  b = await makeUser(t.db, { name: 'Georgescu Dan' });
  content = await makeContent(t.db, [repeat(6, { type: 'CS' as const }), repeat(3, { type: 'CS' as const, premium: true })]);
});
afterAll(() => t.close());

const call = (u: FixtureUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

const grid = () => content.gridIds[0]![0]!;

describe('grid notes', () => {
  it('needs a token before anything else (401, not 422)', async () => {
    expect((await call(null, 'GET', `/grids/${grid()}/note`)).statusCode).toBe(401);
    expect((await call(null, 'PUT', `/grids/${grid()}/note`, { text: 'x'.repeat(5000) })).statusCode).toBe(401);
    expect((await call(null, 'PUT', `/grids/abc/note`, { bad: true })).statusCode).toBe(401);
  });

  it('saves, reads back and removes with an empty text', async () => {
    expect((await call(a, 'GET', `/grids/${grid()}/note`)).json()).toEqual({ note: null });
    const put = await call(a, 'PUT', `/grids/${grid()}/note`, { text: 'Pancreasul e glandă mixtă.' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ success: 'NOTE_SAVED', note: { grid_id: grid(), text: 'Pancreasul e glandă mixtă.' } });
    expect((await call(a, 'GET', `/grids/${grid()}/note`)).json().note.text).toBe('Pancreasul e glandă mixtă.');
    const cleared = await call(a, 'PUT', `/grids/${grid()}/note`, { text: '  ' });
    expect(cleared.json()).toEqual({ success: 'NOTE_SAVED', note: null });
    expect((await call(a, 'GET', `/grids/${grid()}/note`)).json()).toEqual({ note: null });
  });

  it("keeps another user's note invisible and untouched", async () => {
    const g = content.gridIds[0]![1]!;
    await call(a, 'PUT', `/grids/${g}/note`, { text: 'Doar a mea.' });
    expect((await call(b, 'GET', `/grids/${g}/note`)).json()).toEqual({ note: null });
    await call(b, 'PUT', `/grids/${g}/note`, { text: 'A lui B.' });
    expect((await call(a, 'GET', `/grids/${g}/note`)).json().note.text).toBe('Doar a mea.');
    expect((await call(b, 'GET', `/grids/${g}/note`)).json().note.text).toBe('A lui B.');
  });

  it('keeps the later edit when an older write arrives late (a retried queue entry)', async () => {
    const g = content.gridIds[0]![2]!;
    const newer = new Date(Date.now() - 1_000).toISOString();
    const older = new Date(Date.now() - 60_000).toISOString();
    await call(a, 'PUT', `/grids/${g}/note`, { text: 'nou', updated_at: newer });
    const late = await call(a, 'PUT', `/grids/${g}/note`, { text: 'vechi', updated_at: older });
    expect(late.statusCode).toBe(200);
    expect(late.json().note.text).toBe('nou');
    // A date in the future is clamped to now, so it cannot pin the note.
    await call(a, 'PUT', `/grids/${g}/note`, { text: 'viitor', updated_at: '2999-01-01T00:00:00.000Z' });
    expect(Date.parse((await call(a, 'GET', `/grids/${g}/note`)).json().note.updated_at)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses bad input with a code (422), an unknown grid with 404', async () => {
    const long = await call(a, 'PUT', `/grids/${grid()}/note`, { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ errors: { text: ['FORM_NOTE_TOO_LONG'] } });
    expect((await call(a, 'PUT', `/grids/${grid()}/note`, { text: 'x'.repeat(2000) })).statusCode).toBe(200);
    for (const bad of [{ text: 'a\u0000b' }, { text: 'a\uD800b' }, { text: 42 }, {}, { text: 'ok', updated_at: 'ieri' }]) {
      const res = await call(a, 'PUT', `/grids/${grid()}/note`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().errors).toBeTypeOf('object');
    }
    expect((await call(a, 'GET', '/grids/99999999/note')).statusCode).toBe(404);
    expect((await call(a, 'GET', '/grids/99999999999/note')).statusCode).toBe(422);
  });
});

describe('reports and favourites retried from the offline queue', () => {
  it('stores a report once per client id and answers the same report to a retry', async () => {
    const client_id = randomUUID();
    const first = await call(a, 'POST', `/grids/${grid()}/report`, { reason: 'Varianta B este greșită.', client_id });
    expect(first.statusCode).toBe(201);
    const again = await call(a, 'POST', `/grids/${grid()}/report`, { reason: 'Varianta B este greșită.', client_id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: 'GRID_REPORTED', report_id: first.json().report_id });
    const n = await t.db.one<{ n: number }>('select count(*)::int as n from grid_reports where client_id = $1', [client_id]);
    expect(n?.n).toBe(1);
    // The same client id from another user is that user's own report.
    expect((await call(b, 'POST', `/grids/${grid()}/report`, { reason: 'Varianta B este greșită.', client_id })).statusCode).toBe(201);
    expect((await call(a, 'POST', `/grids/${grid()}/report`, { reason: 'Varianta B este greșită.', client_id: 'nu-e-uuid' })).statusCode).toBe(422);
  });

  it('keeps one favourite when the add is retried (409 tells the queue it is done)', async () => {
    const g = content.gridIds[0]![3]!;
    expect((await call(a, 'POST', '/favorites', { grid_id: g })).statusCode).toBe(201);
    const again = await call(a, 'POST', '/favorites', { grid_id: g });
    expect(again.json()).toEqual({ errors: { general: ['FORM_GRID_ALREADY_FAVORITE'] } });
    const n = await t.db.one<{ n: number }>('select count(*)::int as n from favorites where user_id = $1 and grid_id = $2', [a.id, g]);
    expect(n?.n).toBe(1);
  });
});

describe('retest: a test made of exactly the given grids', () => {
  it('keeps the given order and refuses a count that does not match', async () => {
    const ids = [content.gridIds[0]![4]!, content.gridIds[0]![0]!, content.gridIds[0]![2]!];
    const id = randomUUID();
    const res = await call(a, 'POST', '/tests', { id, manual_id: content.manualId, count: 3, grid_ids: ids, mode: 'exam' });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await call(a, 'GET', `/tests/${id}`)).json();
    expect(detail.grids.map((g: { id: number }) => g.id)).toEqual(ids);
    const wrongCount = await call(a, 'POST', '/tests', { manual_id: content.manualId, count: 2, grid_ids: ids, mode: 'exam' });
    expect(wrongCount.statusCode).toBe(422);
  });

  it("refuses grids the user may not get (premium) with FORM_NOT_ENOUGH_GRIDS", async () => {
    const ids = [content.gridIds[0]![0]!, content.gridIds[1]![0]!];
    const res = await call(a, 'POST', '/tests', { manual_id: content.manualId, count: 2, grid_ids: ids, mode: 'exam' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.general).toEqual(['FORM_NOT_ENOUGH_GRIDS']);
  });
});

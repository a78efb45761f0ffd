import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { gridIdByKey, loadFixtureContent, makeUser, type TestUser } from './fixtures/content-users.ts';

let t: TestApp;
let user: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await loadFixtureContent(t.db);
  user = await makeUser(t.db);
  other = await makeUser(t.db);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, u?: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });

describe('favourites', () => {
  it('needs a token', async () => {
    expect((await api('GET', '/favorites')).statusCode).toBe(401);
    expect((await api('POST', '/favorites', undefined, { grid_id: 1 })).statusCode).toBe(401);
    expect((await api('DELETE', '/favorites/1')).statusCode).toBe(401);
  });

  it('adds, refuses duplicates, lists with grid data and removes', async () => {
    const free = await gridIdByKey(t.db, 't-bio-001');
    const prem = await gridIdByKey(t.db, 't-bio-004');
    const add = await api('POST', '/favorites', user, { grid_id: free });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ success: 'FAVORITE_ADDED', grid_id: free });
    const dup = await api('POST', '/favorites', user, { grid_id: free });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ errors: { general: ['FORM_GRID_ALREADY_FAVORITE'] } });
    expect((await api('POST', '/favorites', user, { grid_id: prem })).statusCode).toBe(201);

    const list = (await api('GET', '/favorites', user)).json().favorites;
    expect(list.map((f: { grid_id: number }) => f.grid_id).sort()).toEqual([free, prem].sort());
    const freeFav = list.find((f: { grid_id: number }) => f.grid_id === free);
    expect(freeFav.grid).toMatchObject({ statement: expect.any(String), correct: ['B'], locked: false });
    expect(freeFav.chapter).toMatchObject({ slug: 'organizarea-corpului', manual_slug: 'test-biologie' });
    // A premium grid keeps its answers hidden from a free user.
    expect(list.find((f: { grid_id: number }) => f.grid_id === prem).grid).toMatchObject({
      locked: true,
      correct: null,
      explanation: null,
    });
    expect((await api('GET', '/favorites', other)).json().favorites).toEqual([]);

    const del = await api('DELETE', `/favorites/${free}`, user);
    expect(del.json()).toMatchObject({ success: 'FAVORITE_REMOVED' });
    const again = await api('DELETE', `/favorites/${free}`, user);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errors: { general: ['FORM_GRID_NOT_FAVORITE'] } });
    expect((await api('DELETE', `/favorites/${prem}`, other)).statusCode).toBe(404);
  });

  it('refuses unknown and unpublished grids of others', async () => {
    const res = await api('POST', '/favorites', user, { grid_id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { general: ['FORM_GRID_NOT_FOUND'] } });
    const chapter = (await t.db.one<{ id: number }>('select id from chapters limit 1'))!.id;
    const g = await t.db.one<{ id: number }>(
      `insert into grids (chapter_id, type, statement, options, correct, difficulty, author_id, is_published)
       values ($1, 'CS', 'Grila privată a altcuiva', '{"A":"a","B":"b","C":"c","D":"d","E":"e"}', '{A}', 'easy', $2, false) returning id`,
      [chapter, other.id],
    );
    expect((await api('POST', '/favorites', user, { grid_id: g!.id })).statusCode).toBe(404);
    expect((await api('POST', '/favorites', other, { grid_id: g!.id })).statusCode).toBe(201);
    expect((await api('POST', '/favorites', user, { grid_id: 'x' })).statusCode).toBe(422);
  });
});

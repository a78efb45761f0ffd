// Downloads in parts and delta sync (issue 30 §2): manifest sizes, parts, changes since a cursor
// with edits, unpublished, premium and deleted grids and chapters, and bad cursors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { loadFixtureContent, makeUser, type TestUser } from './fixtures/content-users.ts';
import type { DownloadChanges, DownloadManifest, DownloadPartPayload } from '../../src/shared/download-payloads.ts';

let t: TestApp;
let free: TestUser;
let premium: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await loadFixtureContent(t.db);
  free = await makeUser(t.db);
  premium = await makeUser(t.db, { premium: true });
  // Everything was written an hour ago: a sync after the manifest sees only what the test changes.
  await t.db.query(`update grids set updated_at = now() - interval '1 hour'`);
  await t.db.query(`update chapters set updated_at = now() - interval '1 hour'`);
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/v1/courses/test-biologie${url}`, headers: user?.auth ?? {} });
const manifestOf = async (user: TestUser) => (await get('/download/manifest', user)).json() as DownloadManifest;
const changesOf = async (user: TestUser, since: string) => {
  const res = await get(`/download/changes?since=${since}`, user);
  expect(res.statusCode).toBe(200);
  return res.json() as DownloadChanges;
};
/** A cursor from before now, as a device that downloaded earlier holds (the lag is 2 s). */
const cursorOf = async (user: TestUser) => (await manifestOf(user)).cursor;

describe('download manifest and parts', () => {
  it('lists parts whose sizes are the bytes the part endpoint sends, same content as /download', async () => {
    expect((await get('/download/manifest')).statusCode).toBe(401);
    const m = await manifestOf(free);
    expect(m.manual.slug).toBe('test-biologie');
    expect(m.premium).toBe(false);
    expect(m.cursor).toMatch(/^\d{13}$/);
    expect(m.parts.map((p) => p.from)).toEqual([0, 0, 0]); // three small chapters, one part each
    let grids = 0;
    for (const p of m.parts) {
      const res = await get(`/download/parts/${p.chapter_id}?from=${p.from}&to=${p.to}`, free);
      expect(res.statusCode).toBe(200);
      expect(Buffer.byteLength(res.body)).toBe(p.bytes);
      const body = res.json() as DownloadPartPayload;
      expect(body.chapter?.id).toBe(p.chapter_id);
      expect(body.grids).toHaveLength(p.grids);
      grids += body.grids.length;
    }
    expect(m.bytes).toBe(m.parts.reduce((s, p) => s + p.bytes, 0));
    const whole = (await get('/download', free)).json() as { grids: unknown[]; chapters: { locked: boolean }[] };
    expect(grids).toBe(whole.grids.length);
    const locked = (await get(`/download/parts/${m.parts[2].chapter_id}?from=0&to=2147483647`, free)).json() as DownloadPartPayload;
    expect(locked.chapter).toMatchObject({ locked: true, blocks: [] });
    // Premium sees the premium grids too.
    const pm = await manifestOf(premium);
    expect(pm.parts.reduce((s, p) => s + p.grids, 0)).toBe(grids + 2);
  });

  it('a later part (from > 0) carries grids only, and the chapter must belong to the manual', async () => {
    const m = await manifestOf(free);
    const p = m.parts[1];
    const body = (await get(`/download/parts/${p.chapter_id}?from=1&to=2147483647`, free)).json() as DownloadPartPayload;
    expect(body.chapter).toBeNull();
    expect((await get('/download/parts/999999?from=0&to=10', free)).statusCode).toBe(404);
    expect((await get(`/download/parts/${p.chapter_id}?from=5&to=1`, free)).statusCode).toBe(422);
    expect((await get(`/download/parts/${p.chapter_id}?from=-1&to=1`, free)).statusCode).toBe(422);
    expect((await get(`/download/parts/${p.chapter_id}?from=0&to=99999999999`, free)).statusCode).toBe(422);
    expect((await get(`/download/parts/${p.chapter_id}`, free)).statusCode).toBe(422);
    expect((await get(`/download/parts/abc?from=0&to=1`, free)).statusCode).not.toBe(500);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/courses/nu-exista/download/manifest', headers: free.auth })).statusCode).toBe(404);
  });
});

describe('download changes', () => {
  it('refuses bad cursors with 4xx and asks for a token first', async () => {
    expect((await get('/download/changes?since=abc')).statusCode).toBe(401);
    for (const bad of ['abc', '', '-1', '1e12', '0', '123', '99999999999999', String(Date.now() + 3 * 86_400_000), '1700000000000.5']) {
      const res = await get(`/download/changes?since=${encodeURIComponent(bad)}`, free);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await get('/download/changes', free)).statusCode).toBe(422);
  });

  it('sends an edited grid only, then an unpublished, a premium and a deleted grid as removed', async () => {
    const since = await cursorOf(free);
    expect(await changesOf(free, since)).toMatchObject({ chapters: [], grids: [], removed: { chapters: [], grids: [] } });

    const ids = (await t.db.query<{ id: number }>(
      `select g.id from grids g join chapters c on c.id = g.chapter_id join manuals m on m.id = c.manual_id
        where m.slug = 'test-biologie' and g.is_published and not g.is_premium order by g.id`,
    )).map((r) => r.id);
    // An edit without updated_at (as an import's upsert might): the trigger moves the stamp.
    await t.db.query(`update grids set statement = 'Enunț modificat pentru sincronizare' where id = $1`, [ids[0]]);
    const edited = await changesOf(free, since);
    expect(edited.grids.map((g) => g.id)).toEqual([ids[0]]);
    expect(edited.grids[0].statement).toBe('Enunț modificat pentru sincronizare');
    expect(edited.removed).toEqual({ chapters: [], grids: [] });
    expect(Buffer.byteLength(JSON.stringify(edited))).toBeLessThan(50 * 1024);

    await t.db.query(`update grids set is_published = false where id = $1`, [ids[1]]);
    await t.db.query(`update grids set is_premium = true where id = $1`, [ids[2]]);
    await t.db.query(`delete from grids where id = $1`, [ids[3]]);
    const later = await changesOf(free, since);
    expect(later.grids.map((g) => g.id)).toEqual([ids[0]]);
    expect(later.removed.grids.sort((a, b) => a - b)).toEqual([ids[1], ids[2], ids[3]]);
    // For a premium account the grid turned premium is an edit, not a removal.
    const forPremium = await changesOf(premium, since);
    expect(forPremium.grids.map((g) => g.id)).toEqual([ids[0], ids[2]]);
    expect(forPremium.removed.grids.sort((a, b) => a - b)).toEqual([ids[1], ids[3]]);
    // The next cursor sees none of it again.
    const next = await cursorOf(free);
    expect(Number(next)).toBeGreaterThanOrEqual(Number(since));
  });

  it('sends an edited chapter and a deleted chapter (its grids go with it on the device)', async () => {
    await t.db.query(`update grids set updated_at = now() - interval '1 hour'`); // the previous test's edits
    const since = await cursorOf(free);
    const chapters = await t.db.query<{ id: number }>(
      `select c.id from chapters c join manuals m on m.id = c.manual_id where m.slug = 'test-biologie' order by c.sort`,
    );
    await t.db.query(`update chapters set summary = 'Rezumat nou' where id = $1`, [chapters[0].id]);
    await t.db.query(`delete from answers where grid_id in (select id from grids where chapter_id = $1)`, [chapters[1].id]).catch(() => undefined);
    await t.db.query(`delete from chapters where id = $1`, [chapters[1].id]);
    const c = await changesOf(free, since);
    expect(c.chapters.map((x) => [x.id, x.summary])).toEqual([[chapters[0].id, 'Rezumat nou']]);
    expect(c.removed.chapters).toEqual([chapters[1].id]);
    expect(c.grids).toEqual([]);
  });
});

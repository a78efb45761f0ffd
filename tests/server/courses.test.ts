import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildApp } from '../../server/app.ts';
import { coursesPageMeta } from '../../server/modules/courses/seo.ts';
import { loadFixtureContent, makeUser, type TestUser } from './fixtures/content-users.ts';

let t: TestApp;
let free: TestUser;
let premium: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await loadFixtureContent(t.db);
  free = await makeUser(t.db);
  premium = await makeUser(t.db, { premium: true });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('courses (public)', () => {
  it('lists manuals with chapter and grid counts', async () => {
    const res = await get('/courses');
    expect(res.statusCode).toBe(200);
    expect(res.json().manuals).toEqual([
      expect.objectContaining({
        slug: 'test-biologie',
        subject: 'biologie',
        chapter_count: 3,
        grid_count: 8,
      }),
    ]);
  });

  it('gives a manual with ordered chapters and no progress without a token', async () => {
    const res = await get('/courses/test-biologie');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.manual.title).toMatch(/^Biologie clasa a XI-a/);
    expect(body.chapters.map((c: { slug: string }) => c.slug)).toEqual([
      'organizarea-corpului',
      'sistemul-nervos',
      'metabolismul',
    ]);
    expect(body.chapters[1]).toMatchObject({
      title: 'Sistemul nervos',
      premium: false,
      grid_count: 4,
      locked: false,
    });
    expect(body.chapters[2]).toMatchObject({ premium: true, locked: true });
    expect(body.chapters[0].progress).toBeUndefined();
    expect(body.chapters[0].blocks).toBeUndefined();
  });

  it('answers 404 codes for unknown manual and chapter', async () => {
    expect((await get('/courses/nu-exista')).json()).toEqual({
      errors: { general: ['FORM_COURSE_NOT_FOUND'] },
    });
    const res = await get('/courses/test-biologie/nu-exista');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { general: ['FORM_CHAPTER_NOT_FOUND'] } });
    expect((await get('/courses/nu-exista/sistemul-nervos')).json().errors.general).toEqual([
      'FORM_COURSE_NOT_FOUND',
    ]);
  });

  it('gives a chapter with blocks and its neighbours', async () => {
    const res = await get('/courses/test-biologie/sistemul-nervos');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.chapter).toMatchObject({
      slug: 'sistemul-nervos',
      locked: false,
      summary: 'Neuronul, sinapsa și reflexul.',
    });
    expect(body.chapter.blocks[0]).toEqual({ type: 'h2', text: 'Neuronul' });
    expect(body.prev).toMatchObject({ slug: 'organizarea-corpului' });
    expect(body.next).toMatchObject({ slug: 'metabolismul', premium: true });
    const first = (await get('/courses/test-biologie/organizarea-corpului')).json();
    expect(first.prev).toBeNull();
  });

  it('locks premium chapters for anonymous and free users, opens them for premium', async () => {
    for (const headers of [{}, free.auth]) {
      const body = (await get('/courses/test-biologie/metabolismul', headers)).json();
      expect(body.chapter).toMatchObject({
        locked: true,
        blocks: [],
        summary: 'Metabolismul glucidelor, lipidelor și proteinelor.',
      });
    }
    const body = (await get('/courses/test-biologie/metabolismul', premium.auth)).json();
    expect(body.chapter.locked).toBe(false);
    expect(body.chapter.blocks).toHaveLength(2);
    expect(body.next).toBeNull();
  });
});

describe('courses (signed in)', () => {
  it('marks a chapter read and shows progress per chapter', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/courses/test-biologie/sistemul-nervos/read' }))
        .statusCode,
    ).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses/test-biologie/sistemul-nervos/read',
      headers: free.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: 'CHAPTER_MARKED_READ', read: true });
    // Twice is fine and keeps the first time.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses/test-biologie/sistemul-nervos/read',
      headers: free.auth,
    });
    expect(again.json().read_at).toBe(res.json().read_at);
    const course = (await get('/courses/test-biologie', free.auth)).json();
    expect(course.chapters[1].progress).toMatchObject({ read: true });
    expect(course.chapters[0].progress).toMatchObject({ read: false, read_at: null });
    // Another user's progress is their own.
    expect((await get('/courses/test-biologie', premium.auth)).json().chapters[1].progress.read).toBe(false);
    expect((await get('/courses/test-biologie/sistemul-nervos', free.auth)).json().chapter.read).toBe(true);
    const unread = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/courses/test-biologie/sistemul-nervos/read',
      headers: free.auth,
    });
    expect(unread.json()).toMatchObject({ read: false });
    expect((await get('/courses/test-biologie', free.auth)).json().chapters[1].progress.read).toBe(false);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses/test-biologie/nu-exista/read',
      headers: free.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('shows the share of grids answered right when the tests module is there', async () => {
    const has = await t.db.one<{ t: string | null }>("select to_regclass('answers')::text as t");
    if (!has?.t) return; // tests engine not installed: progress stays read/unread
    const grid = (await t.db.one<{ id: number }>("select id from grids where key = 't-bio-002'"))!.id;
    const testId = '00000000-0000-4000-8000-000000000001';
    await t.db.query(
      `insert into tests (id, user_id, mode, grid_count, grid_set_hash) values ($1, $2, 'tutor', 1, 'h')`,
      [testId, free.id],
    );
    await t.db.query(
      `insert into answers (id, test_id, user_id, grid_id, marked, outcome) values ($1, $2, $3, $4, '{A,B,D}', 'right')`,
      ['00000000-0000-4000-8000-000000000002', testId, free.id, grid],
    );
    const course = (await get('/courses/test-biologie', free.auth)).json();
    expect(course.chapters[1].progress.correct_percent).toBe(25); // 1 of 4 grids
    // A chapter not practised has no share at all: not "0 %" (issue 32 §5).
    expect(course.chapters[0].progress.correct_percent).toBeNull();
  });

  it('downloads a manual for offline use, without premium grids for free users', async () => {
    expect((await get('/courses/test-biologie/download')).statusCode).toBe(401);
    const res = await get('/courses/test-biologie/download', free.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.manual.slug).toBe('test-biologie');
    expect(body.chapters).toHaveLength(3);
    expect(body.chapters[0].blocks.length).toBeGreaterThan(0);
    expect(body.chapters[2]).toMatchObject({ locked: true, blocks: [] });
    expect(body.grids).toHaveLength(6); // 8 minus 2 premium
    expect(
      body.grids.every((g: { premium: boolean; correct: string[] }) => !g.premium && g.correct.length > 0),
    ).toBe(true);
    const { bytes, ...rest } = body;
    expect(bytes).toBe(Buffer.byteLength(JSON.stringify(rest)));

    const full = (await get('/courses/test-biologie/download', premium.auth)).json();
    expect(full.grids).toHaveLength(8);
    expect(full.chapters[2].locked).toBe(false);
    expect(full.bytes).toBeGreaterThan(bytes);
    expect((await get('/courses/nu-exista/download', free.auth)).statusCode).toBe(404);
  });
});

describe('course page titles (SEO)', () => {
  it('resolves titles and descriptions from the database', async () => {
    const meta = coursesPageMeta(t.db, 'Grilio');
    expect(await meta('/cursuri')).toMatchObject({ title: expect.stringMatching(/\| Grilio$/) });
    expect(await meta('/cursuri/test-biologie')).toMatchObject({
      title: 'Biologie clasa a XI-a — Anatomia și fiziologia omului | Grilio',
      description: 'Manualul de test pentru anatomie.',
    });
    const chapter = await meta('/cursuri/test-biologie/sistemul-nervos');
    expect(chapter).toMatchObject({
      title: 'Sistemul nervos — Biologie clasa a XI-a | Grilio',
      description: 'Neuronul, sinapsa și reflexul.',
    });
    // The server renderer's data: the visitor's API answer, under the client's key.
    const page = chapter?.data?.['chapter:test-biologie/sistemul-nervos'] as { chapter: { slug: string; blocks: unknown[]; premium_grid_count: number } };
    expect(page.chapter.slug).toBe('sistemul-nervos');
    expect(page.chapter.blocks.length).toBeGreaterThan(0);
    expect(typeof page.chapter.premium_grid_count).toBe('number');
    expect(await meta('/cursuri/test-biologie/nu-exista')).toBeUndefined();
    expect(await meta('/cursuri/nu-exista')).toBeUndefined();
    expect(await meta('/teste')).toBeUndefined();
  });

  it('fills the served index.html of a course chapter', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'grilio-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><title>x</title><meta name="description" content="d" /></head><body></body></html>',
    );
    const app = await buildApp({ db: t.db, config: t.config, distDir: dist, logger: false });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/cursuri/test-biologie/sistemul-nervos' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Sistemul nervos — Biologie clasa a XI-a | Grilio</title>');
      expect(res.body).toContain('content="Neuronul, sinapsa și reflexul."');
    } finally {
      await app.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestApp, type TestApp } from './helpers.ts';
import { gridIdByKey, loadFixtureContent, makeUser, type TestUser } from './fixtures/content-users.ts';
import { signPreview, previewSecret } from '../../server/modules/grids/preview.ts';
import { gridBody } from '../../src/shared/grid-schema.ts';
import { check } from '../../src/shared/validation.ts';

let t: TestApp;
let author: TestUser;
let other: TestUser;
let premium: TestUser;
let admin: TestUser;
let chapterId: number;
beforeAll(async () => {
  t = await createTestApp();
  await loadFixtureContent(t.db);
  author = await makeUser(t.db);
  other = await makeUser(t.db);
  premium = await makeUser(t.db, { premium: true });
  admin = await makeUser(t.db, { admin: true });
  chapterId = (await t.db.one<{ id: number }>("select id from chapters where slug = 'sistemul-nervos'"))!.id;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user?.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const newGrid = () => ({
  chapter_id: chapterId,
  type: 'CM',
  statement: 'Care dintre următoarele sunt celule gliale?',
  options: { A: 'astrocitele', B: 'neuronii', C: 'oligodendrocitele', D: 'microgliile', E: 'eritrocitele' },
  correct: ['A', 'C', 'D'],
  explanation: 'Neuronii și eritrocitele nu sunt glii.',
  difficulty: 'hard',
  source: 'Caiet propriu',
});

function multipart(name: string, filename: string, content: Buffer, type: string) {
  const boundary = '----grilioTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (id: number, user: TestUser, file: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/grids/${id}/photo`,
    headers: { ...user.auth, ...file.headers },
    payload: file.payload,
  });

let gridId: number;

describe('grid form schema (shared with the app)', () => {
  it('gives codes per field', () => {
    expect(check(gridBody, newGrid())).toBeUndefined();
    const bad = check(gridBody, {
      ...newGrid(),
      statement: 'scurt',
      options: { ...newGrid().options, B: ' ' },
      correct: ['A', 'B'],
      type: 'CS',
      difficulty: 'x',
      chapter_id: 0,
    });
    expect(bad!.errors).toMatchObject({
      statement: ['FORM_STATEMENT_TOO_SHORT'],
      'options.B': ['FORM_ANSWER_REQUIRED'],
      difficulty: ['FORM_DIFFICULTY_INVALID'],
      chapter_id: ['FORM_CHAPTER_INVALID'],
    });
    expect(check(gridBody, { ...newGrid(), type: 'CS', correct: ['A', 'B'] })!.errors).toEqual({
      correct: ['FORM_CORRECT_ANSWERS_INVALID'],
    });
    expect(
      check(gridBody, { ...newGrid(), type: 'CM', correct: ['A', 'B', 'C', 'D', 'E'] })!.errors.correct,
    ).toEqual(['FORM_CORRECT_ANSWERS_INVALID']);
    expect(check(gridBody, { ...newGrid(), statement: 'x'.repeat(3001) })!.errors.statement).toEqual([
      'FORM_STATEMENT_TOO_LONG',
    ]);
    expect(check(gridBody, { ...newGrid(), statement: '' })!.errors.statement![0]).toBe(
      'FORM_STATEMENT_REQUIRED',
    );
  });
});

describe('my grids', () => {
  it('needs a token', async () => {
    expect((await api('POST', '/grids', undefined, newGrid())).statusCode).toBe(401);
    expect((await api('GET', '/grids/mine')).statusCode).toBe(401);
  });

  it('creates a grid (free users too) and lists it under my grids', async () => {
    const res = await api('POST', '/grids', author, newGrid());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe('GRID_ADDED');
    expect(body.grid).toMatchObject({
      type: 'CM',
      correct: ['A', 'C', 'D'],
      mine: true,
      published: false,
      premium: false,
    });
    gridId = body.grid.id;
    const mine = (await api('GET', '/grids/mine', author)).json();
    expect(mine.grids.map((g: { id: number }) => g.id)).toEqual([gridId]);
    expect(mine.grids[0].chapter.slug).toBe('sistemul-nervos');
    expect((await api('GET', '/grids/mine', other)).json().grids).toEqual([]);
  });

  it('validates the body with codes (422)', async () => {
    const res = await api('POST', '/grids', author, { ...newGrid(), type: 'CS' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { correct: ['FORM_CORRECT_ANSWERS_INVALID'] } });
    const ch = await api('POST', '/grids', author, { ...newGrid(), chapter_id: 999999 });
    expect(ch.statusCode).toBe(422);
    expect(ch.json()).toEqual({ errors: { chapter_id: ['FORM_CHAPTER_INVALID'] } });
  });

  it('lets only the author change it: 403 for others, 404 unknown', async () => {
    const res = await api('PUT', `/grids/${gridId}`, author, {
      statement: 'Care dintre următoarele sunt celule gliale (nevroglii)?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: 'GRID_UPDATED',
      grid: { statement: 'Care dintre următoarele sunt celule gliale (nevroglii)?' },
    });
    // Unpublished grids of others are not even visible.
    expect(
      (await api('PUT', `/grids/${gridId}`, other, { statement: 'Enunț schimbat de altcineva' })).statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/grids/${gridId}`, other)).statusCode).toBe(404);
    // Imported (published) grids exist but are not theirs.
    const imported = await gridIdByKey(t.db, 't-bio-002');
    const foreign = await api('PUT', `/grids/${imported}`, author, {
      statement: 'Enunț schimbat de altcineva',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ errors: { general: ['FORM_GRID_NOT_OWNER'] } });
    expect((await api('DELETE', `/grids/${imported}`, author)).statusCode).toBe(403);
    const unknown = await api('PUT', '/grids/999999', author, { statement: 'Enunț pentru nimeni' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: { general: ['FORM_GRID_NOT_FOUND'] } });
    // Type and letters are checked together against what is stored.
    const mismatch = await api('PUT', `/grids/${gridId}`, author, { type: 'CS' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({ errors: { correct: ['FORM_CORRECT_ANSWERS_INVALID'] } });
    const stored = await t.db.one<{ statement: string }>('select statement from grids where id = $1', [
      imported,
    ]);
    expect(stored!.statement).toBe('Despre neuron sunt adevărate:');
  });

  it('sends a published grid back to review when its author edits it', async () => {
    await t.db.query('update grids set is_published = true where id = $1', [gridId]);
    const res = await api('PUT', `/grids/${gridId}`, author, { difficulty: 'easy' });
    expect(res.json().grid).toMatchObject({ difficulty: 'easy', published: false });
  });
});

describe('explanation photo', () => {
  it('stores a real PNG re-encoded and serves it', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const res = await upload(gridId, author, multipart('photo', 'x.png', png, 'image/png'));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().grid.explanation_photo_url;
    expect(url).toMatch(/^\/media\/grids\/grid-\d+-[0-9a-f]+\.png$/);
    const media = await t.app.inject({ method: 'GET', url });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.headers['cache-control']).toContain('max-age=31536000');
    // A new photo replaces the old file.
    const jpg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const second = await upload(gridId, author, multipart('photo', 'x.jpg', jpg, 'image/jpeg'));
    expect(second.json().grid.explanation_photo_url).toMatch(/\.jpg$/);
    expect(existsSync(join(t.config.dataDir, 'media', 'grids', url.split('/').pop()!))).toBe(false);
  });

  it('refuses fakes, oversize files, missing files and other people', async () => {
    const fake = await upload(
      gridId,
      author,
      multipart('photo', 'x.png', Buffer.from('not really a png at all'), 'image/png'),
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toEqual({ errors: { photo: ['FORM_IMAGE_INVALID_TYPE'] } });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(gridId, author, multipart('photo', 'x.gif', gif, 'image/gif'))).json()).toEqual({
      errors: { photo: ['FORM_IMAGE_INVALID_TYPE'] },
    });
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
    const tooBig = await upload(gridId, author, multipart('photo', 'x.png', big, 'image/png'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ errors: { photo: ['FORM_IMAGE_TOO_LARGE'] } });
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/v1/grids/${gridId}/photo`,
      headers: author.auth,
      payload: {},
    });
    expect(none.statusCode).toBe(422);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const imported = await gridIdByKey(t.db, 't-bio-001');
    expect((await upload(imported, author, multipart('photo', 'x.png', png, 'image/png'))).statusCode).toBe(
      403,
    );
    expect((await upload(gridId, other, multipart('photo', 'x.png', png, 'image/png'))).statusCode).toBe(404);
  });

  it('serves only safe media names', async () => {
    for (const url of [
      '/media/grids/..%2F..%2Fetc%2Fpasswd',
      '/media/grids/.hidden.png',
      '/media/grids/nu-exista.png',
      '/media/content/a.txt',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('deletes the photo, then the grid', async () => {
    const res = await api('DELETE', `/grids/${gridId}/photo`, author);
    expect(res.json().grid.explanation_photo_url).toBeNull();
    const del = await api('DELETE', `/grids/${gridId}`, author);
    expect(del.json()).toEqual({ success: 'GRID_DELETED' });
    expect((await api('DELETE', `/grids/${gridId}`, author)).statusCode).toBe(404);
  });
});

describe('premium grids', () => {
  it('are refused to free users when asked directly and open to premium users', async () => {
    const id = await gridIdByKey(t.db, 't-bio-004');
    const res = await api('GET', `/grids/${id}`, other);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { general: ['FORM_PREMIUM_GRIDS_ONLY'] } });
    expect((await api('GET', `/grids/${id}`, premium)).json().grid).toMatchObject({
      correct: ['C'],
      locked: false,
    });
    expect((await api('GET', `/grids/${id}`, admin)).statusCode).toBe(200);
    const free = await gridIdByKey(t.db, 't-bio-001');
    expect((await api('GET', `/grids/${free}`, other)).json().grid).toMatchObject({
      correct: ['B'],
      explanation: expect.any(String),
    });
    expect((await api('GET', `/grids/${free}`)).statusCode).toBe(401);
  });
});

describe('grid preview', () => {
  it('shows a grid with answers for a valid signature, refuses tampered and expired links', async () => {
    const id = await gridIdByKey(t.db, 't-bio-004'); // premium: the link opens it anyway
    const secret = await previewSecret(t.db, t.config);
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = signPreview(secret, id, expires);
    const ok = await api('GET', `/grids/preview?grid=${id}&expires=${expires}&signature=${signature}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().grid).toMatchObject({
      id,
      correct: ['C'],
      explanation: 'Glicoliza este citoplasmatică.',
    });

    const other = await gridIdByKey(t.db, 't-bio-001');
    for (const qs of [
      `grid=${other}&expires=${expires}&signature=${signature}`,
      `grid=${id}&expires=${expires + 60}&signature=${signature}`,
      `grid=${id}&expires=${expires}&signature=${signature.slice(0, -2)}xx`,
      `grid=${id}&expires=${expires}`,
      '',
    ]) {
      const res = await api('GET', `/grids/preview?${qs}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: { general: ['FORM_PREVIEW_LINK_INVALID'] } });
    }
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await api(
      'GET',
      `/grids/preview?grid=${id}&expires=${past}&signature=${signPreview(secret, id, past)}`,
    );
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ errors: { general: ['FORM_PREVIEW_LINK_EXPIRED'] } });
  });

  it('keeps the generated secret stable and uses PREVIEW_SECRET when configured', async () => {
    expect(await previewSecret(t.db, t.config)).toBe(
      await previewSecret(t.db, { PREVIEW_SECRET: undefined }),
    );
    expect(await previewSecret(t.db, { PREVIEW_SECRET: 'x'.repeat(32) })).toBe('x'.repeat(32));
  });

  it('gives a public sample of free grids with answers', async () => {
    const res = await api('GET', '/grids/preview/sample?limit=10');
    expect(res.statusCode).toBe(200);
    const grids = res.json().grids as { premium: boolean; correct: string[]; published: boolean }[];
    expect(grids.length).toBeGreaterThan(0);
    expect(grids.every((g) => !g.premium && g.published && g.correct.length > 0)).toBe(true);
    expect((await api('GET', '/grids/preview/sample')).json().grids).toHaveLength(3);
  });
});

// Uploaded media behind the storage port (issue 21 §1): with S3_* set, an avatar or an explanation
// photo stored through one process is served by another process with its own DATA_DIR (a second
// machine), through the app and with the same rules; with the local store it would be a 404 there.
// The copy command moves an existing DATA_DIR/media into the bucket.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb } from './helpers.ts';
import { bearer, createUser } from './users-fixture.ts';
import { startS3Server, type S3Server } from './s3-server.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db.ts';
import { localMediaStore } from '../../server/lib/media-store/local.ts';
import { openMediaStore } from '../../server/lib/media-store/open.ts';
import { copyMedia } from '../../server/lib/media-store/copy.ts';
import { loadConfig } from '../../server/config.ts';

let s3: S3Server;
let opened: Awaited<ReturnType<typeof openTestDb>>;
let db: Db;
let a: FastifyInstance; // "machine A"
let b: FastifyInstance; // "machine B": same database and bucket, another DATA_DIR
let local: FastifyInstance; // the embedded default, for contrast

beforeAll(async () => {
  s3 = await startS3Server();
  opened = await openTestDb();
  db = opened.db;
  a = (await buildTestApp(db, s3.env)).app;
  b = (await buildTestApp(db, s3.env)).app;
  local = (await buildTestApp(db)).app;
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), local?.close()]);
  await opened?.close();
  await s3?.close();
});

function multipart(field: string, name: string, type: string, data: Buffer) {
  const boundary = '----grilio' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } }).png().toBuffer();

async function uploadAvatar(app: FastifyInstance, token: string) {
  const body = multipart('avatar', 'poza.png', 'image/png', await png());
  const res = await app.inject({ method: 'POST', url: '/api/v1/user/avatar', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode).toBe(200);
  return res.json().user as { avatar_src: string; avatar_thumb_src: string };
}

describe('media in S3-compatible storage', () => {
  it('an avatar stored through one process is served by another, with validators', async () => {
    const u = await createUser(db);
    const user = await uploadAvatar(a, u.token);
    const fromB = await b.inject({ method: 'GET', url: user.avatar_thumb_src });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/png');
    expect(fromB.headers['cache-control']).toContain('immutable');
    const meta = await sharp(fromB.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 128, 128]);
    const again = await b.inject({ method: 'GET', url: user.avatar_thumb_src, headers: { 'if-none-match': String(fromB.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // The embedded default keeps files on its own disk: the other machine would not have them.
    expect((await local.inject({ method: 'GET', url: user.avatar_thumb_src })).statusCode).toBe(404);
  });

  it('replacing and removing an avatar deletes the old objects from the bucket', async () => {
    const u = await createUser(db);
    const first = await uploadAvatar(a, u.token);
    const second = await uploadAvatar(b, u.token);
    expect((await a.inject({ method: 'GET', url: second.avatar_src })).statusCode).toBe(200);
    await expect.poll(async () => (await a.inject({ method: 'GET', url: first.avatar_src })).statusCode).toBe(404);
    const removed = await a.inject({ method: 'DELETE', url: '/api/v1/user/avatar', headers: bearer(u.token) });
    expect(removed.statusCode).toBe(200);
    await expect.poll(async () => (await b.inject({ method: 'GET', url: second.avatar_thumb_src })).statusCode).toBe(404);
  });

  it('unsafe and unknown names are 404, never a path outside the folder', async () => {
    for (const url of ['/media/avatars/..%2Fsecret.png', '/media/avatars/.hidden.png', '/media/grids/nope-000.png', '/media/avatars/a.svg']) {
      expect((await b.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('object storage away: the upload answers 503 with Retry-After, not 500', async () => {
    const down = (await buildTestApp(db, { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' })).app;
    try {
      const u = await createUser(db);
      const body = multipart('avatar', 'poza.png', 'image/png', await png());
      const res = await down.inject({ method: 'POST', url: '/api/v1/user/avatar', headers: { ...bearer(u.token), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ errors: { general: ['FORM_SERVICE_UNAVAILABLE'] } });
    } finally {
      await down.close();
    }
  });

  it('the copy command moves DATA_DIR/media into the bucket, once, and skips what is not ours', async () => {
    const dataDir = join(a.config.dataDir, 'copy-src');
    mkdirSync(join(dataDir, 'media', 'avatars'), { recursive: true });
    mkdirSync(join(dataDir, 'media', 'grids'), { recursive: true });
    const photo = await png();
    writeFileSync(join(dataDir, 'media', 'avatars', '7-00aa11bb22cc33dd44ee55ff.png'), photo);
    writeFileSync(join(dataDir, 'media', 'grids', 'grid-3-0123456789abcdef0123.png'), photo);
    writeFileSync(join(dataDir, 'media', 'grids', 'notes.txt'), 'not an image');
    const from = localMediaStore(join(dataDir, 'media'));
    const to = openMediaStore(loadConfig({}, { NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env }));
    try {
      expect(await copyMedia(from, to)).toEqual({ copied: 2, skipped: 0, ignored: ['grids/notes.txt'] });
      expect(await copyMedia(from, to)).toEqual({ copied: 0, skipped: 2, ignored: ['grids/notes.txt'] });
    } finally {
      await to.close();
    }
    const served = await b.inject({ method: 'GET', url: '/media/grids/grid-3-0123456789abcdef0123.png' });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, photo)).toBe(0);
  });
});

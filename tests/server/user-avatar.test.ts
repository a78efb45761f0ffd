import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { bearer, createUser } from './users-fixture.ts';

let t: TestApp;
let avatars: string;
beforeAll(async () => {
  t = await createTestApp();
  avatars = join(t.config.dataDir, 'media', 'avatars');
});
afterAll(() => t.close());

function multipart(file: { name: string; type: string; data: Buffer }, field = 'avatar') {
  const boundary = '----grilio' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, file: { name: string; type: string; data: Buffer }) => {
  const body = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/avatar',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();
const jpeg = (w = 400, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

const fileOf = (src: string) => join(avatars, src.split('/').pop()!);

describe('POST /user/avatar', () => {
  it('stores a re-encoded PNG and a 128×128 thumbnail, served under /media/avatars', async () => {
    const u = await createUser(t.db);
    const res = await upload(u.token, { name: 'poza.png', type: 'image/png', data: await png() });
    expect(res.statusCode).toBe(200);
    const { success, user } = res.json();
    expect(success).toBe('AVATAR_UPDATED');
    expect(user.avatar_thumb_src).toMatch(new RegExp(`^/media/avatars/${u.id}-[0-9a-f]{24}-thumb\\.png$`));
    expect(user.avatar_src).toMatch(/^\/media\/avatars\/.+\.png$/);
    const thumb = await sharp(fileOf(user.avatar_thumb_src)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['png', 128, 128]);
    const original = await sharp(fileOf(user.avatar_src)).metadata();
    expect([original.width, original.height]).toEqual([300, 200]);

    const served = await t.app.inject({ method: 'GET', url: user.avatar_thumb_src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(128);
    const again = await t.app.inject({
      method: 'GET',
      url: user.avatar_thumb_src,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('accepts a JPEG (.jpeg), shrinks big ones, and removes the previous files', async () => {
    const u = await createUser(t.db);
    const first = (await upload(u.token, { name: 'a.png', type: 'image/png', data: await png() })).json()
      .user;
    const res = await upload(u.token, {
      name: 'Selfie.JPEG',
      type: 'image/jpeg',
      data: await jpeg(1600, 1200),
    });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user.avatar_thumb_src).toMatch(/-thumb\.jpg$/);
    const meta = await sharp(fileOf(user.avatar_src)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 768]);
    const thumb = await sharp(fileOf(user.avatar_thumb_src)).metadata();
    expect([thumb.width, thumb.height]).toEqual([128, 128]);
    expect(existsSync(fileOf(first.avatar_src))).toBe(false);
    expect(existsSync(fileOf(first.avatar_thumb_src))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first.avatar_thumb_src })).statusCode).toBe(404);
  });

  it('rejects a .png that is really text, whatever the declared type', async () => {
    const u = await createUser(t.db);
    const res = await upload(u.token, {
      name: 'poza.png',
      type: 'image/png',
      data: Buffer.from('nu sunt o imagine, doar text '.repeat(20)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { avatar: ['FORM_IMAGE_INVALID_TYPE'] } });
  });

  it('rejects other real formats and wrong extensions', async () => {
    const u = await createUser(t.db);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const cases = [
      { name: 'a.png', type: 'image/png', data: gif },
      { name: 'a.jpg', type: 'image/jpeg', data: webp },
      { name: 'a.gif', type: 'image/png', data: await png() },
      {
        name: 'a.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
      { name: 'a.png', type: 'image/png', data: (await png()).subarray(0, 40) },
    ];
    for (const c of cases) {
      const res = await upload(u.token, c);
      expect(res.json(), c.name).toEqual({ errors: { avatar: ['FORM_IMAGE_INVALID_TYPE'] } });
    }
    expect(readdirSync(avatars).filter((f) => f.startsWith(`${u.id}-`))).toEqual([]);
  });

  it('rejects files over 2 MB with FORM_IMAGE_TOO_LARGE', async () => {
    const u = await createUser(t.db);
    const noise = Buffer.alloc(1200 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(u.token, { name: 'mare.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { avatar: ['FORM_IMAGE_TOO_LARGE'] } });
  });

  it('needs a multipart body with a file', async () => {
    const u = await createUser(t.db);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatar',
      headers: bearer(u.token),
      payload: { avatar: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ errors: { avatar: ['FIELD_REQUIRED'] } });
    const boundary = 'gol';
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/avatar',
      headers: { ...bearer(u.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nval\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ errors: { avatar: ['FIELD_REQUIRED'] } });
  });

  it("does not touch another user's avatar", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const bUser = (await upload(b.token, { name: 'b.png', type: 'image/png', data: await png() })).json()
      .user;
    await upload(a.token, { name: 'a.png', type: 'image/png', data: await png() });
    await t.app.inject({ method: 'DELETE', url: '/api/v1/user/avatar', headers: bearer(a.token) });
    const row = await t.db.one<{ avatar_thumb_path: string }>(
      'select avatar_thumb_path from users where id = $1',
      [b.id],
    );
    expect(`/media/avatars/${row!.avatar_thumb_path}`).toBe(bUser.avatar_thumb_src);
    expect(existsSync(fileOf(bUser.avatar_thumb_src))).toBe(true);
  });
});

describe('DELETE /user/avatar', () => {
  it('removes both files and clears the user fields', async () => {
    const u = await createUser(t.db);
    const up = (await upload(u.token, { name: 'a.png', type: 'image/png', data: await png() })).json().user;
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/avatar',
      headers: bearer(u.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: 'AVATAR_UPDATED',
      user: { avatar_thumb_src: null, avatar_src: null },
    });
    expect(existsSync(fileOf(up.avatar_src))).toBe(false);
    expect(existsSync(fileOf(up.avatar_thumb_src))).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/avatar',
      headers: bearer(u.token),
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('GET /media/avatars/:file', () => {
  it.each([
    '/media/avatars/..%2F..%2Fmaintenance.flag',
    '/media/avatars/%2E%2E%2Fpg',
    '/media/avatars/.hidden.png',
    '/media/avatars/a.b.png',
    '/media/avatars/nu-exista.png',
    '/media/avatars/fisier.txt',
    '/media/avatars/../../etc/passwd',
  ])('answers 404 for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });
});

// Web Push (issue 7 §4) against a local push service: the browser's side is played with
// node:crypto (a P-256 key pair and a 16-byte auth secret, as PushManager.subscribe makes), the
// push service is a local HTTP server, and the body notify() sends is decrypted here by RFC 8291
// / RFC 8188 (aes128gcm) written independently of the web-push package that encrypted it.
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { notify } from '../../server/modules/notifications/notify.ts';
import { afterReplySettled } from '../../server/lib/after-reply.ts';

type U = { id: number; auth: { authorization: string } };
type Received = { path: string; headers: IncomingMessage['headers']; body: Buffer };

let t: TestApp;
let service: Server;
let base = '';
const received: Received[] = [];
/** Status the local push service answers per path (default 201 Created, as real services do). */
const statusFor = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  service = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusFor.get(req.url ?? '') ?? 201;
      res.end();
    });
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => service.close(r));
  await t.close();
});

async function person(): Promise<U> {
  const u = await createUser(t.db, { name: 'Push Testescu', password: null });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST' | 'PUT', url: string, u: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u.auth, ...(payload ? { payload } : {}) });

/** What a browser makes on PushManager.subscribe: its key pair, auth secret and endpoint. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${base}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** RFC 8291 §3.4 + RFC 8188 §2: one aes128gcm record decrypted with the subscription's private key. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // Padding: the last record ends with the delimiter 0x02 then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

describe('Web Push', () => {
  it('keeps one VAPID key pair in the database: the same public key after a restart', async () => {
    const u = await person();
    const key = (await api('GET', '/notifications/push', u)).json().public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const second = await buildTestApp(t.db);
    const again = await second.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/push',
      headers: u.auth,
    });
    expect(again.json().public_key).toBe(key);
    await second.app.close();
  });

  it('notify() pushes an encrypted, VAPID-signed message the subscription decrypts', async () => {
    const u = await person();
    const sub = browserSubscription(`/push/${u.id}`);
    const saved = await api('POST', '/notifications/push/subscriptions', u, sub.json);
    expect(saved.statusCode).toBe(201);
    expect((await api('GET', '/notifications/push', u)).json()).toMatchObject({
      enabled: true,
      subscriptions: 1,
    });

    await notify(t.app, u.id, {
      type: 'friend_request',
      title: 'Cerere de prietenie',
      message: 'Ana ți-a trimis o cerere de prietenie.',
      link: '/prieteni',
    });
    await afterReplySettled();
    const got = received.filter((r) => r.path === `/push/${u.id}`);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got[0]!.headers.ttl)).toBeGreaterThan(0);
    const publicKey = (await api('GET', '/notifications/push', u)).json().public_key as string;
    expect(got[0]!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    const message = JSON.parse(decrypt(got[0]!.body, sub.ecdh, sub.auth));
    expect(message).toMatchObject({
      title: 'Cerere de prietenie',
      body: 'Ana ți-a trimis o cerere de prietenie.',
      link: '/prieteni',
    });
  });

  it('an announcement pushes each device once, with its user’s own notification id; none with pushes off', async () => {
    const a = await person();
    const b = await person();
    const off = await person();
    const admin = await createUser(t.db, { name: 'Admin Push', password: null, is_admin: true });
    const subs = new Map<number, ReturnType<typeof browserSubscription>>();
    for (const u of [a, b, off]) {
      const sub = browserSubscription(`/announce/${u.id}`);
      subs.set(u.id, sub);
      expect((await api('POST', '/notifications/push/subscriptions', u, sub.json)).statusCode).toBe(201);
    }
    await api('PUT', '/notifications/push', off, { enabled: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/announcements',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { title: 'Anunț', message: 'Pentru toți, pe dispozitiv.' },
    });
    expect(res.statusCode).toBe(201);
    await afterReplySettled();
    for (const u of [a, b]) {
      const got = received.filter((r) => r.path === `/announce/${u.id}`);
      expect(got).toHaveLength(1);
      const message = JSON.parse(decrypt(got[0]!.body, subs.get(u.id)!.ecdh, subs.get(u.id)!.auth));
      const own = (await api('GET', '/notifications', u)).json().notifications[0];
      expect(message).toEqual({ id: own.id, title: 'Anunț', body: 'Pentru toți, pe dispozitiv.', link: null });
    }
    expect(received.filter((r) => r.path === `/announce/${off.id}`)).toHaveLength(0);
  });

  it('with the preference off no push is sent; the feed still gets the notification', async () => {
    const u = await person();
    const sub = browserSubscription(`/push/off-${u.id}`);
    await api('POST', '/notifications/push/subscriptions', u, sub.json);
    expect((await api('PUT', '/notifications/push', u, { enabled: false })).json()).toEqual({
      success: 'PUSH_DISABLED',
      enabled: false,
    });
    await notify(t.app, u.id, { type: 'info', title: 'Tăcut', message: 'fără push' });
    await afterReplySettled();
    expect(received.filter((r) => r.path === `/push/off-${u.id}`)).toHaveLength(0);
    expect((await api('GET', '/notifications', u)).json().notifications[0].title).toBe('Tăcut');
  });

  it('a 410 from the push service deletes the subscription; the request that notified is not affected', async () => {
    const u = await person();
    const sub = browserSubscription(`/push/gone-${u.id}`);
    statusFor.set(`/push/gone-${u.id}`, 410);
    await api('POST', '/notifications/push/subscriptions', u, sub.json);
    await notify(t.app, u.id, { type: 'info', title: 'T', message: 'M' });
    await afterReplySettled();
    expect((await api('GET', '/notifications/push', u)).json().subscriptions).toBe(0);
  });

  it('a failing push service (500) keeps the subscription and fails nothing', async () => {
    const u = await person();
    const sub = browserSubscription(`/push/busy-${u.id}`);
    statusFor.set(`/push/busy-${u.id}`, 500);
    await api('POST', '/notifications/push/subscriptions', u, sub.json);
    await notify(t.app, u.id, { type: 'info', title: 'T', message: 'M' });
    await afterReplySettled();
    expect((await api('GET', '/notifications/push', u)).json().subscriptions).toBe(1);
  });

  it('unsubscribe removes only the caller’s own subscription', async () => {
    const a = await person();
    const b = await person();
    const sub = browserSubscription(`/push/own-${a.id}`);
    await api('POST', '/notifications/push/subscriptions', a, sub.json);
    await api('POST', '/notifications/push/unsubscribe', b, { endpoint: sub.json.endpoint });
    expect((await api('GET', '/notifications/push', a)).json().subscriptions).toBe(1);
    await api('POST', '/notifications/push/unsubscribe', a, { endpoint: sub.json.endpoint });
    expect((await api('GET', '/notifications/push', a)).json().subscriptions).toBe(0);
  });

  it('refuses malformed subscriptions with FORM_PUSH_SUBSCRIPTION_INVALID', async () => {
    const u = await person();
    const good = browserSubscription('/push/x').json;
    const bad = [
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, endpoint: `https://push.example/${'a'.repeat(1100)}` },
      { ...good, endpoint: 'https://user:pw@push.example/x' },
      { ...good, keys: { ...good.keys, p256dh: 'abc' } },
      { ...good, keys: { ...good.keys, auth: randomBytes(32).toString('base64url') } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: 'не-base64' } },
      { endpoint: good.endpoint },
    ];
    for (const payload of bad) {
      const res = await api('POST', '/notifications/push/subscriptions', u, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(JSON.stringify(res.json())).toContain('FORM_PUSH_SUBSCRIPTION_INVALID');
    }
  });

  it('in production only https push services on public hosts are accepted', async () => {
    const prod = await buildTestApp(t.db, { NODE_ENV: 'production' });
    const u = await person();
    const post = (endpoint: string) =>
      prod.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/push/subscriptions',
        headers: u.auth,
        payload: { ...browserSubscription('/p').json, endpoint },
      });
    expect((await post(`${base}/push/plain`)).statusCode).toBe(422);
    expect((await post('https://127.0.0.1/push')).statusCode).toBe(422);
    expect((await post('https://192.168.1.5/push')).statusCode).toBe(422);
    expect((await post('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(201);
    await prod.app.close();
  });
});

// Friends screens that stay true (issue 23 §3): every change of a friendship or request is told
// live to both people (one `friends` event, no detail), and the request's notification follows
// what happened to the request: read when answered, gone when withdrawn or after a block; the
// navbar counts follow. And a community reply notice names who answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PusherClient from 'pusher-js';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextEvent, pusherClient, subscribed } from './fixtures/pusher-clients.ts';
import { FRIENDS_EVENT } from '../../src/shared/friend-rules.ts';

type U = { id: number; token: string; auth: { authorization: string } };
let t: TestApp;
let n = 0;
async function person(name?: string): Promise<U> {
  n += 1;
  const u = await createUser(t.db, { name: name ?? `Viu Testescu${n}`, password: null });
  return { id: u.id, token: u.token, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, u: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u.auth, ...(payload ? { payload } : {}) });
const counts = async (u: U) => (await api('GET', '/user/layout-counts', u)).json() as { friendships: number; notifications: number };
const requestNotes = (u: U) =>
  t.db.query<{ read: boolean; message: string }>(
    `select read_at is not null as read, message from notifications where user_id = $1 and type = 'friend_request' order by id`,
    [u.id],
  );

const clients: PusherClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t.close();
});

describe('a friend request and its notification', () => {
  it('accepted: the notification is read and both counts drop', async () => {
    const [a, b] = [await person('Ana Vie'), await person()];
    expect((await api('POST', '/friends/requests', a, { user_id: b.id })).statusCode).toBe(201);
    expect(await counts(b)).toMatchObject({ friendships: 1, notifications: 1 });
    expect(await requestNotes(b)).toEqual([{ read: false, message: 'Ana Vie ți-a trimis o cerere de prietenie.' }]);
    expect((await api('POST', `/friends/requests/${a.id}/accept`, b)).statusCode).toBe(200);
    expect(await requestNotes(b)).toEqual([{ read: true, message: 'Ana Vie ți-a trimis o cerere de prietenie.' }]);
    expect(await counts(b)).toMatchObject({ friendships: 0, notifications: 0 });
  });

  it('accepted by asking back: the notification is read too', async () => {
    const [a, b] = [await person(), await person()];
    await api('POST', '/friends/requests', a, { user_id: b.id });
    expect((await api('POST', '/friends/requests', b, { user_id: a.id })).statusCode).toBe(200);
    expect((await requestNotes(b)).map((x) => x.read)).toEqual([true]);
  });

  it('rejected: read; withdrawn: gone from the feed and the badge', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await api('POST', '/friends/requests', a, { user_id: b.id });
    expect((await api('POST', `/friends/requests/${a.id}/reject`, b)).statusCode).toBe(200);
    expect((await requestNotes(b)).map((x) => x.read)).toEqual([true]);

    await api('POST', '/friends/requests', a, { user_id: c.id });
    expect(await counts(c)).toMatchObject({ friendships: 1, notifications: 1 });
    expect((await api('DELETE', `/friends/requests/${c.id}`, a)).statusCode).toBe(200);
    expect(await requestNotes(c)).toEqual([]);
    expect(await counts(c)).toMatchObject({ friendships: 0, notifications: 0 });
    expect((await api('GET', '/notifications', c)).json().notifications).toEqual([]);
  });

  it('a block removes the request notifications either way; others stay', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await api('POST', '/friends/requests', a, { user_id: b.id });
    await api('POST', '/friends/requests', c, { user_id: b.id });
    expect((await api('POST', '/friends/blocks', b, { user_id: a.id })).statusCode).toBe(201);
    expect((await requestNotes(b)).length).toBe(1);
    expect(await counts(b)).toMatchObject({ friendships: 1, notifications: 1 });
  });
});

describe('live: both people hear every change', () => {
  it('request, accept, removal: a `friends` event on both private channels', async () => {
    const [a, b] = [await person(), await person()];
    const [ca, cb] = [pusherClient(t, a.token), pusherClient(t, b.token)];
    clients.push(ca, cb);
    const [chA, chB] = await Promise.all([subscribed(ca, `private-user.${a.id}`), subscribed(cb, `private-user.${b.id}`)]);
    const steps: Array<() => ReturnType<typeof api>> = [
      () => api('POST', '/friends/requests', a, { user_id: b.id }),
      () => api('POST', `/friends/requests/${a.id}/accept`, b),
      () => api('DELETE', `/friends/${b.id}`, a),
      () => api('POST', '/friends/requests', b, { user_id: a.id }),
      () => api('DELETE', `/friends/requests/${a.id}`, b),
      () => api('POST', '/friends/blocks', a, { user_id: b.id }),
      () => api('DELETE', `/friends/blocks/${b.id}`, a),
    ];
    for (const step of steps) {
      const heard = Promise.all([nextEvent(chA, FRIENDS_EVENT), nextEvent(chB, FRIENDS_EVENT)]);
      expect((await step()).statusCode).toBeLessThan(300);
      // Nothing said beyond "something changed": a blocked person learns nothing from it.
      expect(await heard).toEqual([{}, {}]);
    }
  });
});

describe('search ignores diacritics (issue 23 §3)', () => {
  it('"Stanescu" finds "Stănescu", typed with or without them, either case, comma or cedilla', async () => {
    const me = await person();
    const tag = `Z${Date.now() % 100000}`;
    const [st, tu, se] = [
      await person(`Ion Stănescu ${tag}`),
      await person(`Ștefan Țurcanu ${tag}`),
      await person(`Şerban Îndreptătu ${tag}`), // ş with cedilla, as old keyboards type it
    ];
    const find = async (q: string) =>
      ((await api('GET', `/friends/search?q=${encodeURIComponent(`${q}`)}`, me)).json().users as Array<{ id: number }>).map((u) => u.id);
    expect(await find('Stanescu')).toContain(st.id);
    expect(await find('STĂNESCU')).toContain(st.id);
    expect(await find('stefan turcanu')).toEqual([tu.id]);
    expect(await find('ȘTEFAN Ț')).toEqual([tu.id]);
    expect(await find('serban indreptatu')).toEqual([se.id]);
    expect(await find('Șerban')).toContain(se.id);
    // LIKE's own characters stay literal.
    expect(await find('Stanescu%')).toEqual([]);
  });
});

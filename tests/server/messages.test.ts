// Direct messages (issue 7 §3): who may read and send, bad input, the rate limit, the idempotent
// client id, paging backwards, seen receipts, the layout count, and the events on both users'
// private channels received by the official pusher-js client.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type PusherClient from 'pusher-js';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { makeContent } from './learning-fixture.ts';
import { nextEvent, pusherClient, subscribed } from './fixtures/pusher-clients.ts';
import { MESSAGE_MAX, MESSAGE_PAGE_MAX, MESSAGE_RATE } from '../../src/shared/message-rules.ts';
import type { MessagePayload, SeenEventPayload } from '../../src/shared/message-payloads.ts';

type U = { id: number; token: string; auth: { authorization: string } };
let t: TestApp;
let n = 0;
async function person(opts: { premium?: boolean } = {}): Promise<U> {
  n += 1;
  const u = await createUser(t.db, {
    name: `Mesaj Testescu${n}`,
    password: null,
    premium_until: opts.premium ? new Date(Date.now() + 86_400_000) : null,
  });
  return { id: u.id, token: u.token, auth: { authorization: `Bearer ${u.token}` } };
}
async function befriend(a: U, b: U) {
  await t.db.query("insert into friendships (requester_id, addressee_id, status) values ($1, $2, 'accepted')", [a.id, b.id]);
}
const api = (method: 'GET' | 'POST', url: string, u?: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });
const send = (from: U, to: U, text: string, extra: object = {}) =>
  api('POST', `/message/convo/${to.id}`, from, { id: randomUUID(), text, ...extra });
const codeOf = (res: { json: () => { errors?: Record<string, string[]> } }) => Object.values(res.json().errors ?? {})[0]?.[0];

const clients: PusherClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t.close();
});

describe('messages: authentication', () => {
  it('answers 401 before reading any input', async () => {
    const calls: Array<['GET' | 'POST', string, object?]> = [
      ['GET', '/message/convos'],
      ['GET', '/message/convo/abc?before=nu'],
      ['POST', '/message/convo/1', { text: 5 }],
      ['POST', '/message/convo/1/seen'],
      ['GET', '/message/nu-e-uuid'],
    ];
    for (const [method, url, body] of calls) expect((await api(method, url, undefined, body)).statusCode, url).toBe(401);
  });
});

describe('sending', () => {
  it('between friends: stored, listed, readable by both, never by a stranger; HTML stays text', async () => {
    const [a, b, eve] = [await person(), await person(), await person()];
    await befriend(a, b);
    const text = '<b>Salut</b> <script>alert(1)</script> ăîșț';
    const res = await send(a, b, `  ${text}  `);
    expect(res.statusCode).toBe(201);
    const m = res.json().message as MessagePayload;
    expect(m).toMatchObject({ sender_id: a.id, friend_id: b.id, text, grid: null, seen_at: null });

    for (const u of [a, b]) expect((await api('GET', `/message/${m.id}`, u)).json().message).toEqual(m);
    expect((await api('GET', `/message/${m.id}`, eve)).statusCode).toBe(404);
    const history = await api('GET', `/message/convo/${a.id}`, eve);
    expect(history.statusCode).toBe(403);
    expect(codeOf(history)).toBe('FORM_MESSAGE_NOT_FRIENDS');

    const ofB = (await api('GET', '/message/convos', b)).json().conversations;
    expect(ofB).toEqual([{ friend: { id: a.id, name: expect.any(String), avatar_thumb_src: null }, last_message: m, unread: 1 }]);
    expect((await api('GET', '/message/convos', a)).json().conversations[0].unread).toBe(0);
    expect((await api('GET', '/message/convos', eve)).json().conversations).toEqual([]);
    expect((await api('GET', '/user/layout-counts', b)).json()).toMatchObject({ messages: 1 });
  });

  it('refuses a stranger, a former friend, a blocked pair, oneself and an unknown user', async () => {
    const [a, b, c, d] = [await person(), await person(), await person(), await person()];
    await befriend(a, c);
    await befriend(a, d);
    await t.db.query('insert into user_blocks (blocker_id, blocked_id) values ($1, $2)', [d.id, a.id]);
    for (const to of [b, d, a, { ...b, id: 2_000_000_000 }]) {
      const res = await send(a, to, 'Bună');
      expect(res.statusCode, `to ${to.id}`).toBe(403);
      expect(codeOf(res)).toBe('FORM_MESSAGE_NOT_FRIENDS');
    }
    // The blocked one cannot write back either.
    expect((await send(d, a, 'Bună')).statusCode).toBe(403);
    expect((await send(a, c, 'Bună')).statusCode).toBe(201);
    await t.db.query('delete from friendships where (requester_id = $1 and addressee_id = $2)', [a.id, c.id]);
    expect((await send(c, a, 'Încă aici?')).statusCode).toBe(403);
    // Unfriended: the history stays readable to both (issue 23 §3), sending is closed.
    for (const [me, other] of [[c, a], [a, c]] as const) {
      const h = await api('GET', `/message/convo/${other.id}`, me);
      expect(h.statusCode).toBe(200);
      expect(h.json()).toMatchObject({ can_send: false, messages: [{ text: 'Bună', sender_id: a.id }] });
    }
    // A blocked pair and a stranger with no conversation: nothing to read.
    await befriend(d, b);
    expect((await send(d, b, 'Salut')).statusCode).toBe(201);
    await t.db.query('insert into user_blocks (blocker_id, blocked_id) values ($1, $2)', [b.id, d.id]);
    expect((await api('GET', `/message/convo/${d.id}`, b)).statusCode).toBe(403);
    expect((await api('GET', `/message/convo/${b.id}`, d)).statusCode).toBe(403);
    expect((await api('GET', `/message/convo/${b.id}`, c)).statusCode).toBe(403);
    expect((await api('GET', `/message/convo/${a.id}`, a)).statusCode).toBe(403);
  });

  it('bad input: codes, never a 500', async () => {
    const [a, b] = [await person(), await person()];
    await befriend(a, b);
    const cases: Array<[object, string, string]> = [
      [{ id: randomUUID(), text: '   ' }, 'text', 'FORM_MESSAGE_REQUIRED'],
      [{ id: randomUUID() }, 'text', 'FORM_MESSAGE_REQUIRED'],
      [{ id: randomUUID(), text: 'x'.repeat(MESSAGE_MAX + 1) }, 'text', 'FORM_MESSAGE_TOO_LONG'],
      [{ id: randomUUID(), text: 'a\u0000b' }, 'text', 'FIELD_TEXT_UNSUPPORTED'],
      [{ id: 'nu-e-uuid', text: 'Bună' }, 'id', 'FORM_UUID_INVALID'],
      [{ text: 'Bună' }, 'id', 'FORM_UUID_INVALID'],
      [{ id: randomUUID(), text: 'Bună', grid_id: -4 }, 'grid_id', 'FORM_GRID_NOT_FOUND'],
      [{ id: randomUUID(), text: 'Bună', grid_id: 2 ** 40 }, 'grid_id', 'FORM_GRID_NOT_FOUND'],
    ];
    for (const [body, field, code] of cases) {
      const res = await api('POST', `/message/convo/${b.id}`, a, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.json().errors[field]).toContain(code);
    }
    expect((await send(a, b, 'x'.repeat(MESSAGE_MAX))).statusCode).toBe(201);
    expect((await api('POST', '/message/convo/0', a, { id: randomUUID(), text: 'x' })).statusCode).toBe(422);
    expect((await api('GET', `/message/convo/${b.id}?limit=${MESSAGE_PAGE_MAX + 1}`, a)).statusCode).toBe(422);
    expect((await api('GET', `/message/convo/${b.id}?before=x`, a)).statusCode).toBe(422);
    expect((await api('GET', `/message/convo/${b.id}?before=${randomUUID()}`, a)).statusCode).toBe(404);
    expect((await api('GET', `/message/${randomUUID()}`, a)).statusCode).toBe(404);
  });

  it('the same client id twice is one message; another sender cannot take that id', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await befriend(a, b);
    await befriend(c, b);
    const id = randomUUID();
    const first = await api('POST', `/message/convo/${b.id}`, a, { id, text: 'O dată' });
    const again = await api('POST', `/message/convo/${b.id}`, a, { id, text: 'O dată' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toEqual(first.json().message);
    const n = await t.db.one<{ n: number }>('select count(*)::int as n from messages where id = $1', [id]);
    expect(n?.n).toBe(1);
    const clash = await api('POST', `/message/convo/${b.id}`, c, { id, text: 'Al meu' });
    expect(clash.statusCode).toBe(409);
    expect(codeOf(clash)).toBe('FORM_MESSAGE_ID_TAKEN');
  });

  it('a shared grid: only one the friend may see (premium rules)', async () => {
    const [free, prem, friend] = [await person(), await person({ premium: true }), await person()];
    await befriend(free, friend);
    await befriend(prem, friend);
    const { gridIds } = await makeContent(t.db, [[{}, { premium: true }, { published: false }]]);
    const [open, premium, hidden] = gridIds[0]!;
    const ok = await send(free, friend, 'Uite grila', { grid_id: open });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message.grid).toMatchObject({ id: open, premium: false, statement: expect.stringContaining('Enunț') });
    for (const [from, g] of [[prem, premium], [free, hidden], [free, 2_000_000_000]] as const) {
      const res = await send(from, friend, 'Uite', { grid_id: g });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.grid_id).toEqual(['FORM_MESSAGE_GRID_UNAVAILABLE']);
    }
  });
});

describe('history and seen', () => {
  it('pages backwards with `before`, oldest first within a page', async () => {
    const [a, b] = [await person(), await person()];
    await befriend(a, b);
    const sent: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await send(i % 2 ? a : b, i % 2 ? b : a, `m${i}`);
      sent.push(res.json().message.id);
    }
    const p1 = (await api('GET', `/message/convo/${b.id}?limit=3`, a)).json();
    expect(p1.messages.map((m: MessagePayload) => m.text)).toEqual(['m5', 'm6', 'm7']);
    expect(p1.has_more).toBe(true);
    expect(p1.friend.id).toBe(b.id);
    const p2 = (await api('GET', `/message/convo/${b.id}?limit=3&before=${p1.messages[0].id}`, a)).json();
    expect(p2.messages.map((m: MessagePayload) => m.text)).toEqual(['m2', 'm3', 'm4']);
    const p3 = (await api('GET', `/message/convo/${a.id}?limit=3&before=${p2.messages[0].id}`, b)).json();
    expect(p3.messages.map((m: MessagePayload) => m.text)).toEqual(['m1']);
    expect(p3.has_more).toBe(false);
    // A cursor from another conversation is not this one's.
    const [c] = [await person()];
    await befriend(a, c);
    expect((await api('GET', `/message/convo/${c.id}?before=${sent[0]}`, a)).statusCode).toBe(404);
  });

  it('seen marks only the messages sent to the caller', async () => {
    const [a, b] = [await person(), await person()];
    await befriend(a, b);
    const m1 = (await send(a, b, 'unu')).json().message as MessagePayload;
    const m2 = (await send(b, a, 'doi')).json().message as MessagePayload;
    // a saying "seen" for b marks what b sent a (m2), never a's own message to b.
    const r = await api('POST', `/message/convo/${b.id}/seen`, a);
    expect(r.json()).toMatchObject({ seen: 1 });
    expect((await api('GET', `/message/${m1.id}`, a)).json().message.seen_at).toBeNull();
    expect((await api('GET', `/message/${m2.id}`, a)).json().message.seen_at).not.toBeNull();
    expect((await api('GET', '/user/layout-counts', b)).json().messages).toBe(1);
    expect((await api('POST', `/message/convo/${a.id}/seen`, b)).json()).toMatchObject({ seen: 1 });
    expect((await api('GET', '/user/layout-counts', b)).json().messages).toBe(0);
    expect((await api('POST', `/message/convo/${a.id}/seen`, b)).json()).toMatchObject({ seen: 0 });
  });
});

describe('live events on both private channels', () => {
  it('message and seen reach the sender and the recipient, on pusher-js', async () => {
    const [a, b] = [await person(), await person()];
    await befriend(a, b);
    const ca = pusherClient(t, a.token);
    const cb = pusherClient(t, b.token);
    clients.push(ca, cb);
    const [chA, chB] = await Promise.all([subscribed(ca, `private-user.${a.id}`), subscribed(cb, `private-user.${b.id}`)]);
    const gotA = nextEvent(chA, 'message');
    const gotB = nextEvent(chB, 'message');
    const m = (await send(a, b, 'Live')).json().message as MessagePayload;
    expect(await gotA).toEqual(m);
    expect(await gotB).toEqual(m);

    const seenA = nextEvent(chA, 'seen');
    const seenB = nextEvent(chB, 'seen');
    const r = (await api('POST', `/message/convo/${a.id}/seen`, b)).json();
    const expected: SeenEventPayload = { friend_id: b.id, sender_id: a.id, seen_at: r.seen_at };
    expect(await seenA).toEqual(expected);
    expect(await seenB).toEqual(expected);
  });
});

describe('messages while away become a notification', () => {
  const notes = (u: U) =>
    t.db.query<{ type: string; link: string | null; message: string }>(
      "select type, link, message from notifications where user_id = $1 and type = 'message'",
      [u.id],
    );
  it('one per unseen burst when the recipient has no connection; none while connected', async () => {
    const [a, b] = [await person(), await person()];
    await befriend(a, b);
    await send(a, b, 'Ești acolo?');
    await send(a, b, 'Hei');
    const first = await notes(b);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ link: `/mesaje/${a.id}` });
    expect(first[0]!.message).not.toContain('Ești acolo');
    expect((await api('GET', '/user/layout-counts', b)).json()).toMatchObject({ notifications: 1 });
    await api('POST', `/message/convo/${a.id}/seen`, b);
    // Read in the conversation: the notice about them is handled, read, and off the badge (issue 23 §3).
    const read = await t.db.query<{ read: boolean }>(
      "select read_at is not null as read from notifications where user_id = $1 and type = 'message'",
      [b.id],
    );
    expect(read).toEqual([{ read: true }]);
    expect((await api('GET', '/user/layout-counts', b)).json()).toMatchObject({ notifications: 0 });

    // Connected on their private channel: the live event is enough.
    const cb = pusherClient(t, b.token);
    clients.push(cb);
    await subscribed(cb, `private-user.${b.id}`);
    await send(a, b, 'Acum ești online');
    expect(await notes(b)).toHaveLength(1);
    cb.disconnect();
    await vi.waitFor(async () => {
      const channels = await t.app.realtimeHub.adapter.channels();
      expect(channels.get(`private-user.${b.id}`) ?? 0).toBe(0);
    });
    await api('POST', `/message/convo/${a.id}/seen`, b);
    await send(a, b, 'Ai plecat?');
    expect(await notes(b)).toHaveLength(2);
  });
});

describe('rate limit', () => {
  it(`at most ${MESSAGE_RATE.max} messages a minute per sender`, async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await befriend(a, b);
    await befriend(c, b);
    const codes: number[] = [];
    for (let i = 0; i < MESSAGE_RATE.max + 1; i++) codes.push((await send(a, b, `r${i}`)).statusCode);
    expect(codes.slice(0, MESSAGE_RATE.max).every((s) => s === 201)).toBe(true);
    expect(codes[MESSAGE_RATE.max]).toBe(429);
    // Another sender has their own allowance.
    expect((await send(c, b, 'Eu pot')).statusCode).toBe(201);
  });
});

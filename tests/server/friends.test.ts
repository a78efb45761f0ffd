// Friends (issue 7 §2): search, requests, friends list, removal, blocks; every code of the
// friendship group; who may act on which request; what a block hides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { pendingIncomingCount } from '../../server/modules/friends/queries.ts';
import { FRIEND_REQUEST_RATE } from '../../server/modules/friends/routes.ts';

type U = { id: number; email: string; auth: { authorization: string } };
let t: TestApp;
let n = 0;
async function person(name?: string): Promise<U> {
  n += 1;
  const u = await createUser(t.db, { name: name ?? `Prieten Testescu${n}`, password: null });
  return { ...u, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, u?: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });
const send = (from: U, to: U) => api('POST', '/friends/requests', from, { user_id: to.id });
const codeOf = (res: { json: () => { errors?: Record<string, string[]> } }) =>
  Object.values(res.json().errors ?? {})[0]?.[0];
const ids = (list: Array<{ id: number }>) => list.map((p) => p.id).sort((a, b) => a - b);
const overview = async (u: U) => (await api('GET', '/friends', u)).json();
const found = async (u: U, q: string) =>
  (await api('GET', `/friends/search?q=${encodeURIComponent(q)}`, u)).json().users as Array<{
    id: number;
    relation: string;
  }>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('friends: authentication', () => {
  it('answers 401 before reading any input', async () => {
    const calls: Array<[Parameters<typeof api>[0], string, object?]> = [
      ['GET', '/friends'],
      ['GET', '/friends/search?q=' + 'x'.repeat(5000)],
      ['GET', '/friends/blocks'],
      ['POST', '/friends/requests', { user_id: 'nu' }],
      ['POST', '/friends/requests/abc/accept'],
      ['POST', '/friends/requests/1/reject'],
      ['DELETE', '/friends/requests/1'],
      ['DELETE', '/friends/1'],
      ['POST', '/friends/blocks', { user_id: -1 }],
      ['DELETE', '/friends/blocks/1'],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('friend requests', () => {
  it('sends, lists both sides, accepts; friends see each other with e-mail', async () => {
    const a = await person();
    const b = await person();
    const sent = await send(a, b);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ success: 'FRIENDSHIP_SENT', user_id: b.id });
    expect(ids((await overview(a)).outgoing)).toEqual([b.id]);
    expect(ids((await overview(b)).incoming)).toEqual([a.id]);
    expect(await pendingIncomingCount(t.db, b.id)).toBe(1);
    expect(await pendingIncomingCount(t.db, a.id)).toBe(0);

    const dup = await send(a, b);
    expect(dup.statusCode).toBe(409);
    expect(codeOf(dup)).toBe('FORM_FRIENDSHIP_ALREADY_SENT');

    const ok = await api('POST', `/friends/requests/${a.id}/accept`, b);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: 'FRIENDSHIP_ACCEPTED', user_id: a.id });
    expect(await pendingIncomingCount(t.db, b.id)).toBe(0);
    const ofA = await overview(a);
    expect(ofA.outgoing).toEqual([]);
    expect(ofA.friends).toEqual([
      {
        id: b.id,
        name: expect.any(String),
        avatar_thumb_src: null,
        since: expect.any(String),
      },
    ]);
    // A friend's e-mail is not theirs to see (issue 32 §4): nowhere in the overview.
    const ofB = await overview(b);
    expect(ofB.friends.map((f: { id: number }) => f.id)).toEqual([a.id]);
    expect(JSON.stringify(ofB)).not.toContain(a.email);
    expect(JSON.stringify(ofA)).not.toContain(b.email);

    const again = await send(b, a);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('FORM_FRIENDSHIP_ALREADY_FRIENDS');
    // Accepting twice finds no pending request.
    expect(codeOf(await api('POST', `/friends/requests/${a.id}/accept`, b))).toBe(
      'FORM_FRIENDSHIP_NOT_FOUND',
    );
  });

  it('a request both ways becomes a friendship', async () => {
    const a = await person();
    const b = await person();
    expect((await send(a, b)).statusCode).toBe(201);
    const back = await send(b, a);
    expect(back.statusCode).toBe(200);
    expect(back.json().success).toBe('FRIENDSHIP_ACCEPTED');
    expect(ids((await overview(a)).friends)).toEqual([b.id]);
  });

  it('rejects: the requester cannot ask again, the one who rejected can', async () => {
    const a = await person();
    const b = await person();
    await send(a, b);
    const no = await api('POST', `/friends/requests/${a.id}/reject`, b);
    expect(no.statusCode).toBe(200);
    expect(no.json()).toEqual({ success: 'FRIENDSHIP_REJECTED', user_id: a.id });
    expect((await overview(b)).incoming).toEqual([]);
    expect((await overview(a)).outgoing).toEqual([]);
    const retry = await send(a, b);
    expect(retry.statusCode).toBe(409);
    expect(codeOf(retry)).toBe('FORM_FRIENDSHIP_REJECTED');
    expect(codeOf(await api('POST', `/friends/requests/${a.id}/reject`, b))).toBe(
      'FORM_FRIENDSHIP_NOT_FOUND',
    );
    // B changes their mind and asks A.
    const renewed = await send(b, a);
    expect(renewed.statusCode).toBe(201);
    expect(ids((await overview(a)).incoming)).toEqual([b.id]);
  });

  it('cancels an outgoing request; only its requester can', async () => {
    const a = await person();
    const b = await person();
    await send(a, b);
    const wrongSide = await api('DELETE', `/friends/requests/${a.id}`, b);
    expect(wrongSide.statusCode).toBe(404);
    expect(codeOf(wrongSide)).toBe('FORM_FRIENDSHIP_NOT_FOUND');
    const cancel = await api('DELETE', `/friends/requests/${b.id}`, a);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ success: 'FRIENDSHIP_CANCELLED', user_id: b.id });
    expect((await overview(b)).incoming).toEqual([]);
    expect(codeOf(await api('DELETE', `/friends/requests/${b.id}`, a))).toBe('FORM_FRIENDSHIP_NOT_FOUND');
    // After a cancel the pair starts over.
    expect((await send(a, b)).statusCode).toBe(201);
  });

  it('removes a friend from both lists', async () => {
    const a = await person();
    const b = await person();
    await send(a, b);
    await api('POST', `/friends/requests/${a.id}/accept`, b);
    const rm = await api('DELETE', `/friends/${a.id}`, b);
    expect(rm.statusCode).toBe(200);
    expect(rm.json()).toEqual({ success: 'FRIENDSHIP_REMOVED', user_id: a.id });
    expect((await overview(a)).friends).toEqual([]);
    expect((await overview(b)).friends).toEqual([]);
    expect(codeOf(await api('DELETE', `/friends/${a.id}`, b))).toBe('FORM_FRIENDSHIP_NOT_FOUND');
    // A pending request is not a friendship to remove.
    await send(a, b);
    expect(codeOf(await api('DELETE', `/friends/${b.id}`, a))).toBe('FORM_FRIENDSHIP_NOT_FOUND');
  });

  it('refuses oneself, unknown users and bad ids', async () => {
    const a = await person();
    const self = await send(a, a);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ errors: { user_id: ['FORM_FRIENDSHIP_SELF'] } });
    const ghost = await api('POST', '/friends/requests', a, { user_id: 2_000_000_000 });
    expect(ghost.statusCode).toBe(404);
    expect(codeOf(ghost)).toBe('FORM_USER_NOT_FOUND');
    for (const bad of [0, -1, 1.5, '7', null, 2 ** 31, 'x'.repeat(10_000)]) {
      const res = await api('POST', '/friends/requests', a, { user_id: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(codeOf(res)).toBe('FORM_USER_NOT_FOUND');
    }
    expect((await api('POST', '/friends/requests', a, {})).statusCode).toBe(422);
    for (const [method, url] of [
      ['POST', '/friends/requests/0/accept'],
      ['POST', '/friends/requests/1e3/reject'],
      ['DELETE', '/friends/requests/01'],
      ['DELETE', '/friends/99999999999'],
      ['DELETE', '/friends/blocks/-1'],
    ] as const) {
      const res = await api(method, url, a);
      expect(res.statusCode, url).toBe(422);
      expect(codeOf(res), url).toBe('FORM_USER_NOT_FOUND');
    }
  });
});

describe('authorization between three users', () => {
  it('a third user can neither accept, reject nor cancel a request between two others', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    await send(a, b);
    for (const [method, url] of [
      ['POST', `/friends/requests/${a.id}/accept`],
      ['POST', `/friends/requests/${a.id}/reject`],
      ['DELETE', `/friends/requests/${b.id}`],
      ['DELETE', `/friends/requests/${a.id}`],
    ] as const) {
      const res = await api(method, url, c);
      expect(res.statusCode, url).toBe(404);
      expect(codeOf(res)).toBe('FORM_FRIENDSHIP_NOT_FOUND');
    }
    // The requester cannot accept their own request either.
    expect(codeOf(await api('POST', `/friends/requests/${b.id}/accept`, a))).toBe(
      'FORM_FRIENDSHIP_NOT_FOUND',
    );
    expect(ids((await overview(b)).incoming)).toEqual([a.id]);
  });

  it('nobody sees another user’s friends: a third user cannot remove them nor read them', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    await send(a, b);
    await api('POST', `/friends/requests/${a.id}/accept`, b);
    expect(codeOf(await api('DELETE', `/friends/${a.id}`, c))).toBe('FORM_FRIENDSHIP_NOT_FOUND');
    const ofC = await overview(c);
    expect(ofC).toMatchObject({ friends: [], incoming: [], outgoing: [] });
    expect(ids((await overview(a)).friends)).toEqual([b.id]);
    // No route takes someone else's id to list their friends.
    expect((await api('GET', `/friends?user_id=${a.id}`, c)).json().friends).toEqual([]);
    expect((await api('GET', `/friends/${a.id}`, c)).statusCode).toBe(404);
  });
});

describe('search', () => {
  it('finds by part of the name, never showing an e-mail; relation tells where the pair stands', async () => {
    const me = await person('Căutătoare Ioana');
    const x = await person('Zamfirescu Mihaela');
    const y = await person('Zamfirescu Andrei');
    await send(me, x);
    await send(y, me);
    const res = await api('GET', '/friends/search?q=zamfir', me);
    expect(res.statusCode).toBe(200);
    const users = res.json().users as Array<Record<string, unknown>>;
    expect(users.map((u) => [u.id, u.relation])).toEqual([
      [y.id, 'incoming'],
      [x.id, 'outgoing'],
    ]);
    expect(JSON.stringify(users)).not.toContain('@');
    for (const u of users)
      expect(Object.keys(u).sort()).toEqual(['avatar_thumb_src', 'id', 'name', 'relation']);
    // The searcher never finds themselves.
    expect(await found(me, 'Căutătoare')).toEqual([]);
    await api('POST', `/friends/requests/${y.id}/accept`, me);
    expect((await found(me, 'Zamfirescu Andrei'))[0]).toMatchObject({ id: y.id, relation: 'friend' });
  });

  it('by e-mail only when exact (any case), by invitation code', async () => {
    const me = await person();
    const x = await person();
    expect(ids(await found(me, x.email.toUpperCase()))).toEqual([x.id]);
    expect(await found(me, x.email.slice(1))).toEqual([]);
    expect(await found(me, x.email.split('@')[0]!)).toEqual([]);
    const code = (await overview(x)).invitation_code as string;
    expect(code).toMatch(/^[0-9A-F]{12}$/);
    expect(ids(await found(me, code.toLowerCase()))).toEqual([x.id]);
    expect(await found(me, code.slice(0, 11) + (code.endsWith('0') ? '1' : '0'))).toEqual([]);
  });

  it('treats % and _ literally and bounds the text', async () => {
    const me = await person();
    await person('Procent Sută');
    expect(await found(me, '%%%')).toEqual([]);
    expect(await found(me, '___')).toEqual([]);
    const cases: Array<[string, string]> = [
      ['', 'FORM_SEARCH_REQUIRED'],
      ['   ', 'FORM_SEARCH_REQUIRED'],
      ['ab', 'FORM_SEARCH_TOO_SHORT'],
      ['a'.repeat(101), 'FORM_SEARCH_TOO_LONG'],
      ['nu@', 'FORM_EMAIL_INVALID'],
      ['\u0000ab', 'FIELD_TEXT_UNSUPPORTED'],
    ];
    for (const [q, code] of cases) {
      const res = await api('GET', `/friends/search?q=${encodeURIComponent(q)}`, me);
      expect(res.statusCode, q).toBe(422);
      expect(codeOf(res), q).toBe(code);
    }
    const missing = await api('GET', '/friends/search', me);
    expect(missing.statusCode).toBe(422);
    expect(codeOf(missing)).toBe('FORM_SEARCH_REQUIRED');
    expect((await api('GET', '/friends/search?q=a&q=b', me)).statusCode).toBe(422);
  });
});

describe('blocking', () => {
  it('ends the friendship and pending requests, hides each from the other, refuses requests both ways', async () => {
    const a = await person('Blocantă Elena');
    const b = await person('Blocatul Vasile');
    const c = await person();
    await send(a, b);
    await api('POST', `/friends/requests/${a.id}/accept`, b);
    await send(c, a);
    const blk = await api('POST', '/friends/blocks', a, { user_id: b.id });
    expect(blk.statusCode).toBe(201);
    expect(blk.json()).toEqual({ success: 'USER_BLOCKED', user_id: b.id });
    expect((await overview(a)).friends).toEqual([]);
    expect((await overview(b)).friends).toEqual([]);
    expect(ids((await api('GET', '/friends/blocks', a)).json().blocked)).toEqual([b.id]);
    expect((await api('GET', '/friends/blocks', b)).json().blocked).toEqual([]);

    expect(await found(a, 'Blocatul')).toEqual([]);
    expect(await found(b, 'Blocantă')).toEqual([]);
    expect(await found(b, a.email)).toEqual([]);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await send(from, to);
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe('FORM_USER_NOT_FOUND');
    }
    const twice = await api('POST', '/friends/blocks', a, { user_id: b.id });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('FORM_USER_ALREADY_BLOCKED');
    // The unrelated request from C stays.
    expect(ids((await overview(a)).incoming)).toEqual([c.id]);

    // Blocking drops a pending request too.
    await api('POST', '/friends/blocks', c, { user_id: a.id });
    expect((await overview(a)).incoming).toEqual([]);
    expect((await overview(c)).outgoing).toEqual([]);

    // Only the blocker can lift the block.
    expect(codeOf(await api('DELETE', `/friends/blocks/${a.id}`, b))).toBe('FORM_USER_NOT_BLOCKED');
    const un = await api('DELETE', `/friends/blocks/${b.id}`, a);
    expect(un.statusCode).toBe(200);
    expect(un.json()).toEqual({ success: 'USER_UNBLOCKED', user_id: b.id });
    expect(codeOf(await api('DELETE', `/friends/blocks/${b.id}`, a))).toBe('FORM_USER_NOT_BLOCKED');
    expect(ids(await found(b, 'Blocantă'))).toEqual([a.id]);
    expect((await send(b, a)).statusCode).toBe(201);
  });

  it('refuses blocking oneself or an unknown user', async () => {
    const a = await person();
    expect((await api('POST', '/friends/blocks', a, { user_id: a.id })).json()).toEqual({
      errors: { user_id: ['FORM_FRIENDSHIP_SELF'] },
    });
    const ghost = await api('POST', '/friends/blocks', a, { user_id: 2_000_000_000 });
    expect(ghost.statusCode).toBe(404);
    expect(codeOf(ghost)).toBe('FORM_USER_NOT_FOUND');
  });
});

describe('rate limit', () => {
  it('counts requests sent per user, not per address', async () => {
    const spammer = await person();
    const other = await person();
    const target = await person();
    let last = 0;
    for (let i = 0; i <= FRIEND_REQUEST_RATE.max; i += 1)
      last = (await api('POST', '/friends/requests', spammer, { user_id: 2_000_000_000 })).statusCode;
    expect(last).toBe(429);
    // Another user on the same address is not held back.
    expect((await send(other, target)).statusCode).toBe(201);
  });
});

// Group tests, issue 22 §2: friends without Premium refused by name and listed as such, invitation
// codes without look-alike characters and typed loosely, what the test covers in its state, an
// answer that arrives after its grid closed told as such (and its retry still the same answer
// when it did arrive), and the history: the author, everyone who took part, a removed member's points.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeUser, type FixtureUser } from './learning-fixture.ts';
import { befriend, call, firstError, groupWorld } from './groups-fixture.ts';
import { groupClock } from '../../server/modules/groups/clock.ts';
import { GROUP_ANSWER_GRACE_MS, GROUP_CODE_ALPHABET, GROUP_START_LEAD_MS, GROUP_PAUSE_SECONDS_DEFAULT } from '../../src/shared/group-schema.ts';
/** The pause a group gets when its creator does not choose one. */
const GROUP_PAUSE_MS = GROUP_PAUSE_SECONDS_DEFAULT * 1000;

let t: TestApp;
let api: ReturnType<typeof call>;
let w: Awaited<ReturnType<typeof groupWorld>>;
let A: FixtureUser, B: FixtureUser, C: FixtureUser, D: FixtureUser;

beforeAll(async () => {
  t = await createTestApp();
  api = call(t.app);
  w = await groupWorld(t.db, 4);
  [A, B, C, D] = w.users as [FixtureUser, FixtureUser, FixtureUser, FixtureUser];
});
afterAll(async () => t.close());

const create = (u: FixtureUser, invite: number[], extra: Record<string, unknown> = {}) =>
  api(u, 'POST', '/groups', { manual_id: w.manualId, count: 3, seconds_per_grid: 30, invite_ids: invite, ...extra });
const put = (u: FixtureUser, hash: string, position: number, marked: string[], id = randomUUID()) =>
  api(u, 'PUT', `/groups/${hash}/answers/${position}`, { id, marked });

describe('friends without Premium', () => {
  it('are listed with premium: false, and refused by name on create and on invite', async () => {
    const free1 = await makeUser(t.db, { name: 'Zoe Fără' });
    const free2 = await makeUser(t.db, { name: 'Ana Fără' });
    await befriend(t.db, A.id, free1.id);
    await befriend(t.db, free2.id, A.id);
    const stranger = await makeUser(t.db, { name: 'Străin', premium: true });

    expect((await api(null, 'GET', '/groups/friends')).status).toBe(401);
    const list = await api(A, 'GET', '/groups/friends');
    expect(list.status).toBe(200);
    const byId = new Map(list.body.friends.map((f: { id: number; premium: boolean }) => [f.id, f.premium]));
    expect([byId.get(B.id), byId.get(free1.id), byId.get(free2.id), byId.has(stranger.id)]).toEqual([true, false, false, false]);

    const r = await create(A, [B.id, free1.id, free2.id]);
    expect([r.status, r.body.errors.invite_ids, r.body.users]).toEqual([
      422,
      ['FORM_GROUP_FRIEND_NOT_PREMIUM'],
      [
        { id: free2.id, name: 'Ana Fără' },
        { id: free1.id, name: 'Zoe Fără' },
      ],
    ]);
    const hash = (await create(A, [B.id])).body.hash as string;
    const inv = await api(A, 'POST', `/groups/${hash}/invite`, { user_id: free1.id });
    expect([inv.status, firstError(inv), inv.body.users]).toEqual([422, 'FORM_GROUP_FRIEND_NOT_PREMIUM', [{ id: free1.id, name: 'Zoe Fără' }]]);
  });
});

describe('the invitation code', () => {
  it('uses no look-alike characters and is accepted lowercase, with spaces or a dash', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const hash = (await create(A, [B.id])).body.hash as string;
      codes.push((await api(A, 'GET', `/groups/${hash}`)).body.access_code as string);
    }
    for (const c of codes) {
      expect(c).toMatch(/^[A-Z0-9]{8}$/);
      expect([...c].every((ch) => GROUP_CODE_ALPHABET.includes(ch))).toBe(true);
      expect(c).not.toMatch(/[0O1IL2Z5S8BUV]/);
    }
    const code = codes[0]!;
    const typed = ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4, 6)}-${code.slice(6).toLowerCase()} `;
    const j = await api(C, 'POST', '/groups/join', { code: typed });
    expect(j.status).toBe(200);
    const bad = await api(C, 'POST', '/groups/join', { code: 'x'.repeat(41) });
    expect([bad.status, firstError(bad)]).toEqual([422, 'FORM_GROUP_INVALID_ACCESS_CODE']);
  });
});

describe('what the lobby says the test covers', () => {
  it('names the manual, the chosen chapters and the difficulty; all chapters when none was chosen', async () => {
    const picked = (await create(A, [B.id], { chapter_ids: [w.chapterIds[1]], difficulty: 'hard' })).body.hash as string;
    const s = (await api(B, 'GET', `/groups/${picked}`)).body;
    const manual = await t.db.one<{ title: string }>('select title from manuals where id = $1', [w.manualId]);
    expect(s.source).toEqual({ manual: manual!.title, chapters: ['Capitolul 2'], difficulty: 'hard' });
    const all = (await create(A, [B.id])).body.hash as string;
    expect((await api(A, 'GET', `/groups/${all}`)).body.source).toEqual({ manual: manual!.title, chapters: [], difficulty: null });
  });
});

describe('an answer that reaches the server after its grid closed', () => {
  it('is refused as "the grid had closed"; one that did arrive is acknowledged again on retry', async () => {
    const real = groupClock.now;
    let now = Date.now();
    groupClock.now = () => now;
    try {
      const hash = (await create(A, [B.id, C.id])).body.hash as string;
      await api(B, 'POST', `/groups/${hash}/join`);
      await api(C, 'POST', `/groups/${hash}/join`);
      await api(A, 'POST', `/groups/${hash}/start`);
      now += GROUP_START_LEAD_MS; // grid 1 opens
      const kept = randomUUID();
      expect((await put(B, hash, 1, ['B'], kept)).status).toBe(200);
      now += 30_000 + GROUP_ANSWER_GRACE_MS + 1;
      const late = await put(C, hash, 1, ['B']);
      expect([late.status, firstError(late)]).toEqual([409, 'FORM_GROUP_GRID_CLOSED']);
      // B's reply was lost and B's device sends the same uuid again after the close: the same answer.
      const again = await put(B, hash, 1, ['B'], kept);
      expect([again.status, again.body.answer.position]).toEqual([200, 1]);
    } finally {
      groupClock.now = real;
    }
  });
});

describe('the history', () => {
  it('names the author after the role was handed on, counts everyone who took part, keeps a removed member with their points', async () => {
    const real = groupClock.now;
    let now = Date.now();
    groupClock.now = () => now;
    let hash: string;
    try {
      hash = (await create(A, [B.id, C.id, D.id])).body.hash as string;
      for (const u of [B, C, D]) await api(u, 'POST', `/groups/${hash}/join`);
      await api(A, 'POST', `/groups/${hash}/start`);
      now += GROUP_START_LEAD_MS; // grid 1 opens
      for (const u of [A, B, C, D]) expect((await put(u, hash, 1, ['B'])).status).toBe(200);
      now += GROUP_PAUSE_MS; // the pause after grid 1, then grid 2
      expect((await api(A, 'GET', `/groups/${hash}`)).body.position).toBe(2);
    } finally {
      groupClock.now = real;
    }
    await api(A, 'POST', `/groups/${hash}/kick`, { user_id: D.id });
    await api(A, 'POST', `/groups/${hash}/creator`, { user_id: B.id });
    await api(C, 'POST', `/groups/${hash}/leave`);

    const mine = (u: FixtureUser) => api(u, 'GET', '/groups').then((r) => r.body.groups.find((g: { hash: string }) => g.hash === hash));
    const a = await mine(A);
    // The people of the final ranking (A, B, and C who left after joining), and D named apart as
    // removed: the count once had D in while the ranking had D out (issue 32 §2).
    const dName = (await t.db.one<{ name: string }>('select name from users where id = $1', [D.id]))!.name;
    expect(a).toMatchObject({ author_name: 'Membru0 Test', members: 3, removed: [dName], my_status: 'joined', my_score: 1 });
    const d = await mine(D);
    expect(d).toMatchObject({ author_name: 'Membru0 Test', my_status: 'kicked', my_score: 1 });
    // D was told, with a notification of their own.
    const notes = (await api(D, 'GET', '/notifications')).body;
    expect(JSON.stringify(notes)).toContain('te-a eliminat din testul de grup');
    // Invited and removed before joining: never took part, not listed.
    const E = await makeUser(t.db, { name: 'Eliminat Înainte', premium: true });
    await befriend(t.db, A.id, E.id);
    const other = (await create(A, [E.id])).body.hash as string;
    await api(A, 'POST', `/groups/${other}/kick`, { user_id: E.id });
    expect((await api(E, 'GET', '/groups')).body.groups).toEqual([]);
  });
});

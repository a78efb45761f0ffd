// Group tests (issue 10): creation, invitations, membership transitions, creator rights and every
// group code of SPEC §8, plus who may listen on presence-group.{hash}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeUser, type FixtureUser } from './learning-fixture.ts';
import { befriend, call, firstError, groupWorld } from './groups-fixture.ts';

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

describe('creating a group test', () => {
  it('needs a signed-in premium creator, friends who are premium, and at least one invitee', async () => {
    expect((await api(null, 'POST', '/groups', {})).status).toBe(401);
    const free = await makeUser(t.db, { name: 'Fara Premium' });
    await befriend(t.db, free.id, A.id);
    const r1 = await api(free, 'POST', '/groups', { manual_id: w.manualId, count: 2, invite_ids: [A.id] });
    expect([r1.status, firstError(r1)]).toEqual([403, 'FORM_GROUP_NOT_PREMIUM']);
    const r2 = await create(A, []);
    expect([r2.status, firstError(r2)]).toEqual([422, 'FORM_GROUP_INVITE_REQUIRED']);
    const r3 = await create(A, [free.id]);
    expect([r3.status, r3.body.errors.invite_ids, r3.body.users]).toEqual([422, ['FORM_GROUP_FRIEND_NOT_PREMIUM'], [{ id: free.id, name: 'Fara Premium' }]]);
    const stranger = await makeUser(t.db, { name: 'Strain Premium', premium: true });
    const r4 = await create(A, [stranger.id]);
    expect([r4.status, r4.body.errors.invite_ids]).toEqual([422, ['FORM_FRIENDSHIP_NOT_FOUND']]);
    const r5 = await create(A, [B.id, B.id]);
    expect([r5.status, firstError(r5)]).toEqual([422, 'FORM_GROUP_USER_ALREADY_INVITED']);
    const r6 = await create(A, [B.id], { count: 99 });
    expect(r6.status).toBe(422);
    const r7 = await create(A, [B.id], { count: 13 });
    expect([r7.status, firstError(r7)]).toEqual([422, 'FORM_NOT_ENOUGH_GRIDS']);
  });

  it('creates the lobby, invites and notifies the friends; they see it, others get 404', async () => {
    const r = await create(A, [B.id, C.id]);
    expect(r.status).toBe(201);
    expect(r.body.success).toBe('GROUP_TEST_CREATED');
    const hash = r.body.hash as string;
    const s = await api(B, 'GET', `/groups/${hash}`);
    expect(s.status).toBe(200);
    expect(s.body.status).toBe('lobby');
    expect(s.body.me.status).toBe('invited');
    expect(s.body.grid).toBeNull();
    expect(s.body.members.map((m: { user_id: number; status: string }) => [m.user_id, m.status])).toEqual([
      [A.id, 'joined'],
      [B.id, 'invited'],
      [C.id, 'invited'],
    ]);
    const n = await t.db.one<{ n: number }>("select count(*)::int as n from notifications where user_id = $1 and type = 'group_invite'", [B.id]);
    expect(n?.n).toBe(1);
    expect((await api(D, 'GET', `/groups/${hash}`)).status).toBe(404);
    expect((await api(D, 'GET', '/groups/zzzzzzzzzzzz')).status).toBe(404);
    expect((await api(D, 'GET', '/groups/NOT-A-HASH')).status).toBe(422);
  });
});

describe('lobby transitions and creator rights', () => {
  let hash: string;
  beforeAll(async () => {
    hash = (await create(A, [B.id, C.id])).body.hash as string;
  });

  it('start needs the creator and 2 joined users', async () => {
    const r1 = await api(B, 'POST', `/groups/${hash}/start`);
    expect([r1.status, firstError(r1)]).toEqual([403, 'FORM_GROUP_NOT_CREATOR']);
    const r2 = await api(A, 'POST', `/groups/${hash}/start`);
    expect([r2.status, firstError(r2)]).toEqual([409, 'FORM_GROUP_MIN_USERS']);
  });

  it('invite: creator only, friends only, not twice', async () => {
    const r1 = await api(B, 'POST', `/groups/${hash}/invite`, { user_id: D.id });
    expect([r1.status, firstError(r1)]).toEqual([403, 'FORM_GROUP_NOT_CREATOR']);
    const r2 = await api(A, 'POST', `/groups/${hash}/invite`, { user_id: C.id });
    expect([r2.status, firstError(r2)]).toEqual([409, 'FORM_GROUP_USER_ALREADY_INVITED']);
    const r3 = await api(A, 'POST', `/groups/${hash}/invite`, { user_id: D.id });
    expect([r3.status, r3.body.success]).toEqual([200, 'INVITATION_SENT']);
  });

  it('join by invitation and by code; ready marks; a wrong code', async () => {
    expect((await api(B, 'POST', `/groups/${hash}/join`)).status).toBe(200);
    const code = (await api(A, 'GET', `/groups/${hash}`)).body.access_code as string;
    const bad = await api(C, 'POST', '/groups/join', { code: 'ZZZZZZZZ' });
    expect([bad.status, firstError(bad)]).toEqual([422, 'FORM_GROUP_INVALID_ACCESS_CODE']);
    const malformed = await api(C, 'POST', '/groups/join', { code: 'x' });
    expect([malformed.status, firstError(malformed)]).toEqual([422, 'FORM_GROUP_INVALID_ACCESS_CODE']);
    const ok = await api(C, 'POST', '/groups/join', { code: code.toLowerCase() });
    expect([ok.status, ok.body.hash]).toEqual([200, hash]);
    const ready = await api(B, 'POST', `/groups/${hash}/ready`, { ready: true });
    expect(ready.body).toEqual({ ready: true });
    const s = await api(C, 'GET', `/groups/${hash}`);
    expect(s.body.members.find((m: { user_id: number }) => m.user_id === B.id)).toMatchObject({ status: 'joined', ready: true });
  });

  it('kick: creator only; the kicked member cannot rejoin nor read; change creator; the old creator loses rights', async () => {
    const r1 = await api(B, 'POST', `/groups/${hash}/kick`, { user_id: C.id });
    expect([r1.status, firstError(r1)]).toEqual([403, 'FORM_GROUP_NOT_CREATOR']);
    const r2 = await api(A, 'POST', `/groups/${hash}/kick`, { user_id: D.id });
    expect([r2.status, r2.body.success]).toEqual([200, 'USER_KICKED']);
    const code = (await api(A, 'GET', `/groups/${hash}`)).body.access_code as string;
    for (const r of [
      await api(D, 'POST', `/groups/${hash}/join`),
      await api(D, 'POST', '/groups/join', { code }),
      await api(D, 'GET', `/groups/${hash}`),
    ])
      expect(firstError(r)).toBe('FORM_GROUP_KICKED_OUT');
    const r3 = await api(A, 'POST', `/groups/${hash}/invite`, { user_id: D.id });
    expect(firstError(r3)).toBe('FORM_GROUP_USER_ALREADY_INVITED');
    const r4 = await api(A, 'POST', `/groups/${hash}/creator`, { user_id: D.id });
    expect([r4.status, firstError(r4)]).toEqual([422, 'FORM_USER_NOT_FOUND']);
    const r5 = await api(A, 'POST', `/groups/${hash}/creator`, { user_id: B.id });
    expect([r5.status, r5.body.success]).toEqual([200, 'CREATOR_CHANGED']);
    expect(firstError(await api(A, 'POST', `/groups/${hash}/stop`))).toBe('FORM_GROUP_NOT_CREATOR');
    expect((await api(B, 'GET', `/groups/${hash}`)).body.creator_id).toBe(B.id);
  });

  it('the creator leaving hands the role on; results before the end are refused', async () => {
    const r = await api(B, 'POST', `/groups/${hash}/leave`);
    expect([r.status, r.body.success]).toEqual([200, 'GROUP_LEFT']);
    const s = await api(A, 'GET', `/groups/${hash}`);
    expect(s.body.creator_id).toBe(A.id);
    expect(firstError(await api(A, 'GET', `/groups/${hash}/results`))).toBe('FORM_GROUP_RESULTS_AFTER_FINISH');
  });

  it('stop ends it: then nothing starts, leaves or stops again', async () => {
    const r = await api(A, 'POST', `/groups/${hash}/stop`);
    expect([r.status, r.body.success]).toEqual([200, 'GROUP_STOPPED']);
    expect(firstError(await api(A, 'POST', `/groups/${hash}/start`))).toBe('FORM_GROUP_ALREADY_FINISHED');
    expect(firstError(await api(A, 'POST', `/groups/${hash}/stop`))).toBe('FORM_GROUP_ALREADY_FINISHED');
    expect(firstError(await api(C, 'POST', `/groups/${hash}/leave`))).toBe('FORM_GROUP_CANNOT_LEAVE');
    expect(firstError(await api(C, 'POST', `/groups/${hash}/join`))).toBe('FORM_GROUP_ALREADY_FINISHED');
    expect((await api(C, 'GET', `/groups/${hash}/results`)).status).toBe(200);
  });

  it('the creator alone leaving stops the lobby', async () => {
    const h = (await create(A, [B.id])).body.hash as string;
    await api(A, 'POST', `/groups/${h}/leave`);
    expect((await api(B, 'GET', `/groups/${h}`)).body.status).toBe('stopped');
  });

  it('a member whose premium ended is refused with FORM_GROUP_NOT_PREMIUM', async () => {
    const h = (await create(A, [C.id])).body.hash as string;
    await t.db.query('update users set premium_until = null where id = $1', [C.id]);
    const r = await api(C, 'POST', `/groups/${h}/join`);
    expect([r.status, firstError(r)]).toEqual([403, 'FORM_GROUP_NOT_PREMIUM']);
    await t.db.query("update users set premium_until = now() + interval '30 days' where id = $1", [C.id]);
  });
});

describe('presence-group channel', () => {
  it('authorises members (invited or joined) only, never a kicked user or a stranger', async () => {
    // Another creator: A spent this minute's creation budget (GROUP_CREATE_RATE) above.
    await befriend(t.db, C.id, B.id);
    await befriend(t.db, C.id, D.id);
    const h = (await create(C, [B.id, D.id])).body.hash as string;
    await api(C, 'POST', `/groups/${h}/kick`, { user_id: D.id });
    const auth = (u: FixtureUser) =>
      api(u, 'POST', '/broadcasting/auth', { socket_id: '1.2', channel_name: `presence-group.${h}` });
    const ok = await auth(B);
    expect(ok.status).toBe(200);
    const data = JSON.parse(ok.body.channel_data as string);
    expect(data.user_id).toBe(String(B.id));
    // Echo gives the page user_info alone: it carries the id the lobby marks as present.
    expect(data.user_info).toEqual({ id: B.id, name: expect.any(String) });
    expect((await auth(D)).status).toBe(403);
    expect((await auth(A)).status).toBe(403);
  });
});

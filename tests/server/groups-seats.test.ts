// Issue 22 §2, reproduced by request: POST /groups/:hash/invite answers like every other group
// route (a stranger 404, a kicked member FORM_GROUP_KICKED_OUT), and the GROUP_MEMBERS_MAX seats
// (joined or invited, the creator included) hold on creation, single invitations and joins by
// code, also when 35 people join at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeUser, type FixtureUser } from './learning-fixture.ts';
import { befriend, call, firstError, groupWorld } from './groups-fixture.ts';
import { GROUP_MEMBERS_MAX } from '../../src/shared/group-schema.ts';

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

const seats = async (hash: string) =>
  (
    await t.db.one<{ n: number }>(
      `select count(*)::int as n from group_members m join group_tests g on g.id = m.group_id
        where g.hash = $1 and m.status in ('invited', 'joined')`,
      [hash],
    )
  )?.n;

describe('POST /groups/:hash/invite gates', () => {
  it('a stranger gets 404 and a kicked member FORM_GROUP_KICKED_OUT, as on every group route', async () => {
    const hash = (await api(A, 'POST', '/groups', { manual_id: w.manualId, count: 2, invite_ids: [B.id, C.id] })).body.hash as string;
    // D is premium and a friend of A, but not in this group.
    const stranger = await api(D, 'POST', `/groups/${hash}/invite`, { user_id: A.id });
    expect([stranger.status, firstError(stranger)]).toEqual([404, 'FORM_TEST_NOT_FOUND']);
    expect((await api(D, 'GET', `/groups/${hash}`)).status).toBe(404);
    await api(C, 'POST', `/groups/${hash}/join`);
    expect((await api(A, 'POST', `/groups/${hash}/kick`, { user_id: C.id })).status).toBe(200);
    const kicked = await api(C, 'POST', `/groups/${hash}/invite`, { user_id: A.id });
    expect([kicked.status, firstError(kicked)]).toEqual([403, 'FORM_GROUP_KICKED_OUT']);
    // A member who is not the creator is still told so.
    const member = await api(B, 'POST', `/groups/${hash}/invite`, { user_id: D.id });
    expect([member.status, firstError(member)]).toEqual([403, 'FORM_GROUP_NOT_CREATOR']);
  });
});

describe(`at most ${GROUP_MEMBERS_MAX} members`, () => {
  let crowd: FixtureUser[];
  beforeAll(async () => {
    crowd = [];
    for (let i = 0; i < 35; i++) crowd.push(await makeUser(t.db, { name: `Candidat${i} Grup`, premium: true }));
  });

  it(`creation takes at most ${GROUP_MEMBERS_MAX - 1} invitees (the creator holds a seat)`, async () => {
    for (const u of crowd) await befriend(t.db, B.id, u.id);
    const tooMany = await api(B, 'POST', '/groups', { manual_id: w.manualId, count: 2, invite_ids: crowd.slice(0, GROUP_MEMBERS_MAX).map((u) => u.id) });
    expect([tooMany.status, tooMany.body.errors?.invite_ids]).toEqual([422, ['FIELD_TOO_LONG']]);
    const full = await api(B, 'POST', '/groups', { manual_id: w.manualId, count: 2, invite_ids: crowd.slice(0, GROUP_MEMBERS_MAX - 1).map((u) => u.id) });
    expect(full.status).toBe(201);
    const hash = full.body.hash as string;
    expect(await seats(hash)).toBe(GROUP_MEMBERS_MAX);
    // A single invitation into a full group, and a join by code, are refused.
    const one = await api(B, 'POST', `/groups/${hash}/invite`, { user_id: crowd[34]!.id });
    expect([one.status, firstError(one)]).toEqual([409, 'FORM_GROUP_FULL']);
    const code = (await api(B, 'GET', `/groups/${hash}`)).body.access_code as string;
    const byCode = await api(crowd[34]!, 'POST', '/groups/join', { code });
    expect([byCode.status, firstError(byCode)]).toEqual([409, 'FORM_GROUP_FULL']);
    // An invitee accepting takes no new seat: still allowed when full.
    expect((await api(crowd[0]!, 'POST', `/groups/${hash}/join`)).status).toBe(200);
    expect(await seats(hash)).toBe(GROUP_MEMBERS_MAX);
  });

  it('35 people joining by code at once: exactly the free seats are taken', async () => {
    const hash = (await api(A, 'POST', '/groups', { manual_id: w.manualId, count: 2, invite_ids: [B.id] })).body.hash as string;
    const code = (await api(A, 'GET', `/groups/${hash}`)).body.access_code as string;
    const rs = await Promise.all(crowd.map((u) => api(u, 'POST', '/groups/join', { code })));
    // A and the invited B hold 2 seats: 28 of the 35 get in, 7 are told the group is full.
    expect(rs.filter((r) => r.status === 200)).toHaveLength(GROUP_MEMBERS_MAX - 2);
    expect(rs.filter((r) => firstError(r) === 'FORM_GROUP_FULL')).toHaveLength(35 - (GROUP_MEMBERS_MAX - 2));
    expect(await seats(hash)).toBe(GROUP_MEMBERS_MAX);
    // A seat freed by leaving can be taken again.
    const inside = crowd.find((_, i) => rs[i]!.status === 200)!;
    const outside = crowd.find((_, i) => rs[i]!.status !== 200)!;
    expect((await api(inside, 'POST', `/groups/${hash}/leave`)).status).toBe(200);
    expect((await api(outside, 'POST', '/groups/join', { code })).status).toBe(200);
    expect(await seats(hash)).toBe(GROUP_MEMBERS_MAX);
  });
});

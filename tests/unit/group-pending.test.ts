// The IndexedDB store of group answers given offline (issue 22 §2): kept across a reload (a new
// connection to the same database), sent with the same uuid until the server decides, only by its
// owner's session, deleted on acceptance or refusal, kept on no reply; concurrent triggers send once.
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { db, GrilioDb } from '../../src/offline/db.ts';
import { flushPending, pendingOf, savePending } from '../../src/offline/group-pending.ts';
import { formatPoints, ranks } from '../../src/pages/group/lobby/score.ts';

const H = 'abcdefghijkl';
const sent: Array<{ hash: string; position: number; id: string; marked: string[] }> = [];
let reply: 'offline' | 'ok' | 'closed' | 'kicked' | 'busy' = 'offline';
async function send(hash: string, position: number, id: string, marked: string[]) {
  await new Promise((r) => setTimeout(r, 5));
  if (reply === 'offline') throw new ApiError(null, { errors: { general: ['FORM_REQUEST_FAILED'] } });
  if (reply === 'busy') throw new ApiError(503, { errors: { general: ['MAINTENANCE_MODE'] } });
  if (reply === 'closed') throw new ApiError(409, { errors: { general: ['FORM_GROUP_GRID_CLOSED'] } });
  if (reply === 'kicked') throw new ApiError(403, { errors: { general: ['FORM_GROUP_KICKED_OUT'] } });
  sent.push({ hash, position, id, marked });
}
const signIn = (id: number | null) => {
  if (id === null) return localStorage.clear();
  localStorage.setItem('token', `token-${id}`);
  localStorage.setItem('user_id', String(id));
};

beforeEach(async () => {
  await db.delete();
  await db.open();
  sent.length = 0;
  reply = 'offline';
  signIn(1);
});

describe('pending group answers', () => {
  it('survive a reload while offline and go once, with their uuid, when the network is back', async () => {
    await savePending(1, H, { grid_id: 40, position: 3, id: 'u-1', marked: ['C'] });
    expect(await flushPending(H, send)).toMatchObject([{ kind: 'kept' }]);
    // A reload: a fresh connection to the same IndexedDB database still has it.
    const reopened = new GrilioDb();
    expect(await reopened.group_pending.toArray()).toMatchObject([{ owner_id: 1, hash: H, grid_id: 40, position: 3, id: 'u-1', marked: ['C'] }]);
    reopened.close();

    reply = 'ok';
    const [a, b, c] = await Promise.all([flushPending(H, send), flushPending(H, send), flushPending(H, send)]);
    expect(a).toMatchObject([{ kind: 'accepted' }]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(sent).toEqual([{ hash: H, position: 3, id: 'u-1', marked: ['C'] }]);
    expect(await pendingOf(1, H)).toEqual([]);
  });

  it('one per grid: answering the same grid again replaces it; a busy server keeps it', async () => {
    await savePending(1, H, { grid_id: 40, position: 3, id: 'u-1', marked: ['C'] });
    await savePending(1, H, { grid_id: 40, position: 3, id: 'u-1', marked: ['D'] });
    await savePending(1, H, { grid_id: 41, position: 4, id: 'u-2', marked: ['A'] });
    expect((await pendingOf(1, H)).map((p) => [p.position, p.marked])).toEqual([
      [3, ['D']],
      [4, ['A']],
    ]);
    reply = 'busy';
    expect((await flushPending(H, send)).map((o) => o.kind)).toEqual(['kept', 'kept']);
    expect(await pendingOf(1, H)).toHaveLength(2);
  });

  it('is sent only by its owner: another account signed in on the device leaves it alone', async () => {
    await savePending(1, H, { grid_id: 40, position: 3, id: 'u-1', marked: ['C'] });
    reply = 'ok';
    signIn(2);
    expect(await flushPending(H, send)).toEqual([]);
    signIn(null);
    expect(await flushPending(H, send)).toEqual([]);
    expect(sent).toEqual([]);
    expect(await pendingOf(1, H)).toHaveLength(1);
    signIn(1);
    expect(await flushPending(H, send)).toMatchObject([{ kind: 'accepted' }]);
    expect(sent).toHaveLength(1);
  });

  it('a refusal deletes it: "the grid had closed" is told apart from other refusals', async () => {
    await savePending(1, H, { grid_id: 40, position: 3, id: 'u-1', marked: ['C'] });
    reply = 'closed';
    expect(await flushPending(H, send)).toMatchObject([{ kind: 'closed', code: 'FORM_GROUP_GRID_CLOSED', answer: { position: 3, marked: ['C'] } }]);
    expect(await pendingOf(1, H)).toEqual([]);
    await savePending(1, H, { grid_id: 41, position: 4, id: 'u-2', marked: ['A'] });
    reply = 'kicked';
    expect(await flushPending(H, send)).toMatchObject([{ kind: 'refused', code: 'FORM_GROUP_KICKED_OUT' }]);
    expect(await pendingOf(1, H)).toEqual([]);
  });
});

describe('group scores', () => {
  it('are written with a decimal comma and at most two decimals; equal scores share a rank', () => {
    expect([formatPoints(1 / 3), formatPoints(2), formatPoints(2.5), formatPoints(0.999999)]).toEqual(['0,33 p', '2 p', '2,5 p', '1 p']);
    expect(ranks([3, 3, 2, 1 / 3 + 2 / 3, 1])).toEqual([1, 1, 3, 4, 4]);
  });
});

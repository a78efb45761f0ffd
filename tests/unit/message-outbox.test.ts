// The message outbox (issue 7 §3): a message that cannot go waits as pending, is sent once when
// a flush succeeds (however many flushes are asked for at the same time), keeps its id across
// attempts, and a refusal for good marks it failed instead of retrying forever.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const posted: Array<{ friendId: number; id: string; text: string }> = [];
let mode: 'offline' | 'ok' | 'refused' = 'offline';
vi.mock('../../src/api/messages.ts', async () => {
  const { ApiError } = await import('../../src/api/errors.ts');
  return {
    postMessage: async (friendId: number, body: { id: string; text: string }) => {
      if (mode === 'offline') throw new ApiError(null, { errors: { general: ['FORM_REQUEST_FAILED'] } });
      if (mode === 'refused') throw new ApiError(403, { errors: { general: ['FORM_MESSAGE_NOT_FRIENDS'] } });
      posted.push({ friendId, ...body });
      await new Promise((r) => setTimeout(r, 5));
      return {
        message: { id: body.id, sender_id: 1, friend_id: friendId, text: body.text, grid: null, created_at: new Date().toISOString(), seen_at: null },
      };
    },
  };
});
import { db } from '../../src/offline/db.ts';
import { flushMessages, pendingFor, queueMessage } from '../../src/offline/message-outbox.ts';
import { resetMessages, thread } from '../../src/state/messages.ts';

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.setItem('token', 'token-a');
  localStorage.setItem('user_id', '1');
  posted.length = 0;
  mode = 'offline';
  resetMessages();
});

describe('message outbox', () => {
  it('offline: pending; back online: sent exactly once with the same id', async () => {
    const m = (await queueMessage(2, 'Fără conexiune'))!;
    await flushMessages();
    expect(posted).toEqual([]);
    expect(thread(2).messages).toMatchObject([{ id: m.id, pending: true }]);
    expect(await pendingFor(2)).toHaveLength(1);

    mode = 'ok';
    await Promise.all([flushMessages(), flushMessages(), flushMessages()]);
    expect(posted).toEqual([{ friendId: 2, id: m.id, text: 'Fără conexiune', grid_id: null }]);
    expect(await pendingFor(2)).toEqual([]);
    expect(thread(2).messages).toHaveLength(1);
    expect(thread(2).messages[0]!.pending).toBeUndefined();
    await flushMessages();
    expect(posted).toHaveLength(1);
  });

  it('a refusal for good is not retried and shows as failed', async () => {
    mode = 'refused';
    await queueMessage(3, 'Nu mai suntem prieteni');
    await flushMessages();
    expect(await pendingFor(3)).toEqual([]);
    expect(thread(3).messages[0]).toMatchObject({ pending: false, failed: 'FORM_MESSAGE_NOT_FRIENDS' });
  });

  it("another account does not send or see the first one's waiting messages", async () => {
    await queueMessage(2, 'Al lui 1');
    localStorage.setItem('user_id', '5');
    mode = 'ok';
    await flushMessages();
    expect(posted).toEqual([]);
    expect(await pendingFor(2)).toEqual([]);
  });
});

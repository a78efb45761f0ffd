// The message outbox (issue 7 §3, issue 23 §3): a message that cannot go waits as pending, is sent
// once when a flush succeeds (however many flushes are asked for at the same time), keeps its id
// across attempts; a refusal for good is kept as "Netrimis" with its reason (after reloads too)
// until the person deletes or copies it; a send with no answer is retried with backoff and at
// once on focus, 'online' and any successful API answer; signing out with one waiting warns.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const posted: Array<{ friendId: number; id: string; text: string }> = [];
let mode: 'offline' | 'ok' | 'refused' = 'offline';
const timing = vi.hoisted(() => ({ backoff: 60_000 }));
vi.mock('../../src/offline/outbox.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  backoffMs: () => timing.backoff,
}));
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
import {
  cancelMessageRetry,
  discardFailed,
  flushMessages,
  flushMessagesWhenOnline,
  pendingCount,
  pendingFor,
  queueMessage,
} from '../../src/offline/message-outbox.ts';
import { prependPage, resetMessages, thread } from '../../src/state/messages.ts';
import { app } from '../../src/state/app.ts';
import { logout } from '../../src/state/user.ts';
import { api } from '../../src/api/client.ts';
import { stubFetch } from './shell-helpers.ts';

// Waits for the condition, not for a time: the unit project's test timeout is the hang guard.
const until = async (ok: () => boolean | Promise<boolean>) => {
  while (!(await ok())) await new Promise((r) => setTimeout(r, 10));
};

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.setItem('token', 'token-a');
  localStorage.setItem('user_id', '1');
  posted.length = 0;
  mode = 'offline';
  timing.backoff = 60_000;
  app.toasts.splice(0);
  app.logoutConfirm = null;
  resetMessages();
});
afterEach(() => {
  cancelMessageRetry();
  vi.unstubAllGlobals();
});

describe('message outbox', () => {
  it('offline: pending; back online: sent exactly once with the same id', async () => {
    const m = (await queueMessage(2, 'Fără conexiune'))!;
    await flushMessages();
    expect(posted).toEqual([]);
    expect(thread(2).messages).toMatchObject([{ id: m.id, pending: true }]);
    expect(await pendingFor(2)).toHaveLength(1);

    mode = 'ok';
    await Promise.all([flushMessages({ force: true }), flushMessages({ force: true }), flushMessages()]);
    expect(posted).toEqual([{ friendId: 2, id: m.id, text: 'Fără conexiune', grid_id: null }]);
    expect(await pendingFor(2)).toEqual([]);
    expect(thread(2).messages).toHaveLength(1);
    expect(thread(2).messages[0]!.pending).toBeUndefined();
    await flushMessages({ force: true });
    expect(posted).toHaveLength(1);
  });

  it('two messages queued offline and refused (unfriended meanwhile) stay "Netrimis" with the reason, after a reload too, until deleted', async () => {
    const a = (await queueMessage(3, 'Primul'))!;
    const b = (await queueMessage(3, 'Al doilea'))!;
    mode = 'refused';
    await flushMessages({ force: true });
    // Said, not silent: a toast, and both bubbles marked with the server's reason.
    expect(app.toasts.map((t) => t.code)).toContain('MESSAGE_NOT_SENT');
    expect(thread(3).messages).toMatchObject([
      { id: a.id, pending: false, failed: 'FORM_MESSAGE_NOT_FRIENDS' },
      { id: b.id, pending: false, failed: 'FORM_MESSAGE_NOT_FRIENDS' },
    ]);
    // A reload: the state is gone, the device still has both, refused, and never sends them again.
    resetMessages();
    expect(await pendingFor(3)).toMatchObject([
      { id: a.id, text: 'Primul', failed: 'FORM_MESSAGE_NOT_FRIENDS', pending: false },
      { id: b.id, text: 'Al doilea', failed: 'FORM_MESSAGE_NOT_FRIENDS', pending: false },
    ]);
    expect(await pendingCount()).toBe(0);
    mode = 'ok';
    await flushMessages({ force: true });
    expect(posted).toEqual([]);
    // Deleted by the person: gone from the device and the conversation.
    prependPage(3, [], false, { id: 3, name: 'Ion', avatar_thumb_src: null });
    for (const p of await pendingFor(3)) thread(3).messages.push(p);
    expect(await discardFailed(a.id)).toBe(true);
    expect((await pendingFor(3)).map((m) => m.id)).toEqual([b.id]);
    expect(thread(3).messages.map((m) => m.id)).toEqual([b.id]);
  });

  it('a waiting message (not refused) cannot be discarded, nor another account\u2019s', async () => {
    const m = (await queueMessage(3, 'În drum'))!;
    expect(await discardFailed(m.id)).toBe(false);
    expect(await pendingFor(3)).toHaveLength(1);
  });

  it('a send with no answer is retried on its own after the backoff, without an online event', async () => {
    timing.backoff = 30;
    await queueMessage(4, 'Rețea căzută');
    await flushMessages({ force: true });
    const row = (await db.message_outbox.toArray())[0]!;
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.next_at).toBeGreaterThan(Date.now() - 1000);
    mode = 'ok';
    await until(() => posted.length > 0);
    expect(posted.map((p) => p.text)).toEqual(['Rețea căzută']);
    await until(async () => (await db.message_outbox.count()) === 0);
    expect(await db.message_outbox.count()).toBe(0);
  });

  it('within its backoff a message waits, then focus or any successful API answer sends it at once', async () => {
    const stop = flushMessagesWhenOnline();
    try {
      await queueMessage(5, 'La focus');
      await flushMessages({ force: true });
      mode = 'ok';
      await flushMessages(); // not forced: the backoff (60 s) still runs
      expect(posted).toEqual([]);
      window.dispatchEvent(new Event('focus'));
      await until(() => posted.length === 1);
      expect(posted.map((p) => p.text)).toEqual(['La focus']);

      mode = 'offline';
      await queueMessage(5, 'După un răspuns');
      await until(async () => ((await db.message_outbox.toArray())[0]?.attempts ?? 0) > 0);
      mode = 'ok';
      stubFetch({ 'GET /api/v1/user': { json: { id: 1 } } });
      // The focus kick above was just now: the throttle lets the next kick through after 3 s.
      await new Promise((r) => setTimeout(r, 3_100));
      await api.get('user');
      await until(() => posted.length === 2);
      expect(posted.map((p) => p.text)).toEqual(['La focus', 'După un răspuns']);
    } finally {
      stop();
    }
  }, 10_000);

  it('signing out with a message waiting warns first and keeps it', async () => {
    await queueMessage(6, 'Netrimis încă');
    await flushMessages({ force: true });
    const { calls } = stubFetch({ 'POST /api/v1/logout': { json: { success: 'LOGOUT_SUCCESSFUL' } } });
    await logout();
    expect(app.logoutConfirm).not.toBeNull();
    expect(app.logoutWork).toEqual({ tests: 0, messages: 1 });
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('token-a');
  });

  it("another account does not send or see the first one's waiting messages", async () => {
    await queueMessage(2, 'Al lui 1');
    localStorage.setItem('user_id', '5');
    mode = 'ok';
    await flushMessages({ force: true });
    expect(posted).toEqual([]);
    expect(await pendingFor(2)).toEqual([]);
  });
});

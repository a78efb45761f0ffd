// The messages state of SPEC §3 / §4: a duplicate id is ignored (a pending copy is replaced), a
// message for an unknown conversation adds it, a seen event sets seen_at on the matching messages;
// and the user channel follows the signed-in account (leave the old, subscribe the new).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addMessage, applySeen, messages, prependPage, resetMessages, thread, type ClientMessage } from '../../src/state/messages.ts';
import { app } from '../../src/state/app.ts';
import type { User } from '../../src/shared/types.ts';

const ME = 7;
const FRIEND = 9;
let n = 0;
function msg(over: Partial<ClientMessage> = {}): ClientMessage {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    sender_id: FRIEND,
    friend_id: ME,
    text: `m${n}`,
    grid: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    seen_at: null,
    ...over,
  };
}

beforeEach(() => {
  resetMessages();
  messages.conversations = [];
});

describe('messages state (SPEC §4)', () => {
  it('a message for an unknown conversation adds it, with its unread count', () => {
    expect(addMessage(ME, msg(), true)).toBe(true);
    expect(messages.conversations).toHaveLength(1);
    expect(messages.conversations![0]).toMatchObject({ friend: { id: FRIEND }, unread: 1 });
    addMessage(ME, msg({ sender_id: ME, friend_id: FRIEND }), false);
    expect(messages.conversations).toHaveLength(1);
    expect(messages.conversations![0]!.last_message.sender_id).toBe(ME);
  });

  it('a duplicate id is ignored; the stored copy replaces a pending one', () => {
    const m = msg();
    expect(addMessage(ME, m, true)).toBe(true);
    expect(addMessage(ME, { ...m }, true)).toBe(false);
    expect(thread(FRIEND).messages).toHaveLength(1);
    expect(messages.conversations![0]!.unread).toBe(1);

    const mine = msg({ sender_id: ME, friend_id: FRIEND, pending: true });
    addMessage(ME, mine);
    expect(addMessage(ME, { ...mine, pending: true })).toBe(false);
    expect(addMessage(ME, { ...mine, pending: undefined })).toBe(true);
    expect(thread(FRIEND).messages.filter((x) => x.id === mine.id)).toEqual([{ ...mine, pending: undefined }]);
  });

  it("an offline message sent late takes the server's place, the order the friend sees (issue 23 §3)", () => {
    // Written offline at 10:00 on my phone; the friend wrote at 10:05; mine reached the server at 10:10.
    const mine = msg({ sender_id: ME, friend_id: FRIEND, created_at: '2026-01-01T10:00:00.000Z', pending: true });
    addMessage(ME, mine);
    const theirs = msg({ created_at: '2026-01-01T10:05:00.000Z' });
    addMessage(ME, theirs);
    // While it waits it stays last (it is not on the server yet).
    expect(thread(FRIEND).messages.map((m) => m.id)).toEqual([theirs.id, mine.id]);
    const later = msg({ sender_id: ME, friend_id: FRIEND, created_at: '2026-01-01T10:15:00.000Z', pending: true });
    addMessage(ME, later);
    addMessage(ME, { ...mine, pending: undefined, created_at: '2026-01-01T10:10:00.000Z' });
    expect(thread(FRIEND).messages.map((m) => m.id)).toEqual([theirs.id, mine.id, later.id]);
    // The friend's history (the server's seq order) is the same order.
    const friendsView = [theirs, { ...mine, created_at: '2026-01-01T10:10:00.000Z' }];
    expect(thread(FRIEND).messages.slice(0, 2).map((m) => m.id)).toEqual(friendsView.map((m) => m.id));
  });

  it('a stored message never lands after one still waiting', () => {
    const waiting = msg({ sender_id: ME, friend_id: FRIEND, created_at: '2026-01-01T09:00:00.000Z', pending: true });
    addMessage(ME, waiting);
    const theirs = msg({ created_at: '2026-01-01T09:30:00.000Z' });
    addMessage(ME, theirs);
    expect(thread(FRIEND).messages.map((m) => m.id)).toEqual([theirs.id, waiting.id]);
  });

  it('older pages go in front, without repeats', () => {
    const [a, b, c] = [msg(), msg(), msg()];
    addMessage(ME, c);
    prependPage(FRIEND, [a, b, c], false, { id: FRIEND, name: 'Ana Pop', avatar_thumb_src: null });
    expect(thread(FRIEND).messages.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
    expect(thread(FRIEND).loaded).toBe(true);
  });

  it('a seen event sets seen_at only on the messages it names', () => {
    const toMe = msg();
    const fromMe = msg({ sender_id: ME, friend_id: FRIEND });
    addMessage(ME, toMe, true);
    addMessage(ME, fromMe);
    applySeen(ME, { friend_id: FRIEND, sender_id: ME, seen_at: '2026-01-02T00:00:00.000Z' });
    expect(thread(FRIEND).messages.find((x) => x.id === fromMe.id)!.seen_at).toBe('2026-01-02T00:00:00.000Z');
    expect(thread(FRIEND).messages.find((x) => x.id === toMe.id)!.seen_at).toBeNull();
    expect(messages.conversations![0]!.unread).toBe(1);
    applySeen(ME, { friend_id: ME, sender_id: FRIEND, seen_at: '2026-01-03T00:00:00.000Z' });
    expect(thread(FRIEND).messages.find((x) => x.id === toMe.id)!.seen_at).toBe('2026-01-03T00:00:00.000Z');
    expect(messages.conversations![0]!.unread).toBe(0);
  });
});

describe('the user channel follows the account', () => {
  it('leaves the old private channel and subscribes the new one on a user change', async () => {
    const { followUserChannel } = await import('../../src/realtime/user-channel.ts');
    const subscribed: string[] = [];
    const left: string[] = [];
    const channel = { listen: () => channel, subscribed: () => channel };
    const echo = {
      private: (name: string) => {
        subscribed.push(name);
        return channel;
      },
      leave: (name: string) => left.push(name),
    };
    app.user = { id: 1 } as User;
    const stop = followUserChannel(echo as never);
    expect(subscribed).toEqual(['user.1']);
    app.user = { id: 2 } as User;
    await vi.waitFor(() => expect(subscribed).toEqual(['user.1', 'user.2']));
    expect(left).toEqual(['user.1']);
    app.user = null;
    await vi.waitFor(() => expect(left).toEqual(['user.1', 'user.2']));
    stop();
    expect(subscribed).toHaveLength(2);
  });
});

describe('another account on the same device', () => {
  it('forgets the conversations when the signed-in user changes, even with no realtime client', async () => {
    app.user = { id: ME } as User;
    await Promise.resolve();
    addMessage(ME, msg());
    expect(Object.keys(messages.threads)).toEqual([String(FRIEND)]);
    app.user = { id: 99 } as User;
    // valtio notifies subscribers after a microtask.
    await new Promise((r) => setTimeout(r, 0));
    expect(messages.threads).toEqual({});
    expect(messages.conversations).toBeNull();
    app.user = null;
  });
});

// The signed-in user's private channel `private-user.{id}` (issue 7 §3): live messages and seen
// receipts from every tab and device. It follows the account: a sign-in, sign-out or another
// account without a reload leaves the old channel and subscribes the new one (the token is read
// at each authorisation, src/realtime/echo.ts), so events never reach the wrong account.
import type Echo from 'laravel-echo';
import { subscribe } from 'valtio';
import { app } from '../state/app.ts';
import { addMessage, applySeen, messages, otherParty, resetMessages } from '../state/messages.ts';
import { MESSAGE_EVENT, SEEN_EVENT, type MessagePayload, type SeenEventPayload } from '../shared/message-payloads.ts';
import { countLive, refreshCounts } from '../state/layout-counts.ts';
import { getConversations, getHistory, postSeen } from '../api/messages.ts';
import { flushMessages, flushMessagesWhenOnline, inBackground } from '../offline/message-outbox.ts';

let current: { echo: Echo<'pusher'>; userId: number } | null = null;
let stop: (() => void) | null = null;

/** Whether the conversation with `friendId` is on screen and looked at. */
const looking = (friendId: number) =>
  messages.openFriend === friendId && (typeof document === 'undefined' || document.visibilityState === 'visible');

export function onMessage(me: number, m: MessagePayload): void {
  const friendId = otherParty(m, me);
  const incoming = m.friend_id === me;
  const seenNow = incoming && looking(friendId);
  const isNew = addMessage(me, m, incoming && !seenNow);
  if (!isNew || !incoming) return;
  if (seenNow) void postSeen(friendId).catch(() => undefined);
  else countLive('messages');
  // An unknown conversation: its friend's name and picture come with the list.
  if (messages.conversations?.some((c) => c.friend.id === friendId && !c.friend.name)) void refreshList();
}

export function onSeen(me: number, ev: SeenEventPayload): void {
  applySeen(me, ev);
  // I read them (here or on another device): the badge follows the server's count.
  if (ev.friend_id === me)
    void refreshCounts().catch(() => undefined);
}

async function refreshList() {
  try {
    messages.conversations = (await getConversations()).conversations;
  } catch {
    /* the next visit loads it */
  }
}

function attach(echo: Echo<'pusher'>, userId: number | null) {
  if (current && (current.userId !== userId || current.echo !== echo)) {
    current.echo.leave(`user.${current.userId}`);
    current = null;
    resetMessages();
  }
  if (userId === null || current) return;
  current = { echo, userId };
  echo
    .private(`user.${userId}`)
    .subscribed(() => void catchUp(userId))
    .listen(`.${MESSAGE_EVENT}`, (m: MessagePayload) => onMessage(userId, m))
    .listen(`.${SEEN_EVENT}`, (ev: SeenEventPayload) => onSeen(userId, ev));
  inBackground(flushMessages());
}

/**
 * Each (re)subscription: what arrived while no connection listened (the page was loading, the
 * network dropped) is read once. The badge from the server's count, the list if held, and the
 * newest page of the open conversation (a message held already is ignored by its id).
 */
async function catchUp(userId: number) {
  try {
    await refreshCounts();
    if (messages.conversations) await refreshList();
    const open = messages.openFriend;
    if (open !== null && messages.threads[open]?.loaded) {
      const page = await getHistory(open);
      for (const m of page.messages) addMessage(userId, m);
      if (page.messages.some((m) => m.friend_id === userId && !m.seen_at) && looking(open)) await postSeen(open);
    }
  } catch {
    /* offline again: the next subscription catches up */
  }
}

/** Listens on the signed-in user's channel from now on, following account changes; returns the cleanup. */
export function followUserChannel(echo: Echo<'pusher'>): () => void {
  if (stop) return stop;
  attach(echo, app.user?.id ?? null);
  const unsub = subscribe(app, () => attach(echo, app.user?.id ?? null));
  const unflush = flushMessagesWhenOnline();
  stop = () => {
    unsub();
    unflush();
    if (current) current.echo.leave(`user.${current.userId}`);
    current = null;
    stop = null;
  };
  return stop;
}

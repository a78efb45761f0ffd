// The `messages` client state of SPEC §3: conversations and the messages of each, with the rules
// of SPEC §4 "Messages" as plain functions (unit-tested): a seen event sets seen_at on the
// matching messages, a message for an unknown conversation adds that conversation, a duplicate
// message id is ignored (a pending message becomes the stored one).
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { app } from './app.ts';
import type {
  ConversationPayload,
  ConvoFriendPayload,
  MessagePayload,
  SeenEventPayload,
} from '../shared/message-payloads.ts';

/** A message on this device: `pending` while it waits in the outbox, `failed` when the server refused it. */
export type ClientMessage = MessagePayload & { pending?: boolean; failed?: string };

export type Thread = {
  friend: ConvoFriendPayload | null;
  messages: ClientMessage[];
  /** Older messages exist on the server before the first one held here. */
  hasMore: boolean;
  loaded: boolean;
  /** False once the server says we are no longer friends: the history stays, the composer closes. */
  canSend: boolean;
};

export const messages = proxy({
  /** Most recent first; null until loaded. */
  conversations: null as ConversationPayload[] | null,
  threads: {} as Record<number, Thread>,
  /** The friend whose conversation is on screen (its incoming messages are seen at once). */
  openFriend: null as number | null,
});

export const otherParty = (m: MessagePayload, me: number) => (m.sender_id === me ? m.friend_id : m.sender_id);

export function thread(friendId: number): Thread {
  return (messages.threads[friendId] ??= { friend: null, messages: [], hasMore: false, loaded: false, canSend: true });
}

/** Older page in front (a message held already is not repeated). */
export function prependPage(friendId: number, page: MessagePayload[], hasMore: boolean, friend: ConvoFriendPayload, canSend = true) {
  const t = thread(friendId);
  t.canSend = canSend;
  const held = new Set(t.messages.map((m) => m.id));
  t.messages.unshift(...page.filter((m) => !held.has(m.id)));
  t.hasMore = hasMore;
  t.friend = friend;
  t.loaded = true;
}

/**
 * A message from the API, the realtime event or the outbox. Returns false when it was already
 * held as stored (a duplicate id, ignored); true when it is new or replaces its pending copy.
 * `countUnread` adds one to the conversation's unread count (a new message from the friend).
 */
export function addMessage(me: number, m: ClientMessage, countUnread = false): boolean {
  const friendId = otherParty(m, me);
  const t = thread(friendId);
  const i = t.messages.findIndex((x) => x.id === m.id);
  if (i >= 0) {
    const held = t.messages[i]!;
    if (!held.pending || m.pending) return false;
    // Its stored copy moves to where the server's order puts it, so both people see one order.
    t.messages.splice(i, 1);
  }
  t.messages.splice(placeOf(t.messages, m), 0, m);
  touchConversation(me, friendId, m, i < 0 && countUnread);
  return true;
}

/** Only on this device (waiting or refused): after every stored message. */
const local = (m: ClientMessage) => Boolean(m.pending || m.failed);

/**
 * Where `m` goes: stored messages in the server's time order (an outbox message sent late lands
 * where the server's time says, as the friend sees it), then this device's waiting and refused
 * ones in the order they were written.
 */
function placeOf(list: ClientMessage[], m: ClientMessage): number {
  let at = list.length;
  if (local(m)) {
    while (at > 0 && local(list[at - 1]!) && list[at - 1]!.created_at > m.created_at) at--;
    return at;
  }
  while (at > 0 && (local(list[at - 1]!) || list[at - 1]!.created_at > m.created_at)) at--;
  return at;
}

/** The list follows the newest message; an unknown conversation is added (its friend's name comes with the next list load). */
function touchConversation(me: number, friendId: number, m: ClientMessage, unread: boolean) {
  if (!messages.conversations) return;
  const list = messages.conversations;
  const at = list.findIndex((c) => c.friend.id === friendId);
  const friend = at >= 0 ? list[at]!.friend : (thread(friendId).friend ?? { id: friendId, name: '', avatar_thumb_src: null });
  const convo: ConversationPayload = {
    friend,
    last_message: m,
    unread: (at >= 0 ? list[at]!.unread : 0) + (unread && m.friend_id === me ? 1 : 0),
  };
  if (at >= 0) list.splice(at, 1);
  list.unshift(convo);
}

/** SPEC §4: a seen event sets seen_at on the messages sender_id sent friend_id that were not seen. */
export function applySeen(me: number, ev: SeenEventPayload) {
  const friendId = ev.friend_id === me ? ev.sender_id : ev.friend_id;
  for (const m of thread(friendId).messages)
    if (m.sender_id === ev.sender_id && m.friend_id === ev.friend_id && !m.seen_at) m.seen_at = ev.seen_at;
  const convo = messages.conversations?.find((c) => c.friend.id === friendId);
  if (!convo) return;
  if (ev.friend_id === me) convo.unread = 0;
  const last = convo.last_message;
  if (last.sender_id === ev.sender_id && last.friend_id === ev.friend_id && !last.seen_at)
    convo.last_message = { ...last, seen_at: ev.seen_at };
}

/** The server refused it for good: it stays, marked with the reason (shown "Netrimis"). */
export function markFailed(me: number, m: ClientMessage, code: string) {
  const t = thread(otherParty(m, me));
  const held = t.messages.find((x) => x.id === m.id);
  if (held) {
    held.pending = false;
    held.failed = code;
  } else if (t.loaded) {
    const failed = { ...m, pending: false, failed: code };
    t.messages.splice(placeOf(t.messages, failed), 0, failed);
  }
}

/** A refused message the person deleted or copied leaves the conversation. */
export function dropMessage(me: number, m: ClientMessage) {
  const t = thread(otherParty(m, me));
  const i = t.messages.findIndex((x) => x.id === m.id);
  if (i >= 0) t.messages.splice(i, 1);
}

/** Forget everything (sign-out, another account). */
export function resetMessages() {
  messages.conversations = null;
  messages.threads = {};
  messages.openFriend = null;
}

// Whatever signs out or in (with or without the realtime client running), what one account's
// conversations held never shows to the next on the same device.
let ownerId: number | null = app.user?.id ?? null;
subscribeKey(app, 'user', (user) => {
  const id = user?.id ?? null;
  if (id !== ownerId) resetMessages();
  ownerId = id;
});

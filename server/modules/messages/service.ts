// Direct messages between friends (issue 7 §3, SPEC §4 "Messages"): who may read and write, the
// idempotent send (the client's UUID), seen receipts, and the events on both users' private
// channels. Only two friends who have not blocked each other talk; to anyone else a conversation
// does not exist, whatever the reason (a stranger, an ended friendship, a block).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import {
  CONVERSATIONS_MAX,
  MESSAGE_PAGE_DEFAULT,
  type SendMessageBody,
} from '../../../src/shared/message-rules.ts';
import {
  MESSAGE_EVENT,
  SEEN_EVENT,
  type ConvoFriendPayload,
  type MessagePayload,
  type SeenEventPayload,
} from '../../../src/shared/message-payloads.ts';
import * as q from './queries.ts';
import { notify } from '../notifications/notify.ts';
import { settleAbout } from '../notifications/queries.ts';

/** Characters of a shared grid's statement carried on its card. */
const GRID_EXCERPT = 200;

const iso = (d: Date | string) => new Date(d).toISOString();
const userChannel = (id: number) => `private-user.${id}`;

export function serialize(r: q.MessageRow): MessagePayload {
  return {
    id: r.id,
    sender_id: r.sender_id,
    friend_id: r.friend_id,
    text: r.body,
    grid:
      r.grid_id === null
        ? null
        : { id: r.grid_id, statement: (r.grid_statement ?? '').slice(0, GRID_EXCERPT), premium: Boolean(r.grid_premium) },
    created_at: iso(r.created_at),
    seen_at: r.seen_at === null ? null : iso(r.seen_at),
  };
}

const friendOf = (p: q.PersonRow): ConvoFriendPayload => ({
  id: p.id,
  name: p.name,
  avatar_thumb_src: p.avatar_thumb_path ? `/media/avatars/${p.avatar_thumb_path}` : null,
});

async function requireFriend(db: Db, me: number, other: number): Promise<void> {
  if (other === me || !(await q.mayTalk(db, me, other))) throw forbidden('FORM_MESSAGE_NOT_FRIENDS');
}

/** Both people's channels (every tab and device of each); a failed publish never fails the write. */
async function publish(app: FastifyInstance, a: number, b: number, event: string, data: unknown) {
  try {
    await app.realtime.trigger([userChannel(a), userChannel(b)], event, data);
  } catch (err) {
    app.log.warn({ err, event }, 'message event not delivered');
  }
}

export async function listConversations(db: Db, me: number) {
  const rows = await q.conversations(db, me, CONVERSATIONS_MAX);
  return {
    conversations: rows.map((r) => ({
      friend: friendOf({ id: r.other_id, name: r.other_name, avatar_thumb_path: r.other_avatar }),
      last_message: serialize(r),
      unread: r.unread,
    })),
  };
}

/** A page of the conversation with `other`, oldest first, older than the message `before`. */
export async function history(db: Db, me: number, other: number, before?: string, limit = MESSAGE_PAGE_DEFAULT) {
  // Friends read and write; a former friend (not blocked) still reads what was said, with
  // sending closed (issue 23 §3): unfriending must not make a conversation vanish.
  const canSend = other !== me && (await q.mayTalk(db, me, other));
  if (!canSend && (other === me || !(await q.pastConversation(db, me, other)))) throw forbidden('FORM_MESSAGE_NOT_FRIENDS');
  let beforeSeq: number | null = null;
  if (before) {
    const m = await q.messageById(db, before);
    const ofPair = m && ((m.sender_id === me && m.friend_id === other) || (m.sender_id === other && m.friend_id === me));
    if (!ofPair) throw notFound('FORM_MESSAGE_NOT_FOUND');
    beforeSeq = m.seq;
  }
  // One more than asked says whether an older page exists.
  const rows = await q.history(db, me, other, beforeSeq, limit + 1);
  const friend = await q.person(db, other);
  return {
    friend: friendOf(friend!),
    messages: rows.slice(0, limit).reverse().map(serialize),
    has_more: rows.length > limit,
    can_send: canSend,
  };
}

/** One message, to its sender or its recipient only (404 to anyone else). */
export async function getMessage(db: Db, me: number, id: string) {
  const m = await q.messageById(db, id);
  if (!m || (m.sender_id !== me && m.friend_id !== me)) throw notFound('FORM_MESSAGE_NOT_FOUND');
  return { message: serialize(m) };
}

/** Premium and publication rules of GET /grids/{id}, for one user. */
async function gridVisibleTo(db: Db, gridId: number, userId: number): Promise<boolean> {
  const row = await db.one<{ ok: boolean }>(
    `select (g.is_published or g.author_id = u.id or u.is_admin)
        and (not g.is_premium or g.author_id = u.id or u.is_admin
             or (u.premium_until is not null and u.premium_until > now())) as ok
       from grids g, users u where g.id = $1 and u.id = $2`,
    [gridId, userId],
  );
  return Boolean(row?.ok);
}

/** The stored message when `id` is the sender's retry of the same message; else a clash. */
function sameMessage(m: q.MessageRow, me: number, to: number): MessagePayload {
  if (m.sender_id !== me || m.friend_id !== to) throw conflict('FORM_MESSAGE_ID_TAKEN', 'id');
  return serialize(m);
}

/**
 * Sends `body.text` (and a shared grid) from me to `to`. A message with an id already stored is
 * the client retrying: the stored message comes back (200) and nothing is published again.
 */
export async function send(app: FastifyInstance, me: number, to: number, body: SendMessageBody) {
  const db = app.db;
  await requireFriend(db, me, to);
  const existing = await q.messageById(db, body.id);
  if (existing) return { created: false, message: sameMessage(existing, me, to) };
  const gridId = body.grid_id ?? null;
  // The sender must see the grid too: a card would otherwise leak a statement they cannot read.
  if (gridId !== null && !((await gridVisibleTo(db, gridId, to)) && (await gridVisibleTo(db, gridId, me))))
    throw badRequest('FORM_MESSAGE_GRID_UNAVAILABLE', 'grid_id');
  const inserted = await q.insertMessage(db, { id: body.id, sender_id: me, friend_id: to, body: body.text, grid_id: gridId });
  const stored = await q.messageById(db, body.id);
  if (!inserted) return { created: false, message: sameMessage(stored!, me, to) };
  const message = serialize(stored!);
  await publish(app, me, to, MESSAGE_EVENT, message);
  await notifyIfAway(app, me, to, message.id);
  return { created: true, message };
}

/**
 * "Messages while away" (issue 7 §4): a notification (feed, live, Web Push) when the recipient
 * has no connection on their private channel on any process, and only for the first message
 * of a burst they have not seen (the next ones are in the same unread conversation). With an
 * external engine (PUSHER_HOST) our hub cannot see connections: then the burst rule alone.
 * No message text in it: a push can show on a locked screen. Never fails the send.
 */
async function notifyIfAway(app: FastifyInstance, me: number, to: number, messageId: string) {
  try {
    if (!app.config.PUSHER_HOST) {
      const subscribed = (await app.realtimeHub.adapter.channels()).get(userChannel(to)) ?? 0;
      if (subscribed > 0) return;
    }
    if (await q.unseenBefore(app.db, to, me, messageId)) return;
    const sender = await q.person(app.db, me);
    await notify(app, to, {
      type: 'message',
      title: 'Mesaj nou',
      message: `${sender?.name.trim() || 'Un prieten'} ți-a trimis un mesaj.`,
      link: `/mesaje/${me}`,
      subject_user_id: me,
    });
  } catch (err) {
    app.log.warn({ err, to }, 'message notification not created');
  }
}

/** I saw what `sender` sent me: seen_at on those messages, and a `seen` event to both of us. */
export async function markSeen(app: FastifyInstance, me: number, sender: number) {
  const { n, at } = await q.markSeen(app.db, me, sender);
  const seenAt = iso(at);
  // The messages are read: the "Mesaj nou" notice about them is handled too (issue 23 §3); the
  // seen event below makes the reader's screens read the counts again.
  await settleAbout(app.db, me, sender, 'message', 'read').catch((err: unknown) => app.log.warn({ err }, 'message notice not settled'));
  if (n > 0) {
    const event: SeenEventPayload = { friend_id: me, sender_id: sender, seen_at: seenAt };
    await publish(app, me, sender, SEEN_EVENT, event);
  }
  return { seen: n, seen_at: seenAt };
}

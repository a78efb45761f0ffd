// After a friendship changes (issue 23 §3): the two people's other screens follow without a
// reload, and notifications about a request no longer open stop asking for attention. The event
// says only that something changed (no kind: a blocked person must not learn they were blocked);
// each screen reads its lists and counts again. Best effort, after the change is committed: a
// failure is logged and never fails the action.
//
// When two people may no longer talk (a block, or the friendship removed), their open
// conversation channel (presence-convo.{a}.{b}, realtime/channel-rules.ts) must stop carrying
// anything between them: access is checked only at subscribe, so both are evicted from it on
// every process. Best effort after the change committed: a failure is logged, never thrown.
import type { FastifyInstance } from 'fastify';
import { convoChannel } from '../realtime/channel-rules.ts';
import { FRIENDS_EVENT } from '../../../src/shared/friend-rules.ts';
import { settleAbout } from '../notifications/queries.ts';

const channel = (id: number) => `private-user.${id}`;

export type FriendChange = 'request' | 'accepted' | 'rejected' | 'cancelled' | 'removed' | 'blocked' | 'unblocked';

/** `actor` did `change` with `other`: settle the request notifications, then tell both. */
export async function friendsChanged(app: FastifyInstance, actor: number, other: number, change: FriendChange): Promise<void> {
  try {
    // The request `actor` received from `other` was answered: its notification is handled.
    if (change === 'accepted' || change === 'rejected') await settleAbout(app.db, actor, other, 'friend_request', 'read');
    // A request withdrawn, or a block: the notification is about something that no longer exists.
    if (change === 'cancelled' || change === 'blocked') await settleAbout(app.db, other, actor, 'friend_request', 'delete');
    if (change === 'blocked') await settleAbout(app.db, actor, other, 'friend_request', 'delete');
  } catch (err) {
    app.log.warn({ err, actor, other, change }, 'friend request notifications not settled');
  }
  try {
    await app.realtime.trigger([channel(actor), channel(other)], FRIENDS_EVENT, {});
  } catch (err) {
    app.log.warn({ err, change }, 'friends event not delivered');
  }
}

export async function endConversation(app: FastifyInstance, a: number, b: number): Promise<void> {
  const channel = convoChannel(a, b);
  try {
    await Promise.all([app.realtime.evict(channel, a), app.realtime.evict(channel, b)]);
  } catch (err) {
    app.log.warn({ err, channel }, 'conversation channel not closed');
  }
}

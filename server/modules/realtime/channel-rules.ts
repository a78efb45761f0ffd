// Who may listen where, and what may travel on a public channel. Public channels carry nothing
// personal: the only one the app publishes on is `update` (a new version exists). Messages, seen
// receipts and notifications go to the recipient's `private-user.{id}` (SPEC §7's public
// `message` and `seen` channels are not used; docs/ARCHITECTURE.md says why).
import type { Db } from '../../db/db.ts';
import { isPrivate, USER_CHANNEL_PREFIX } from './protocol.ts';
import { blockedEitherWay, pairRow } from '../friends/queries.ts';
import type { Realtime } from './realtime.ts';
import { ANNOUNCEMENTS_CHANNEL } from '../../../src/shared/notification-payloads.ts';
import { mayListenToThread } from '../community/live.ts';

/** The public channels app code may publish on. */
export const PUBLIC_CHANNELS: ReadonlySet<string> = new Set(['update']);

/** A one-to-one conversation's presence channel: `presence-convo.{smaller id}.{larger id}`. */
export const convoChannel = (a: number, b: number) => `presence-convo.${Math.min(a, b)}.${Math.max(a, b)}`;

/** Granted: the channel_data to sign for a presence channel (absent for a private one). Null: refused. */
export type ChannelGrant = { channelData?: string } | null;

export async function authorizeChannel(db: Db, userId: number, channel: string): Promise<ChannelGrant> {
  if (channel === `private-user.${userId}`) return {};
  // Admin announcements, the same for everyone signed in (notifications/service.ts announce).
  if (channel === ANNOUNCEMENTS_CHANNEL) return {};
  // A grid's or chapter's discussion: whoever may read its comments (community/live.ts).
  const thread = await mayListenToThread(db, userId, channel);
  if (thread !== null) return thread ? {} : null;
  // A group test's lobby and live events: its members (invited or in), never a kicked one.
  const group = /^presence-group\.([a-z0-9]{12})$/.exec(channel);
  if (group) {
    const row = await db.one<{ name: string }>(
      `select u.name from group_tests t join group_members m on m.group_id = t.id join users u on u.id = m.user_id
        where t.hash = $1 and m.user_id = $2 and m.status in ('invited', 'joined')`,
      [group[1], userId],
    );
    // laravel-echo's here()/joining()/leaving() hand the page user_info only, so the id is in it too.
    return row ? { channelData: JSON.stringify({ user_id: String(userId), user_info: { id: userId, name: row.name } }) } : null;
  }
  const convo = /^presence-convo\.(\d{1,10})\.(\d{1,10})$/.exec(channel);
  if (convo) {
    const a = Number(convo[1]);
    const b = Number(convo[2]);
    // Only the two people, while they are friends and neither blocked the other (messages are between friends).
    if (a < b && (userId === a || userId === b) && (await mayTalk(db, a, b))) {
      // The member data is the server's, never the client's: id and display name only.
      const row = await db.one<{ name: string }>('select name from users where id = $1', [userId]);
      if (row)
        return { channelData: JSON.stringify({ user_id: String(userId), user_info: { name: row.name } }) };
    }
  }
  return null;
}

/**
 * Asked again at every subscribe (issue 32 §6): channels whose access follows a membership that can
 * end (a group's presence channel, a conversation's, a discussion thread's) are checked against the
 * database, so a signature kept from before a kick or a block opens nothing. Any other channel's
 * signature (the user's own channel, the announcements) stands: its access does not end.
 */
export async function mayStillSubscribe(db: Db, userId: number, channel: string): Promise<boolean> {
  if (/^presence-(group|convo)\./.test(channel)) return (await authorizeChannel(db, userId, channel)) !== null;
  return (await mayListenToThread(db, userId, channel)) ?? true;
}

async function mayTalk(db: Db, a: number, b: number): Promise<boolean> {
  const pair = await pairRow(db, a, b);
  return pair?.status === 'accepted' && !(await blockedEitherWay(db, a, b));
}

export function isPublishable(channel: string): boolean {
  return isPrivate(channel) || channel.startsWith(USER_CHANNEL_PREFIX) || PUBLIC_CHANNELS.has(channel);
}

/** The app's publisher, refusing any public channel but those listed: a programming error, not input. */
export function guardPublic(target: Realtime): Realtime {
  const check = (channels: string | string[]) => {
    for (const c of Array.isArray(channels) ? channels : [channels])
      if (!isPublishable(c))
        throw new Error(`realtime: "${c}" is a public channel; publish on the recipient's private channel`);
  };
  return {
    async trigger(channel, event, data, opts) {
      check(channel);
      await target.trigger(channel, event, data, opts);
    },
    async triggerBatch(events) {
      for (const e of events) check(e.channel);
      await target.triggerBatch(events);
    },
    sendToUser: (userId, event, data) => target.sendToUser(userId, event, data),
    evict: (channel, userId) => target.evict(channel, userId),
  };
}

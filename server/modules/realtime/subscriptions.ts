// Who listens where: subscribe and unsubscribe for public, private-, presence- channels and the
// signed-in user's own #server-to-user- channel. Presence membership is per user (presence.ts) and
// shared with the other processes through the cluster adapter, so the answers to a presence
// subscription arrive asynchronously; nothing here throws on client input.
import type { BusMessage, ClusterAdapter } from './adapter.ts';
import { send, type Conn } from './conn.ts';
import { LocalPresence, presenceData } from './presence.ts';
import {
  encode,
  isPresence,
  isPrivate,
  LIMITS,
  parseMember,
  USER_CHANNEL_PREFIX,
  validChannelName,
  verifyChannelAuth,
  type Member,
} from './protocol.ts';

type Deps = {
  key: string;
  secret: string;
  adapter: ClusterAdapter;
  /** Delivers here and publishes to the other processes. */
  broadcast: (msg: BusMessage) => void;
  /** Runs an asynchronous step whose failure is logged, and which close() waits for. */
  track: (task: () => Promise<void>) => void;
  /**
   * Whether the user may still be on the channel, asked again at subscribe time (issue 32 §6): a
   * signature from /broadcasting/auth does not expire, so a member kicked or blocked after getting
   * one could replay it on the same socket. Absent (a bare hub in tests), the signature decides.
   */
  authorize?: (userId: string, channel: string) => Promise<boolean>;
};

/** Channels whose access is the signature alone: the user's own, and the announcements for all
 *  (no database question for the most common subscription, at the exam day's start). */
const SIGNATURE_ENOUGH = /^private-(user\.\d+|announcements)$/;

export class Subscriptions {
  private readonly byChannel = new Map<string, Set<Conn>>();
  private readonly presence = new LocalPresence();
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  subscribers(channel: string): ReadonlySet<Conn> | undefined {
    return this.byChannel.get(channel);
  }
  localMembers(channel: string): Member[] {
    return this.presence.members(channel);
  }
  allLocalMembers(): Iterable<[string, Member]> {
    return this.presence.all();
  }
  localChannels(): Map<string, number> {
    return new Map([...this.byChannel].map(([name, conns]) => [name, conns.size]));
  }

  subscribe(conn: Conn, channel: unknown, auth: unknown, channelData: unknown): void {
    if (typeof channel === 'string' && channel.startsWith(USER_CHANNEL_PREFIX)) {
      // pusher-js subscribes to its user's channel after signing in; delivery goes by the sign-in,
      // so this only answers — and never for another user's channel.
      if (conn.userId !== null && channel === USER_CHANNEL_PREFIX + conn.userId) succeeded(conn, channel, {});
      else refuseSubscription(conn, channel.slice(0, 200), 'AuthError', 'Sign in as this user first', 403);
      return;
    }
    if (!validChannelName(channel)) return;
    if (conn.channels.has(channel)) {
      if (isPresence(channel)) this.sendMembers(conn, channel);
      else succeeded(conn, channel, {});
      return;
    }
    if (conn.channels.size >= LIMITS.CHANNELS_PER_CONNECTION) {
      refuseSubscription(
        conn,
        channel,
        'LimitReached',
        `At most ${LIMITS.CHANNELS_PER_CONNECTION} channels per connection`,
        429,
      );
      return;
    }
    const presence = isPresence(channel);
    const signedData = presence && typeof channelData === 'string' ? channelData : undefined;
    if (
      isPrivate(channel) &&
      !verifyChannelAuth(this.deps.key, this.deps.secret, conn.socketId, channel, auth, signedData)
    ) {
      refuseSubscription(conn, channel, 'AuthError', 'Invalid signature', 401);
      return;
    }
    const member = presence ? parseMember(channelData) : null;
    if (presence && !member) {
      refuseSubscription(
        conn,
        channel,
        'InvalidChannelData',
        'channel_data must be a JSON object with a user_id',
        400,
      );
      return;
    }
    // Who is subscribing: the member a presence signature names, else the signed-in user.
    const who = member?.user_id ?? conn.userId;
    const authorize = this.deps.authorize;
    if (!authorize || who === null || SIGNATURE_ENOUGH.test(channel)) {
      this.add(conn, channel, member);
      return;
    }
    this.deps.track(async () => {
      const allowed = await authorize(who, channel);
      // Closed meanwhile, or subscribed by a second request that got here first: nothing to do.
      if (conn.socket.readyState !== conn.socket.OPEN || conn.channels.has(channel)) return;
      if (!allowed) refuseSubscription(conn, channel, 'AuthError', 'No longer allowed on this channel', 403);
      else this.add(conn, channel, member);
    });
  }

  private add(conn: Conn, channel: string, member: Member | null): void {
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(conn);
    conn.channels.add(channel);
    this.deps.adapter.subscriptions(channel, set.size);
    if (member) this.join(conn, channel, member);
    else succeeded(conn, channel, {});
  }

  unsubscribe(conn: Conn, channel: string): void {
    if (!conn.channels.delete(channel)) return;
    const set = this.byChannel.get(channel);
    set?.delete(conn);
    if (set?.size === 0) this.byChannel.delete(channel);
    this.deps.adapter.subscriptions(channel, set?.size ?? 0);
    const member = conn.presence.get(channel);
    if (member) this.leave(conn, channel, member);
  }

  /**
   * The server takes the user off the channel (their access was withdrawn). On a presence channel
   * the user is the member their signed channel_data named; elsewhere, the signed-in user. Each
   * connection is told (pusher_internal:unsubscribed, which pusher-js ignores: it is a notice for
   * our own clients and tests) and unsubscribed as if it had asked, so member_removed goes out when
   * the user's last connection anywhere is gone.
   */
  evict(channel: string, userId: string): void {
    const conns = this.byChannel.get(channel);
    if (!conns) return;
    const presence = isPresence(channel);
    for (const conn of [...conns]) {
      const who = presence ? conn.presence.get(channel)?.user_id : conn.userId;
      if (who !== userId) continue;
      this.unsubscribe(conn, channel);
      send(conn.socket, encode('pusher_internal:unsubscribed', {}, channel));
    }
  }

  leaveAll(conn: Conn): void {
    for (const channel of [...conn.channels]) this.unsubscribe(conn, channel);
  }

  /** member_added goes out only for the user's first connection anywhere (never to the user itself). */
  private join(conn: Conn, channel: string, member: Member): void {
    conn.presence.set(channel, member);
    const firstHere = this.presence.add(channel, member, conn);
    this.deps.track(async () => {
      let first = false;
      let members: Member[] | undefined;
      try {
        ({ first, members } = firstHere
          ? await this.deps.adapter.join(channel, member)
          : { first, members: await this.deps.adapter.members(channel) });
      } finally {
        // Even when the shared state failed, the client gets an answer (this process's members).
        members ??= this.presence.members(channel);
        if (first)
          this.deps.broadcast({
            channel,
            frame: encode('pusher_internal:member_added', member, channel),
            exceptUserId: member.user_id,
          });
        if (conn.channels.has(channel)) succeeded(conn, channel, { presence: presenceData(members) });
      }
    });
  }

  /** member_removed goes out only when the user's last connection anywhere has left. */
  private leave(conn: Conn, channel: string, member: Member): void {
    conn.presence.delete(channel);
    if (!this.presence.remove(channel, member.user_id, conn)) return;
    this.deps.track(async () => {
      if (await this.deps.adapter.leave(channel, member.user_id))
        this.deps.broadcast({
          channel,
          frame: encode('pusher_internal:member_removed', { user_id: member.user_id }, channel),
        });
    });
  }

  private sendMembers(conn: Conn, channel: string): void {
    this.deps.track(async () => {
      const members = await this.deps.adapter.members(channel).catch(() => this.presence.members(channel));
      if (conn.channels.has(channel)) succeeded(conn, channel, { presence: presenceData(members) });
    });
  }
}

function succeeded(conn: Conn, channel: string, data: object): void {
  send(conn.socket, encode('pusher_internal:subscription_succeeded', data, channel));
}

function refuseSubscription(conn: Conn, channel: string, type: string, error: string, status: number): void {
  send(conn.socket, encode('pusher:subscription_error', { type, error, status }, channel));
}

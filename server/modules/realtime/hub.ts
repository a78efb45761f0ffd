// The built-in Pusher-protocol engine: websocket connections, their frames, sign-in, activity
// checks and delivery. Whatever a client sends, nothing throws out of the frame handler: frames
// are parsed and checked field by field, an unexpected error is logged and answered, and each
// client's share is capped (frame size in the ws server, channels per connection, connections
// per address). Other processes are reached through the cluster adapter.
import { randomInt } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import { LocalAdapter, type BusMessage, type ClusterAdapter, type LocalNode } from './adapter.ts';
import { prepare, refuse, send, sendPrepared, type Conn } from './conn.ts';
import { Subscriptions } from './subscriptions.ts';
import { encode, ERR, parseFrame, USER_CHANNEL_PREFIX, verifySignin, type Member } from './protocol.ts';
import type { BatchEvent, PublishOptions, Realtime } from './realtime.ts';

type Log = { warn: (obj: object, msg: string) => void };

export type HubOptions = {
  key: string;
  secret: string;
  /** Open connections one client address may hold; more are closed with 4100 (over capacity). */
  connectionsPerIp: number;
  /** Silence after which the server sends pusher:ping (also told to the client as activity_timeout). */
  activityTimeoutMs?: number;
  /** Time to answer that ping before the connection is closed with 4201. */
  pongTimeoutMs?: number;
  adapter?: ClusterAdapter;
  log?: Log;
  /** Asked at subscribe time whether the user may still be on a channel (subscriptions.ts). */
  authorize?: (userId: string, channel: string) => Promise<boolean>;
};

export class Hub implements Realtime, LocalNode {
  private readonly conns = new Set<Conn>();
  private readonly users = new Map<string, Set<Conn>>();
  private readonly perIp = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();
  private readonly subs: Subscriptions;
  private readonly opts: Required<Omit<HubOptions, 'log' | 'authorize'>> & Pick<HubOptions, 'log' | 'authorize'>;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(opts: HubOptions) {
    if (!opts.secret) throw new Error('the realtime hub needs a secret');
    this.opts = { activityTimeoutMs: 120_000, pongTimeoutMs: 30_000, adapter: new LocalAdapter(), ...opts };
    this.subs = new Subscriptions({
      key: opts.key,
      secret: opts.secret,
      adapter: this.opts.adapter,
      broadcast: (msg) => void this.broadcast(msg),
      track: (task) => this.track(task),
      authorize: opts.authorize,
    });
  }

  get connectionCount(): number {
    return this.conns.size;
  }
  get adapter(): ClusterAdapter {
    return this.opts.adapter;
  }

  async start(): Promise<void> {
    await this.opts.adapter.start(this);
    const every = Math.min(
      5000,
      Math.max(100, Math.min(this.opts.activityTimeoutMs, this.opts.pongTimeoutMs) / 2),
    );
    this.sweeper = setInterval(() => this.sweep(), every);
    this.sweeper.unref();
  }

  attach(socket: WebSocket, appKey: string, ip: string, protocol?: unknown): void {
    if (appKey !== this.opts.key) return refuse(socket, ERR.UNKNOWN_APP, 'Unknown app key');
    // pusher-js sends protocol=7; versions before 5 had another framing. Absent: accepted.
    if (protocol !== undefined && !['5', '6', '7'].includes(String(protocol)))
      return refuse(socket, ERR.UNSUPPORTED_PROTOCOL, 'Unsupported protocol version');
    const open = this.perIp.get(ip) ?? 0;
    if (open >= this.opts.connectionsPerIp)
      return refuse(socket, ERR.OVER_CAPACITY, 'Over capacity: too many connections from this address');
    this.perIp.set(ip, open + 1);
    const now = Date.now();
    const conn: Conn = {
      socket,
      ip,
      socketId: `${randomInt(1e9)}.${randomInt(1e9)}`,
      channels: new Set(),
      presence: new Map(),
      userId: null,
      lastSeen: now,
      pingSentAt: 0,
    };
    this.conns.add(conn);
    const activity_timeout = Math.max(1, Math.round(this.opts.activityTimeoutMs / 1000));
    send(socket, encode('pusher:connection_established', { socket_id: conn.socketId, activity_timeout }));
    socket.on('message', (raw, isBinary) => this.onMessage(conn, raw, isBinary));
    socket.on('close', () => this.drop(conn));
    // Also raised when a frame is over the ws server's maxPayload (it then closes with 1009).
    socket.on('error', () => this.drop(conn));
  }

  private onMessage(conn: Conn, raw: RawData, isBinary: boolean): void {
    conn.lastSeen = Date.now();
    conn.pingSentAt = 0;
    try {
      // The protocol is JSON text; binary frames are not part of it.
      if (isBinary) return;
      const text = Array.isArray(raw)
        ? Buffer.concat(raw).toString('utf8')
        : Buffer.isBuffer(raw)
          ? raw.toString('utf8')
          : Buffer.from(raw).toString('utf8');
      this.onFrame(conn, text);
    } catch (err) {
      // Only a bug can land here; the connection and the process carry on.
      this.opts.log?.warn({ err, socketId: conn.socketId }, 'realtime frame failed');
      send(conn.socket, encode('pusher:error', { message: 'Frame not processed', code: null }));
    }
  }

  private onFrame(conn: Conn, raw: string): void {
    const frame = parseFrame(raw);
    if (!frame) return;
    const d = frame.data;
    const data: Record<string, unknown> =
      typeof d === 'object' && d !== null && !Array.isArray(d) ? (d as Record<string, unknown>) : {};
    switch (frame.event) {
      case 'pusher:ping':
        send(conn.socket, encode('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subs.subscribe(conn, data.channel, data.auth, data.channel_data);
        return;
      case 'pusher:unsubscribe':
        // Only a channel the connection holds is acted on, so any string is safe to look up.
        if (typeof data.channel === 'string') this.subs.unsubscribe(conn, data.channel);
        return;
      case 'pusher:signin':
        this.signin(conn, data);
        return;
      default:
        // Client events (client-*) are not relayed: every change goes through the API, which checks permissions.
        if (frame.event.startsWith('client-'))
          send(
            conn.socket,
            encode('pusher:error', {
              message: 'Client events are disabled',
              code: ERR.CLIENT_EVENT_REJECTED,
            }),
          );
    }
  }

  /** pusher:signin: user_data signed by /broadcasting/user-auth ties the connection to a user. */
  private signin(conn: Conn, data: Record<string, unknown>): void {
    const userId = verifySignin(this.opts.key, this.opts.secret, conn.socketId, data);
    if (!userId) return refuse(conn.socket, ERR.UNAUTHORIZED, 'Invalid signature or user data');
    if (conn.userId !== null) this.forgetUser(conn);
    conn.userId = userId;
    let set = this.users.get(userId);
    if (!set) this.users.set(userId, (set = new Set()));
    set.add(conn);
    send(conn.socket, encode('pusher:signin_success', { user_data: data.user_data }));
  }

  private forgetUser(conn: Conn): void {
    const set = conn.userId === null ? undefined : this.users.get(conn.userId);
    set?.delete(conn);
    if (set?.size === 0) this.users.delete(conn.userId!);
  }

  private drop(conn: Conn): void {
    if (!this.conns.delete(conn)) return;
    const left = (this.perIp.get(conn.ip) ?? 1) - 1;
    if (left > 0) this.perIp.set(conn.ip, left);
    else this.perIp.delete(conn.ip);
    this.forgetUser(conn);
    this.subs.leaveAll(conn);
  }

  /** Pings connections silent for the activity timeout; closes those that leave the ping unanswered (4201). */
  private sweep(): void {
    const now = Date.now();
    for (const c of this.conns) {
      if (c.pingSentAt) {
        if (now - c.pingSentAt >= this.opts.pongTimeoutMs)
          refuse(c.socket, ERR.PONG_NOT_RECEIVED, 'Pong reply not received');
      } else if (now - c.lastSeen >= this.opts.activityTimeoutMs) {
        c.pingSentAt = now;
        send(c.socket, encode('pusher:ping', {}));
      }
    }
  }

  // ——— delivery (LocalNode) ———

  deliver(msg: BusMessage): void {
    if ('terminateUser' in msg) {
      for (const c of [...(this.users.get(msg.terminateUser) ?? [])])
        refuse(c.socket, ERR.UNAUTHORIZED, 'Connection terminated by the server');
      return;
    }
    if ('evict' in msg) {
      this.subs.evict(msg.evict.channel, msg.evict.userId);
      return;
    }
    const { channel, exceptSocketId, exceptUserId } = msg;
    const targets = channel.startsWith(USER_CHANNEL_PREFIX)
      ? this.users.get(channel.slice(USER_CHANNEL_PREFIX.length))
      : this.subs.subscribers(channel);
    if (!targets?.size) return;
    // One encoding and one websocket framing shared by every recipient.
    const frame = prepare(msg.frame);
    for (const c of targets) {
      if (c.socketId === exceptSocketId) continue;
      if (exceptUserId !== undefined && c.presence.get(channel)?.user_id === exceptUserId) continue;
      sendPrepared(c.socket, frame);
    }
  }
  localMembers(channel: string): Member[] {
    return this.subs.localMembers(channel);
  }
  localChannels(): Map<string, number> {
    return this.subs.localChannels();
  }
  allLocalMembers(): Iterable<[string, Member]> {
    return this.subs.allLocalMembers();
  }

  /** Here and on every other process. */
  broadcast(msg: BusMessage): Promise<void> {
    this.deliver(msg);
    const published = this.opts.adapter
      .publish(msg)
      .catch((err: unknown) => this.opts.log?.warn({ err }, 'realtime publish to other processes failed'));
    this.pending.add(published);
    return published.finally(() => this.pending.delete(published));
  }

  private track(task: () => Promise<void>): void {
    const p = task().catch((err: unknown) => this.opts.log?.warn({ err }, 'realtime presence step failed'));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  // ——— publishing (Realtime) ———

  async trigger(
    channel: string | string[],
    event: string,
    data: unknown,
    opts: PublishOptions = {},
  ): Promise<void> {
    const channels = Array.isArray(channel) ? channel : [channel];
    await Promise.all(
      channels.map((name) =>
        this.broadcast({
          channel: name,
          frame: encode(event, data, name),
          exceptSocketId: opts.exceptSocketId,
        }),
      ),
    );
  }
  async triggerBatch(events: BatchEvent[]): Promise<void> {
    await Promise.all(
      events.map((e) => this.trigger(e.channel, e.name, e.data, { exceptSocketId: e.socket_id })),
    );
  }
  async sendToUser(userId: string | number, event: string, data: unknown): Promise<void> {
    await this.trigger(`${USER_CHANNEL_PREFIX}${userId}`, event, data);
  }
  async terminateUser(userId: string): Promise<void> {
    await this.broadcast({ terminateUser: userId });
  }
  async evict(channel: string, userId: string | number): Promise<void> {
    await this.broadcast({ evict: { channel, userId: String(userId) } });
  }

  /** Resolves once every presence step and publish under way has finished. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Server shutdown: clients reconnect at once (4200), to another process when there is one. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    for (const c of [...this.conns]) {
      refuse(c.socket, ERR.GENERIC, 'Server closing; reconnect');
      this.drop(c);
    }
    await this.idle();
    await this.opts.adapter.close();
  }
}

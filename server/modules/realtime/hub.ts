// In-process hub of websocket connections and their channel subscriptions.
// Whatever a client sends, nothing throws out of the frame handler: frames are parsed and checked
// field by field, an unexpected error is logged and answered, and each client's share is capped
// (frame size in the ws server, channels per connection, connections per address).
import { randomInt } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import {
  encode,
  ERR,
  isPresence,
  isPrivate,
  LIMITS,
  parseFrame,
  parseMember,
  validChannelName,
  verifyChannelAuth,
  type Member,
} from './protocol.ts';
import type { Realtime } from './realtime.ts';

type Conn = { socket: WebSocket; ip: string; socketId: string; channels: Set<string>; presence: Map<string, Member> };
type Log = { warn: (obj: object, msg: string) => void };

export type HubOptions = {
  key: string;
  secret: string;
  /** Open connections one client address may hold; more are closed with 4100 (over capacity). */
  connectionsPerIp: number;
  log?: Log;
};

export class Hub implements Realtime {
  private readonly conns = new Set<Conn>();
  private readonly channels = new Map<string, Set<Conn>>();
  private readonly perIp = new Map<string, number>();
  private readonly opts: HubOptions;
  constructor(opts: HubOptions) {
    if (!opts.secret) throw new Error('the realtime hub needs a secret');
    this.opts = opts;
  }

  get connectionCount(): number {
    return this.conns.size;
  }

  attach(socket: WebSocket, appKey: string, ip: string): void {
    if (appKey !== this.opts.key) {
      send(socket, encode('pusher:error', { message: 'Unknown app key', code: ERR.UNKNOWN_APP }));
      socket.close(ERR.UNKNOWN_APP);
      return;
    }
    const open = this.perIp.get(ip) ?? 0;
    if (open >= this.opts.connectionsPerIp) {
      send(socket, encode('pusher:error', { message: 'Over capacity: too many connections from this address', code: ERR.OVER_CAPACITY }));
      socket.close(ERR.OVER_CAPACITY);
      return;
    }
    this.perIp.set(ip, open + 1);
    const conn: Conn = { socket, ip, socketId: `${randomInt(1e9)}.${randomInt(1e9)}`, channels: new Set(), presence: new Map() };
    this.conns.add(conn);
    send(socket, encode('pusher:connection_established', { socket_id: conn.socketId, activity_timeout: 120 }));
    socket.on('message', (raw, isBinary) => this.onMessage(conn, raw, isBinary));
    socket.on('close', () => this.drop(conn));
    // Also raised when a frame is over the ws server's maxPayload (it then closes with 1009).
    socket.on('error', () => this.drop(conn));
  }

  private onMessage(conn: Conn, raw: RawData, isBinary: boolean): void {
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
    const data: Record<string, unknown> = typeof d === 'object' && d !== null && !Array.isArray(d) ? (d as Record<string, unknown>) : {};
    switch (frame.event) {
      case 'pusher:ping':
        send(conn.socket, encode('pusher:pong', {}));
        return;
      case 'pusher:subscribe':
        this.subscribe(conn, data.channel, data.auth, data.channel_data);
        return;
      case 'pusher:unsubscribe':
        if (validChannelName(data.channel)) this.unsubscribe(conn, data.channel);
        return;
      default:
        // Client events (client-*) are not relayed: every change goes through the API, which checks permissions.
        if (frame.event.startsWith('client-')) {
          send(conn.socket, encode('pusher:error', { message: 'Client events are disabled', code: ERR.GENERIC }));
        }
    }
  }

  private subscribe(conn: Conn, channel: unknown, auth: unknown, channelData: unknown): void {
    if (!validChannelName(channel)) return;
    const refuse = (type: string, error: string, status: number) =>
      send(conn.socket, encode('pusher:subscription_error', { type, error, status }, channel));
    if (conn.channels.has(channel)) {
      send(conn.socket, encode('pusher_internal:subscription_succeeded', isPresence(channel) ? { presence: this.presence(channel) } : {}, channel));
      return;
    }
    if (conn.channels.size >= LIMITS.CHANNELS_PER_CONNECTION) {
      refuse('LimitReached', `At most ${LIMITS.CHANNELS_PER_CONNECTION} channels per connection`, 429);
      return;
    }
    const presence = isPresence(channel);
    const signedData = presence && typeof channelData === 'string' ? channelData : undefined;
    if (isPrivate(channel) && !verifyChannelAuth(this.opts.key, this.opts.secret, conn.socketId, channel, auth, signedData)) {
      refuse('AuthError', 'Invalid signature', 401);
      return;
    }
    const member = presence ? parseMember(channelData) : null;
    if (presence && !member) {
      refuse('InvalidChannelData', 'channel_data must be a JSON object with a user_id', 400);
      return;
    }
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(conn);
    conn.channels.add(channel);
    if (member) {
      conn.presence.set(channel, member);
      this.sendToChannel(channel, 'pusher_internal:member_added', member, conn);
      send(conn.socket, encode('pusher_internal:subscription_succeeded', { presence: this.presence(channel) }, channel));
    } else {
      send(conn.socket, encode('pusher_internal:subscription_succeeded', {}, channel));
    }
  }

  private presence(channel: string) {
    const hash: Record<string, unknown> = {};
    for (const c of this.channels.get(channel) ?? []) {
      const m = c.presence.get(channel);
      if (m) hash[m.user_id] = m.user_info ?? null;
    }
    return { ids: Object.keys(hash), hash, count: Object.keys(hash).length };
  }

  private unsubscribe(conn: Conn, channel: string): void {
    this.channels.get(channel)?.delete(conn);
    conn.channels.delete(channel);
    const member = conn.presence.get(channel);
    if (member) {
      conn.presence.delete(channel);
      this.sendToChannel(channel, 'pusher_internal:member_removed', { user_id: member.user_id });
    }
    if (this.channels.get(channel)?.size === 0) this.channels.delete(channel);
  }

  private drop(conn: Conn): void {
    if (!this.conns.delete(conn)) return;
    const left = (this.perIp.get(conn.ip) ?? 1) - 1;
    if (left > 0) this.perIp.set(conn.ip, left);
    else this.perIp.delete(conn.ip);
    for (const channel of [...conn.channels]) this.unsubscribe(conn, channel);
  }

  private sendToChannel(channel: string, event: string, data: unknown, except?: Conn): number {
    const frame = encode(event, data, channel);
    let n = 0;
    for (const c of this.channels.get(channel) ?? []) {
      if (c === except) continue;
      send(c.socket, frame);
      n++;
    }
    return n;
  }

  async trigger(channel: string, event: string, data: unknown): Promise<void> {
    this.sendToChannel(channel, event, data);
  }

  closeAll(): void {
    for (const c of this.conns) c.socket.close(1001);
  }
}

/** Sends only on an open socket: a frame for a closing one is dropped instead of raising. */
function send(socket: WebSocket, frame: string): void {
  if (socket.readyState === socket.OPEN) socket.send(frame);
}

// In-process hub of websocket connections and their channel subscriptions.
import { randomInt } from 'node:crypto';
import type { WebSocket } from 'ws';
import { encode, ERR, isPresence, isPrivate, parseFrame, validChannelName, verifyChannelAuth } from './protocol.ts';
import type { Realtime } from './realtime.ts';

type Conn = { socket: WebSocket; socketId: string; channels: Set<string>; presence: Map<string, { user_id: string }> };
type Member = { user_id: string; user_info?: unknown };

export class Hub implements Realtime {
  private readonly conns = new Set<Conn>();
  private readonly channels = new Map<string, Set<Conn>>();
  private readonly key: string;
  private readonly secret: string;
  constructor(key: string, secret: string) {
    this.key = key;
    this.secret = secret;
  }

  get connectionCount(): number {
    return this.conns.size;
  }

  attach(socket: WebSocket, appKey: string): void {
    if (appKey !== this.key) {
      socket.send(encode('pusher:error', { message: 'Unknown app key', code: ERR.UNKNOWN_APP }));
      socket.close(ERR.UNKNOWN_APP);
      return;
    }
    const conn: Conn = { socket, socketId: `${randomInt(1e9)}.${randomInt(1e9)}`, channels: new Set(), presence: new Map() };
    this.conns.add(conn);
    socket.send(encode('pusher:connection_established', { socket_id: conn.socketId, activity_timeout: 120 }));
    socket.on('message', (raw) => this.onFrame(conn, String(raw)));
    socket.on('close', () => this.drop(conn));
    socket.on('error', () => this.drop(conn));
  }

  private onFrame(conn: Conn, raw: string): void {
    const frame = parseFrame(raw);
    if (!frame) return;
    const data = (frame.data ?? {}) as { channel?: unknown; auth?: unknown; channel_data?: unknown };
    switch (frame.event) {
      case 'pusher:ping':
        conn.socket.send(encode('pusher:pong', {}));
        return;
      case 'pusher:subscribe':
        this.subscribe(conn, data.channel, data.auth, typeof data.channel_data === 'string' ? data.channel_data : undefined);
        return;
      case 'pusher:unsubscribe':
        if (validChannelName(data.channel)) this.unsubscribe(conn, data.channel);
        return;
      default:
        // Client events (client-*) are not relayed: every change goes through the API, which checks permissions.
        if (frame.event.startsWith('client-')) {
          conn.socket.send(encode('pusher:error', { message: 'Client events are disabled', code: ERR.GENERIC }));
        }
    }
  }

  private subscribe(conn: Conn, channel: unknown, auth: unknown, channelData?: string): void {
    if (!validChannelName(channel)) return;
    if (isPrivate(channel) && !verifyChannelAuth(this.key, this.secret, conn.socketId, channel, auth, isPresence(channel) ? channelData : undefined)) {
      conn.socket.send(encode('pusher:subscription_error', { type: 'AuthError', error: 'Invalid signature', status: 401 }, channel));
      return;
    }
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(conn);
    conn.channels.add(channel);
    if (isPresence(channel) && channelData) {
      const member = JSON.parse(channelData) as Member;
      conn.presence.set(channel, { user_id: String(member.user_id) });
      this.sendToChannel(channel, 'pusher_internal:member_added', member, conn);
      conn.socket.send(encode('pusher_internal:subscription_succeeded', { presence: this.presence(channel) }, channel));
    } else {
      conn.socket.send(encode('pusher_internal:subscription_succeeded', {}, channel));
    }
  }

  private presence(channel: string) {
    const hash: Record<string, unknown> = {};
    for (const c of this.channels.get(channel) ?? []) {
      const m = c.presence.get(channel);
      if (m) hash[m.user_id] = null;
    }
    return { ids: Object.keys(hash), hash, count: Object.keys(hash).length };
  }

  private unsubscribe(conn: Conn, channel: string): void {
    this.channels.get(channel)?.delete(conn);
    conn.channels.delete(channel);
    const member = conn.presence.get(channel);
    if (member) {
      conn.presence.delete(channel);
      this.sendToChannel(channel, 'pusher_internal:member_removed', member);
    }
    if (this.channels.get(channel)?.size === 0) this.channels.delete(channel);
  }

  private drop(conn: Conn): void {
    if (!this.conns.delete(conn)) return;
    for (const channel of [...conn.channels]) this.unsubscribe(conn, channel);
  }

  private sendToChannel(channel: string, event: string, data: unknown, except?: Conn): number {
    const frame = encode(event, data, channel);
    let n = 0;
    for (const c of this.channels.get(channel) ?? []) {
      if (c === except) continue;
      c.socket.send(frame);
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

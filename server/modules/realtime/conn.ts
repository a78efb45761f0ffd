// One websocket connection as the hub sees it, and the only way frames are written to it.
import type { WebSocket } from 'ws';
import type { Member } from './protocol.ts';

export type Conn = {
  socket: WebSocket;
  ip: string;
  socketId: string;
  /** Every channel it is subscribed to (presence ones too). */
  channels: Set<string>;
  /** The member it announced on each presence channel. */
  presence: Map<string, Member>;
  /** Set by a valid pusher:signin: events for this user reach this connection. */
  userId: string | null;
  /** Last frame from the client, and when the server's unanswered pusher:ping went out (0: none). */
  lastSeen: number;
  pingSentAt: number;
};

/**
 * Sends only on an open socket: a frame for a closing one is dropped instead of raising.
 * A Buffer (one per fan-out, not one per recipient) goes out as a text frame.
 */
export function send(socket: WebSocket, frame: string | Buffer): void {
  if (socket.readyState !== socket.OPEN) return;
  if (typeof frame === 'string') socket.send(frame);
  else socket.send(frame, { binary: false });
}

/** One text frame, encoded and framed once for every recipient of a fan-out. */
export type Prepared = { data: Buffer; wire: Buffer };

export function prepare(frame: string): Prepared {
  const data = Buffer.from(frame);
  // RFC 6455 §5.2: FIN + text opcode, then the length (7 bits, or 126 + 16 bits, or 127 + 64
  // bits); server frames are not masked. Header and payload become one buffer.
  const n = data.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(head + n);
  wire[0] = 0x81;
  if (n < 126) wire[1] = n;
  else if (n < 65536) {
    wire[1] = 126;
    wire.writeUInt16BE(n, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(n), 2);
  }
  data.copy(wire, head);
  return { data, wire };
}

type WsInternals = {
  _socket?: { destroyed: boolean; writable: boolean; write(b: Buffer): boolean };
  _sender?: { _state: number; _queue: unknown[] };
  _extensions?: Record<string, unknown>;
};

/**
 * Writes a prepared frame straight to the connection's TCP socket: no per-recipient header, options
 * object or cork/uncork. Only when ws would have written it at once itself (its sender idle with
 * nothing queued, no compression negotiated); otherwise through ws.send, in order.
 */
export function sendPrepared(socket: WebSocket, frame: Prepared): void {
  if (socket.readyState !== socket.OPEN) return;
  const ws = socket as unknown as WsInternals;
  const raw = ws._socket;
  const sender = ws._sender;
  if (
    raw &&
    sender &&
    sender._state === 0 &&
    sender._queue.length === 0 &&
    !raw.destroyed &&
    raw.writable &&
    !ws._extensions?.['permessage-deflate']
  )
    raw.write(frame.wire);
  else socket.send(frame.data, { binary: false });
}

/** Protocol error, then close with the same code (4000–4299 tell pusher-js how to reconnect). */
export function refuse(socket: WebSocket, code: number, message: string): void {
  send(socket, JSON.stringify({ event: 'pusher:error', data: { code, message } }));
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code);
}

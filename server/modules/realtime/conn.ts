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

/** Protocol error, then close with the same code (4000–4299 tell pusher-js how to reconnect). */
export function refuse(socket: WebSocket, code: number, message: string): void {
  send(socket, JSON.stringify({ event: 'pusher:error', data: { code, message } }));
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code);
}

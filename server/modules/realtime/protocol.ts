// Pusher Channels protocol v7 (the subset laravel-echo + pusher-js use): connection,
// ping/pong, subscribe/unsubscribe to public, private- and presence- channels, server events.
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

export type Frame = { event: string; channel?: string; data?: unknown };

export const ERR = {
  APP_DISABLED: 4003,
  UNKNOWN_APP: 4001,
  UNAUTHORIZED: 4009,
  OVER_QUOTA: 4004,
  GENERIC: 4200,
} as const;

export function encode(event: string, data: unknown, channel?: string): string {
  // Pusher sends `data` as a JSON string for every event except pusher:error.
  const payload = event === 'pusher:error' ? data : typeof data === 'string' ? data : JSON.stringify(data ?? {});
  return JSON.stringify(channel ? { event, channel, data: payload } : { event, data: payload });
}

export function parseFrame(raw: string): Frame | null {
  try {
    const f = JSON.parse(raw) as Frame;
    if (typeof f?.event !== 'string') return null;
    if (typeof f.data === 'string') {
      try {
        f.data = JSON.parse(f.data);
      } catch {
        /* plain string payload */
      }
    }
    return f;
  } catch {
    return null;
  }
}

export function sign(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Signature string for private (socket:channel) and presence (socket:channel:data) channels. */
export function channelAuth(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  const value = channelData ? `${socketId}:${channel}:${channelData}` : `${socketId}:${channel}`;
  return `${key}:${sign(secret, value)}`;
}

export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown, channelData?: string): boolean {
  if (typeof auth !== 'string') return false;
  return safeEqual(auth, channelAuth(key, secret, socketId, channel, channelData));
}

export const isPrivate = (channel: string) => channel.startsWith('private-') || channel.startsWith('presence-');
export const isPresence = (channel: string) => channel.startsWith('presence-');
export const validChannelName = (channel: unknown): channel is string =>
  typeof channel === 'string' && /^[A-Za-z0-9_\-=@,.;]{1,164}$/.test(channel);

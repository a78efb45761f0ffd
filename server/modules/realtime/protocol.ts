// Pusher Channels protocol v7 (what laravel-echo + pusher-js use): connection, ping/pong,
// subscribe/unsubscribe to public, private- and presence- channels, user sign-in, server events.
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

export type Frame = { event: string; channel?: string; data?: unknown };

/**
 * Pusher protocol error codes: 4000–4099 close, do not retry unchanged; 4100–4199 close, retry
 * after backing off; 4200–4299 reconnect at once; 4300–4399 other errors.
 */
export const ERR = {
  APP_DISABLED: 4003,
  UNKNOWN_APP: 4001,
  /** The `protocol` query parameter names a version this server does not speak. */
  UNSUPPORTED_PROTOCOL: 4007,
  /** A sign-in with a bad signature or user data, or connections ended by the server for a user. */
  UNAUTHORIZED: 4009,
  OVER_QUOTA: 4004,
  /** Too many connections from one address: pusher-js backs off and tries again later. */
  OVER_CAPACITY: 4100,
  /** Reconnect at once: the server is shutting down (another process takes the client). */
  GENERIC: 4200,
  /** A pusher:ping from the server was not answered within the pong timeout. */
  PONG_NOT_RECEIVED: 4201,
  /** A client event (client-*): refused, every change goes through the API. */
  CLIENT_EVENT_REJECTED: 4301,
} as const;

/** RFC 6455 close code the ws library sends itself when a frame is over MAX_FRAME_BYTES. */
export const CLOSE_MESSAGE_TOO_BIG = 1009;

/**
 * Caps on what one client may make the hub hold. The largest legitimate frame is a presence
 * subscription with its member data (Pusher allows 1 KB of user_info), far below MAX_FRAME_BYTES;
 * the app itself listens on two channels per tab.
 */
export const LIMITS = {
  MAX_FRAME_BYTES: 10 * 1024,
  MAX_CHANNEL_DATA_CHARS: 2048,
  MAX_USER_ID_CHARS: 128,
  CHANNELS_PER_CONNECTION: 100,
} as const;

export function encode(event: string, data: unknown, channel?: string): string {
  // Pusher sends `data` as a JSON string for every event except pusher:error.
  const payload = event === 'pusher:error' ? data : typeof data === 'string' ? data : JSON.stringify(data ?? {});
  return JSON.stringify(channel ? { event, channel, data: payload } : { event, data: payload });
}

/** A client frame as { event, data }, or null for anything else (never throws). */
export function parseFrame(raw: string): Frame | null {
  try {
    const f = JSON.parse(raw) as Frame;
    if (typeof f !== 'object' || f === null || Array.isArray(f) || typeof f.event !== 'string') return null;
    if (f.event.length > 200) return null;
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

export type Member = { user_id: string; user_info?: unknown };

/**
 * The member a presence subscription announces: channel_data must be a JSON object with a
 * user_id (string or number, at most MAX_USER_ID_CHARS). Anything else is null (never throws).
 */
export function parseMember(channelData: unknown): Member | null {
  if (typeof channelData !== 'string' || channelData.length > LIMITS.MAX_CHANNEL_DATA_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { user_id, user_info } = value as { user_id?: unknown; user_info?: unknown };
  const id = typeof user_id === 'number' && Number.isFinite(user_id) ? String(user_id) : user_id;
  if (typeof id !== 'string' || id.length === 0 || id.length > LIMITS.MAX_USER_ID_CHARS) return null;
  return user_info === undefined ? { user_id: id } : { user_id: id, user_info };
}

/** Signature pusher-js sends with pusher:signin: HMAC over `socket_id::user::user_data`. */
export function userAuth(key: string, secret: string, socketId: string, userData: string): string {
  return `${key}:${sign(secret, `${socketId}::user::${userData}`)}`;
}

/**
 * The user id of a signed pusher:signin, or null: auth must match the signature of user_data,
 * and user_data be a JSON object with a non-empty string id (as pusher-js requires).
 */
export function verifySignin(key: string, secret: string, socketId: string, data: Record<string, unknown>): string | null {
  const { auth, user_data } = data;
  if (typeof auth !== 'string' || typeof user_data !== 'string' || user_data.length > LIMITS.MAX_CHANNEL_DATA_CHARS) return null;
  if (!safeEqual(auth, userAuth(key, secret, socketId, user_data))) return null;
  try {
    const { id } = JSON.parse(user_data) as { id?: unknown };
    return typeof id === 'string' && id.length > 0 && id.length <= LIMITS.MAX_USER_ID_CHARS ? id : null;
  } catch {
    return null;
  }
}

/** Events for one signed-in user go on this channel name (pusher-js listens to it after sign-in). */
export const USER_CHANNEL_PREFIX = '#server-to-user-';

export const isPrivate = (channel: string) => channel.startsWith('private-') || channel.startsWith('presence-');
export const isPresence = (channel: string) => channel.startsWith('presence-');
export const validChannelName = (channel: unknown): channel is string =>
  typeof channel === 'string' && /^[A-Za-z0-9_\-=@,.;]{1,164}$/.test(channel);

// The server's time as a page (or the groups bench) estimates it. Every group state carries the
// server's clock when it answered (server_now); the request was in flight between two local
// readings of a monotonic clock (performance.now(): device clock changes do not move it), so the
// server read its clock somewhere in between: offset = server_now − midpoint, off by at most
// half the round trip. The sample with the shortest round trip is kept (the tightest bound); one
// older than MAX_AGE_MS gives way to any new one, as a device that slept may have a monotonic
// clock that paused. Every member's page then counts down to the same server instant, whatever
// its own clock says and whenever its request arrived.
export type ClockSample = { offset: number; rtt: number; at: number };

const MAX_AGE_MS = 30_000;

/** A sample from one request: local times before sending and after receiving, and the server's time. */
export function clockSample(sentAt: number, receivedAt: number, serverNow: string | number): ClockSample | null {
  const server = typeof serverNow === 'number' ? serverNow : Date.parse(serverNow);
  if (!Number.isFinite(server) || receivedAt < sentAt) return null;
  return { offset: server - (sentAt + receivedAt) / 2, rtt: receivedAt - sentAt, at: receivedAt };
}

/** The sample to keep: the new one when it is tighter, or when the kept one is old. */
export function keepSample(kept: ClockSample | null, next: ClockSample | null): ClockSample | null {
  if (!next) return kept;
  if (!kept || next.rtt <= kept.rtt || next.at - kept.at > MAX_AGE_MS) return next;
  return kept;
}

/** The server's time now (ms since the epoch) by the kept sample, from a local monotonic reading. */
export const serverTime = (s: ClockSample | null, localNow: number): number => localNow + (s?.offset ?? Date.now() - localNow);

/** Milliseconds until `at` (ISO, server time), never below zero. */
export const msUntil = (at: string | null, s: ClockSample | null, localNow: number): number =>
  at === null ? 0 : Math.max(0, Date.parse(at) - serverTime(s, localNow));

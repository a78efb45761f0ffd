// The test timer, pure: what is left of a timed test, online or offline, from the moment it
// started and the last remaining time the device stored (a resumed test never gains time).
// Same rule as the server (server/modules/practice/model.ts remainingSeconds).

export type TimedTest = { time_limit_s: number | null; remaining_s: number | null; started_at: string };

/** Seconds left: time_limit − (now − started_at), at most the stored remaining_s and the total, at least 0; null when untimed. */
export function remainingSeconds(t: TimedTest, now: number = Date.now()): number | null {
  if (t.time_limit_s === null || t.time_limit_s === undefined) return null;
  const started = Date.parse(t.started_at);
  const elapsed = Number.isFinite(started) ? Math.max(0, (now - started) / 1000) : 0;
  const byClock = Math.floor(t.time_limit_s - elapsed);
  const stored = t.remaining_s ?? t.time_limit_s;
  return Math.max(0, Math.min(t.time_limit_s, byClock, stored));
}

export function isExpired(t: TimedTest, now: number = Date.now()): boolean {
  return remainingSeconds(t, now) === 0;
}

/** The moment the time runs out (ISO), for a test that expired while the app was closed. */
export function deadlineOf(t: TimedTest): string | null {
  if (t.time_limit_s === null) return null;
  return new Date(Date.parse(t.started_at) + t.time_limit_s * 1000).toISOString();
}

/** 75 → "01:15"; 3725 → "1:02:05". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Spoken form for screen readers: "1 oră, 2 minute și 5 secunde rămase" style, kept short. */
export function spokenClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts: string[] = [];
  if (h) parts.push(h === 1 ? '1 oră' : `${h} ore`);
  if (m) parts.push(m === 1 ? '1 minut' : `${m} minute`);
  if (!h && !m) parts.push(s === 1 ? '1 secundă' : `${s} secunde`);
  return `${parts.join(' și ')} rămase`;
}

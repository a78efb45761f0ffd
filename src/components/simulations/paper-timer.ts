// The session clock of a paper simulation (issue 22), pure: when the candidate started, kept on
// this device per account and simulation (so a reload or a closed tab keeps counting), and what is
// left of the centre's time. As in the exam room it starts once and never pauses; the server is not
// told (the sheet is graded whenever it arrives), so nothing here claims otherwise. Once a sheet sent
// during the session is graded, the session is over: the clock stops where the sheet was sent
// (issue 32 §3), and the stop is kept with the start, so a reload shows it stopped too.
import { remainingSeconds } from '../../offline/timer.ts';

/** The candidate is warned when this much is left (the proctor's "10 minutes left"). */
export const PAPER_WARN_S = 600;

export type PaperSession = {
  started_at: string;
  limit_s: number;
  /** When the sheet graded in this session was sent: the clock stands there. */
  stopped_at?: string;
};
export type PaperPhase = 'idle' | 'running' | 'last' | 'over' | 'graded';

export const paperTimerKey = (userId: number, simulationId: string) => `paper-timer:${userId}:${simulationId}`;

/** The stored session, or null when there is none or it is not one (edited by hand, another format). */
export function parseSession(raw: string | null): PaperSession | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PaperSession>;
    if (typeof v.started_at !== 'string' || !Number.isFinite(Date.parse(v.started_at))) return null;
    if (typeof v.limit_s !== 'number' || !Number.isInteger(v.limit_s) || v.limit_s <= 0 || v.limit_s > 24 * 3600) return null;
    const stopped = typeof v.stopped_at === 'string' && Date.parse(v.stopped_at) >= Date.parse(v.started_at) ? { stopped_at: v.stopped_at } : {};
    return { started_at: v.started_at, limit_s: v.limit_s, ...stopped };
  } catch {
    return null;
  }
}

export function loadSession(key: string): PaperSession | null {
  try {
    return parseSession(localStorage.getItem(key));
  } catch {
    return null;
  }
}

/** Starts the clock now with the paper's time (kept with the start: a later edit of the paper does not move a running clock). */
export function startSession(key: string, limitS: number, now = Date.now()): PaperSession {
  const s: PaperSession = { started_at: new Date(now).toISOString(), limit_s: limitS };
  try {
    localStorage.setItem(key, JSON.stringify(s));
  } catch {
    // Storage full or blocked: the clock still runs for this page, it just will not survive a reload.
  }
  return s;
}

/**
 * When a graded sheet ends this session: the earliest of the sheet's graded scans sent after the
 * session started (one sent before belongs to an earlier session), or null.
 */
export function gradedStop(s: PaperSession | null, scans: readonly { status: string; created_at: string }[]): string | null {
  if (!s) return null;
  const start = Date.parse(s.started_at);
  const sent = scans.filter((x) => x.status === 'graded' && Date.parse(x.created_at) >= start).map((x) => x.created_at);
  return sent.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
}

/** Stops the clock where the graded sheet was sent, and keeps that with the session. */
export function stopSession(key: string, s: PaperSession, at: string): PaperSession {
  const stopped: PaperSession = { ...s, stopped_at: at };
  try {
    localStorage.setItem(key, JSON.stringify(stopped));
  } catch {
    // Not kept: the page stops it again from the graded scan after a reload.
  }
  return stopped;
}

export function clearSession(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to clear
  }
}

export function secondsLeft(s: PaperSession, now = Date.now()): number {
  const at = s.stopped_at ? Math.min(now, Date.parse(s.stopped_at)) : now;
  return remainingSeconds({ time_limit_s: s.limit_s, remaining_s: null, started_at: s.started_at }, at) ?? 0;
}

export function phaseOf(s: PaperSession | null, now = Date.now()): PaperPhase {
  if (!s) return 'idle';
  if (s.stopped_at) return 'graded';
  const left = secondsLeft(s, now);
  if (left === 0) return 'over';
  return left <= PAPER_WARN_S ? 'last' : 'running';
}

const clockTime = (ms: number) => new Date(ms).toLocaleTimeString('ro-RO', { hour: '2-digit', minute: '2-digit' });
/** When the clock was stopped (the graded sheet sent), on the candidate's own clock. */
export const stoppedAt = (s: PaperSession) => (s.stopped_at ? clockTime(Math.min(Date.parse(s.stopped_at), Date.parse(s.started_at) + s.limit_s * 1000)) : null);

/** When the time runs out, on the candidate's own clock ("14:05"). */
export const endsAt = (s: PaperSession) =>
  new Date(Date.parse(s.started_at) + s.limit_s * 1000).toLocaleTimeString('ro-RO', { hour: '2-digit', minute: '2-digit' });

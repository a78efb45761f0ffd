// The session clock of a paper simulation (issue 22), pure: when the candidate started, kept on
// this device per account and simulation (so a reload or a closed tab keeps counting), and what is
// left of the centre's time. As in the exam room it starts once and never pauses; the server is not
// told (the sheet is graded whenever it arrives), so nothing here claims otherwise.
import { remainingSeconds } from '../../offline/timer.ts';

/** The candidate is warned when this much is left (the proctor's "10 minutes left"). */
export const PAPER_WARN_S = 600;

export type PaperSession = { started_at: string; limit_s: number };
export type PaperPhase = 'idle' | 'running' | 'last' | 'over';

export const paperTimerKey = (userId: number, simulationId: string) => `paper-timer:${userId}:${simulationId}`;

/** The stored session, or null when there is none or it is not one (edited by hand, another format). */
export function parseSession(raw: string | null): PaperSession | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PaperSession>;
    if (typeof v.started_at !== 'string' || !Number.isFinite(Date.parse(v.started_at))) return null;
    if (typeof v.limit_s !== 'number' || !Number.isInteger(v.limit_s) || v.limit_s <= 0 || v.limit_s > 24 * 3600) return null;
    return { started_at: v.started_at, limit_s: v.limit_s };
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

export function clearSession(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to clear
  }
}

export function secondsLeft(s: PaperSession, now = Date.now()): number {
  return remainingSeconds({ time_limit_s: s.limit_s, remaining_s: null, started_at: s.started_at }, now) ?? 0;
}

export function phaseOf(s: PaperSession | null, now = Date.now()): PaperPhase {
  if (!s) return 'idle';
  const left = secondsLeft(s, now);
  if (left === 0) return 'over';
  return left <= PAPER_WARN_S ? 'last' : 'running';
}

/** When the time runs out, on the candidate's own clock ("14:05"). */
export const endsAt = (s: PaperSession) =>
  new Date(Date.parse(s.started_at) + s.limit_s * 1000).toLocaleTimeString('ro-RO', { hour: '2-digit', minute: '2-digit' });

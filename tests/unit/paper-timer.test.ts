// The paper simulation's session clock (issue 22): kept per account and simulation, never more than
// the paper's time, the warning at 10 minutes and the end; a stored value that is not a session is
// ignored rather than trusted.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  PAPER_WARN_S,
  clearSession,
  loadSession,
  paperTimerKey,
  gradedStop,
  parseSession,
  phaseOf,
  secondsLeft,
  startSession,
  stopSession,
} from '../../src/components/simulations/paper-timer.ts';

const t0 = Date.parse('2026-11-26T09:00:00.000Z');

describe('paper session clock', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per account and simulation and survives a new read (a reload)', () => {
    const a = paperTimerKey(1, 'sim-x');
    startSession(a, 10_800, t0);
    expect(loadSession(a)).toEqual({ started_at: '2026-11-26T09:00:00.000Z', limit_s: 10_800 });
    expect(loadSession(paperTimerKey(2, 'sim-x'))).toBeNull();
    expect(loadSession(paperTimerKey(1, 'sim-y'))).toBeNull();
    clearSession(a);
    expect(loadSession(a)).toBeNull();
  });

  it('counts down from the start, never above the paper’s time, and stops at 0', () => {
    const s = { started_at: new Date(t0).toISOString(), limit_s: 3600 };
    expect(secondsLeft(s, t0)).toBe(3600);
    expect(secondsLeft(s, t0 - 60_000)).toBe(3600);
    expect(secondsLeft(s, t0 + 90_500)).toBe(3509);
    expect(secondsLeft(s, t0 + 5 * 3600_000)).toBe(0);
  });

  it('is running, then in its last 10 minutes, then over', () => {
    const s = { started_at: new Date(t0).toISOString(), limit_s: 3600 };
    expect(phaseOf(null, t0)).toBe('idle');
    expect(phaseOf(s, t0 + 1000)).toBe('running');
    expect(phaseOf(s, t0 + (3600 - PAPER_WARN_S - 1) * 1000)).toBe('running');
    expect(phaseOf(s, t0 + (3600 - PAPER_WARN_S) * 1000)).toBe('last');
    expect(phaseOf(s, t0 + 3599_000)).toBe('last');
    expect(phaseOf(s, t0 + 3600_000)).toBe('over');
  });

  it('ignores a stored value that is not a session', () => {
    for (const raw of [null, '', 'x', '{}', '{"started_at":"ieri","limit_s":60}', '{"started_at":"2026-11-26T09:00:00Z","limit_s":-5}', '{"started_at":"2026-11-26T09:00:00Z","limit_s":99999999}'])
      expect(parseSession(raw)).toBeNull();
  });

  it('stops where the sheet graded in this session was sent, and stays stopped on a new read (issue 32 §3)', () => {
    const key = paperTimerKey(1, 'sim-x');
    const s = startSession(key, 3600, t0);
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    // A sheet graded before this session, or one still being read, does not stop it.
    expect(gradedStop(s, [{ status: 'graded', created_at: at(-60) }, { status: 'processing', created_at: at(20) }])).toBeNull();
    const stop = gradedStop(s, [{ status: 'graded', created_at: at(50) }, { status: 'graded', created_at: at(40) }, { status: 'failed', created_at: at(30) }]);
    expect(stop).toBe(at(40));
    stopSession(key, s, stop!);
    const reloaded = loadSession(key)!;
    expect(reloaded.stopped_at).toBe(at(40));
    // Stopped: the same time left however late the page is looked at, never 'over'.
    expect(phaseOf(reloaded, t0 + 5 * 3600_000)).toBe('graded');
    expect(secondsLeft(reloaded, t0 + 5 * 3600_000)).toBe(20 * 60);
    expect(secondsLeft(reloaded, t0 + 41 * 60_000)).toBe(20 * 60);
    // A stop before the start is not a session's stop.
    expect(parseSession(JSON.stringify({ ...s, stopped_at: at(-1) }))).toEqual(s);
    clearSession(key);
    expect(loadSession(key)).toBeNull();
  });
});

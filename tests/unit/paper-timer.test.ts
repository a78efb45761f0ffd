// The paper simulation's session clock (issue 22): kept per account and simulation, never more than
// the paper's time, the warning at 10 minutes and the end; a stored value that is not a session is
// ignored rather than trusted.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  PAPER_WARN_S,
  clearSession,
  loadSession,
  paperTimerKey,
  parseSession,
  phaseOf,
  secondsLeft,
  startSession,
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
});

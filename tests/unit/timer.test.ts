import { describe, expect, it } from 'vitest';
import { formatClock, isExpired, remainingSeconds, spokenClock, deadlineOf } from '../../src/offline/timer.ts';

const start = '2026-11-21T10:00:00.000Z';
const t0 = Date.parse(start);

describe('test timer', () => {
  it('is null for untimed tests', () => {
    expect(remainingSeconds({ time_limit_s: null, remaining_s: null, started_at: start }, t0 + 5000)).toBeNull();
  });

  it('counts down from the start by the clock', () => {
    const t = { time_limit_s: 600, remaining_s: 600, started_at: start };
    expect(remainingSeconds(t, t0)).toBe(600);
    expect(remainingSeconds(t, t0 + 61_500)).toBe(538);
  });

  it('never exceeds the total, even with a clock before the start or a larger stored value', () => {
    expect(remainingSeconds({ time_limit_s: 600, remaining_s: 9999, started_at: start }, t0 - 60_000)).toBe(600);
  });

  it('a resumed test keeps the lower stored remaining time', () => {
    expect(remainingSeconds({ time_limit_s: 600, remaining_s: 100, started_at: start }, t0 + 10_000)).toBe(100);
  });

  it('stops at 0 and reports expiry', () => {
    const t = { time_limit_s: 60, remaining_s: 60, started_at: start };
    expect(remainingSeconds(t, t0 + 3600_000)).toBe(0);
    expect(isExpired(t, t0 + 60_000)).toBe(true);
    expect(isExpired(t, t0 + 59_000)).toBe(false);
    expect(deadlineOf(t)).toBe('2026-11-21T10:01:00.000Z');
  });

  it('formats the clock', () => {
    expect(formatClock(75)).toBe('01:15');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('00:00');
    expect(spokenClock(125)).toBe('2 minute rămase');
    expect(spokenClock(3600)).toBe('1 oră rămase');
  });
});

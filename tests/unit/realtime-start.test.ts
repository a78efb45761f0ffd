// When the realtime client starts (src/shell/realtime-start.ts): at idle for someone signed in,
// VISITOR_REALTIME_DELAY_MS later for a visitor, at once when the visitor signs in meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../src/state/app.ts';
import { scheduleRealtime, VISITOR_REALTIME_DELAY_MS } from '../../src/shell/realtime-start.ts';
import type { User } from '../../src/shared/types.ts';

const flush = () => new Promise<void>((r) => queueMicrotask(r));
const someone = { id: 7, name: 'Ana' } as unknown as User;

describe('scheduleRealtime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // requestIdleCallback, where the DOM has it, runs on the faked timers too.
    app.user = null;
  });
  afterEach(() => {
    vi.useRealTimers();
    app.user = null;
  });

  it('starts at idle for someone signed in', () => {
    app.user = someone;
    const start = vi.fn();
    scheduleRealtime(start);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("waits VISITOR_REALTIME_DELAY_MS for a visitor, then starts once", () => {
    const start = vi.fn();
    scheduleRealtime(start);
    vi.advanceTimersByTime(VISITOR_REALTIME_DELAY_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(VISITOR_REALTIME_DELAY_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the visitor signs in before the delay, and only once', async () => {
    const start = vi.fn();
    scheduleRealtime(start);
    vi.advanceTimersByTime(1000);
    app.user = someone;
    await flush();
    vi.advanceTimersByTime(5);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(VISITOR_REALTIME_DELAY_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('cancelled (the page left) before the delay: never starts', () => {
    const start = vi.fn();
    const cancel = scheduleRealtime(start);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(VISITOR_REALTIME_DELAY_MS * 2);
    expect(start).not.toHaveBeenCalled();
  });
});

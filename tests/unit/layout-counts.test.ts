// The navbar badges' race (src/state/layout-counts.ts): a live event arriving while the counts
// request is under way is neither lost (the answer computed before it was stored) nor counted
// twice (the answer already holding it); a confirming read ends on the server's figures.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../src/state/app.ts';
import type { LayoutCounts } from '../../src/shared/types.ts';

vi.mock('../../src/api/user.ts', () => ({ fetchLayoutCounts: vi.fn() }));
const api = await import('../../src/api/user.ts');
const counts = await import('../../src/state/layout-counts.ts');
const fetchMock = vi.mocked(api.fetchLayoutCounts);

/** A counts request the test answers when it wants. */
function pending() {
  let answer!: (c: LayoutCounts) => void;
  const p = new Promise<LayoutCounts>((r) => (answer = r));
  return { p, answer };
}
const c = (notifications: number, messages = 0, friendships = 0): LayoutCounts => ({ notifications, messages, friendships });

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  counts.resetCounts();
});
afterEach(() => vi.useRealTimers());

describe('layout counts', () => {
  it('an event during the request, not in its answer, is not lost: the answer is read again', async () => {
    const first = pending();
    const second = pending();
    fetchMock.mockReturnValueOnce(first.p).mockReturnValueOnce(second.p);
    const done = counts.refreshCounts();
    counts.countLive('notifications'); // the notification is stored and published now
    expect(app.layoutCounts.notifications).toBe(1);
    first.answer(c(0)); // computed before it was stored
    await vi.advanceTimersByTimeAsync(0);
    expect(app.layoutCounts.notifications).toBe(1); // the stale answer was not applied
    second.answer(c(1));
    await done;
    expect(app.layoutCounts.notifications).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an event during the request whose answer holds it is not counted twice', async () => {
    const first = pending();
    fetchMock.mockReturnValueOnce(first.p).mockResolvedValue(c(1));
    const done = counts.refreshCounts();
    counts.countLive('notifications');
    first.answer(c(1)); // already counted by the server
    await done;
    expect(app.layoutCounts.notifications).toBe(1);
  });

  it('an event arriving after an answer that already counted it is taken back by the confirming read', async () => {
    fetchMock.mockResolvedValueOnce(c(0, 1)).mockResolvedValueOnce(c(0, 1));
    await counts.refreshCounts();
    expect(app.layoutCounts.messages).toBe(1);
    counts.countLive('messages'); // the same message, its live event later than the HTTP answer
    expect(app.layoutCounts.messages).toBe(2);
    await vi.advanceTimersByTimeAsync(counts.CONFIRM_AFTER_MS);
    expect(app.layoutCounts.messages).toBe(1);
  });

  it('a burst of events is confirmed by one request', async () => {
    fetchMock.mockResolvedValue(c(3));
    for (let i = 0; i < 3; i += 1) counts.countLive('notifications');
    expect(app.layoutCounts.notifications).toBe(3);
    await vi.advanceTimersByTimeAsync(counts.CONFIRM_AFTER_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(app.layoutCounts.notifications).toBe(3);
  });

  it('a read made here during the request is not undone by the older answer', async () => {
    fetchMock.mockResolvedValueOnce(c(2));
    await counts.refreshCounts();
    const first = pending();
    fetchMock.mockReturnValueOnce(first.p).mockResolvedValueOnce(c(1));
    const done = counts.refreshCounts();
    counts.adjustCount('notifications', -1); // read one
    first.answer(c(2)); // computed before the read
    await done;
    expect(app.layoutCounts.notifications).toBe(1);
  });

  it('a second refresh asked during one gets its own read after it', async () => {
    const first = pending();
    fetchMock.mockReturnValueOnce(first.p).mockResolvedValueOnce(c(5));
    void counts.refreshCounts();
    void counts.refreshCounts(); // e.g. the channel resubscribed: something may have been missed
    first.answer(c(4));
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(app.layoutCounts.notifications).toBe(5);
  });

  it('after a sign-out an answer for the previous account is not applied', async () => {
    const first = pending();
    fetchMock.mockReturnValueOnce(first.p).mockRejectedValueOnce(new Error('401'));
    const done = counts.refreshCounts().catch(() => undefined);
    counts.resetCounts();
    first.answer(c(7));
    await done;
    expect(app.layoutCounts).toEqual(c(0));
  });
});

// The solve screen bench's arithmetic (server/bench/inp-stats.ts): which Event Timing entries make
// one tap's latency, and the percentiles of the table. Fixed numbers, no timing.
import { describe, expect, it } from 'vitest';
import { actionLatencies, percentile, summarize, THRESHOLD_MS, type EventEntry } from '../../server/bench/inp-stats.ts';

const entry = (name: string, interactionId: number, startTime: number, duration: number): EventEntry => ({
  name,
  interactionId,
  startTime,
  duration,
  processingStart: startTime + 4,
  processingEnd: startTime + 10,
});

describe('actionLatencies', () => {
  it('takes the longest entry of the interactions after each mark, and 16 ms when none reached the threshold', () => {
    const marks = [
      { kind: 'answer', at: 100 },
      { kind: 'next', at: 500 },
      { kind: 'answer', at: 900 },
    ];
    const entries = [
      entry('pointerdown', 7, 110, 24),
      entry('click', 7, 111, 56),
      entry('mouseover', 0, 111, 80), // not an interaction
      entry('click', 8, 520, 40),
    ];
    const xs = actionLatencies(entries, marks);
    expect(xs.map((x) => [x.kind, x.duration, x.under])).toEqual([
      ['answer', 56, false],
      ['next', 40, false],
      ['answer', THRESHOLD_MS, true],
    ]);
    expect(xs[0]).toMatchObject({ inputDelay: 4, processing: 6, presentation: 46 });
  });
});

describe('percentile and summarize', () => {
  it('uses the nearest rank', () => {
    const xs = [10, 20, 30, 40];
    expect(percentile(xs, 50)).toBe(20);
    expect(percentile(xs, 75)).toBe(30);
    expect(percentile(xs, 98)).toBe(40);
    expect(percentile([5], 75)).toBe(5);
  });

  it('counts the taps under the threshold and leaves them out of the split', () => {
    const s = summarize([
      { kind: 'answer', duration: 48, under: false, inputDelay: 20, processing: 10, presentation: 18 },
      { kind: 'answer', duration: 16, under: true, inputDelay: 0, processing: 0, presentation: 0 },
    ]);
    expect(s).toMatchObject({ n: 2, under: 1, p50: 16, p75: 48, max: 48, inputDelay: 20, processing: 10, presentation: 18 });
    expect(summarize([])).toBeNull();
  });
});

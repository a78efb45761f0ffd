// The 90-day chart: one date per day shown (a single day had its date at both ends), and a count
// axis with round ticks above the highest column.
import { describe, expect, it } from 'vitest';
import { countTicks, dayLabelIndexes } from '../../src/components/practice/Charts.tsx';

describe('progress chart axes', () => {
  it('labels each day once: all of a few days, a spread of many', () => {
    expect(dayLabelIndexes(1)).toEqual([0]);
    expect(dayLabelIndexes(3)).toEqual([0, 1, 2]);
    const many = dayLabelIndexes(90);
    expect(many[0]).toBe(0);
    expect(many.at(-1)).toBe(89);
    expect(new Set(many).size).toBe(many.length);
    expect(many.length).toBeLessThanOrEqual(7);
  });

  it('counts on round ticks from 0 to at least the highest day', () => {
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(12)).toEqual([0, 5, 10, 15]);
    expect(countTicks(37)).toEqual([0, 10, 20, 30, 40]);
    for (const m of [5, 9, 48, 101, 999]) {
      const t = countTicks(m);
      expect(t.at(-1)).toBeGreaterThanOrEqual(m);
      expect(t.length).toBeLessThanOrEqual(6);
    }
  });
});

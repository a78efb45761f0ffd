// The download bench's replay of its timeline at the phone's worker speed (server/bench/parts-timeline.ts):
// part i + 1 is fetched while part i is stored. Fixed numbers, no timing.
import { describe, expect, it } from 'vitest';
import { partsTimeline } from '../../server/bench/parts-timeline.ts';

describe('partsTimeline', () => {
  it('overlaps each store with the next fetch, and adds up when one side waits for the other', () => {
    // Fetches of 10, stores of 4: the stores hide behind the next fetch; the last store comes after the last fetch.
    expect(partsTimeline([10, 10, 10], [4, 4, 4], 1)).toBe(34);
    // Stores 5× longer (40 each): the fetches hide behind the stores instead.
    expect(partsTimeline([10, 10, 10], [4, 4, 4], 10)).toBe(130);
    // One part: fetched, then stored.
    expect(partsTimeline([7], [3], 2)).toBe(13);
    expect(partsTimeline([], [], 5)).toBe(0);
  });
});

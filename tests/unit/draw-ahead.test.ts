// The offline draw made while the builder is filled in (issue 30 §2, src/offline/draw-ahead.ts):
// the tap then only stores the test, and a drawn set is never used for other filters, twice, or
// after the device's grids, answers or favourites changed under it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/offline/db.ts';
import { localGrid, testFilters } from './local-test-fixtures.ts';
import { saveAnswer } from '../../src/offline/answers.ts';
import type { TestFilters } from '../../src/offline/local-tests.ts';
import { createOfflineTest, prepareOfflineTest } from '../../src/offline/offline-draw.ts';
import { dropAhead, drawKey } from '../../src/offline/draw-ahead.ts';

const grid = (id: number) => localGrid(id, { chapter_id: 10 + (id % 3) });
const filters = (f: Partial<TestFilters> = {}) => testFilters({ count: 10, ...f });

/** Rows the next calls read from the grids' store. */
function countReads() {
  const spy = vi.spyOn(db.grids, 'bulkGet');
  return {
    rows: () => spy.mock.calls.reduce((n, [keys]) => n + keys.length, 0),
    done: () => spy.mockRestore(),
  };
}

beforeEach(async () => {
  dropAhead();
  await db.delete();
  await db.open();
  await db.manuals.put({ id: 1, slug: 'bio', title: 'Biologie', subject: 'biologie', description: '', downloaded_at: '2026-11-21T09:00:00Z', size_bytes: 1, grid_count: 60 });
  await db.grids.bulkPut(Array.from({ length: 60 }, (_, i) => grid(i + 1)));
});

describe('the offline draw made before the tap', () => {
  it('is what the tap stores: no grid row is read after the tap', async () => {
    const f = filters({ chapter_ids: [10, 11] });
    await prepareOfflineTest(f);
    const reads = countReads();
    const t = await createOfflineTest(f);
    expect(reads.rows()).toBe(0);
    reads.done();
    expect(t.grid_ids).toHaveLength(10);
    for (const id of t.grid_ids) expect([10, 11]).toContain(10 + (id % 3));
  });

  it('is used once: a second test draws again', async () => {
    const f = filters();
    await prepareOfflineTest(f);
    const first = await createOfflineTest(f);
    const reads = countReads();
    const second = await createOfflineTest(f);
    expect(reads.rows()).toBeGreaterThanOrEqual(10);
    reads.done();
    expect(second.grid_ids).toHaveLength(10);
    expect(second.id).not.toBe(first.id);
  });

  it('is not used for other filters (another count, chapter, difficulty or history filter)', async () => {
    for (const other of [{ count: 11 }, { chapter_ids: [12] }, { difficulty: 'hard' as const }, { only_unseen: true }]) {
      await prepareOfflineTest(filters());
      const reads = countReads();
      await createOfflineTest(filters(other)).catch(() => undefined);
      expect(reads.rows(), JSON.stringify(other)).toBeGreaterThan(0);
      reads.done();
    }
  });

  it('is dropped when an answer is written after it was drawn, so only-unseen never brings back a grid just answered', async () => {
    const f = filters({ count: 59, only_unseen: true });
    const seen = await createOfflineTest(filters({ count: 1 }));
    await prepareOfflineTest(f);
    // A grid answered (in another tab, or synced in) after the draw and before the tap.
    await saveAnswer(seen.id, seen.grid_ids[0]!, { marked: ['A'], flagged: false, time_ms: 1000 });
    const reads = countReads();
    const t = await createOfflineTest(f);
    expect(reads.rows()).toBeGreaterThan(0);
    reads.done();
    expect(t.grid_ids).not.toContain(seen.grid_ids[0]);
  });

  it('is kept across writes the draw does not read (a test stored, the outbox)', async () => {
    const f = filters();
    await prepareOfflineTest(f);
    await db.tests.clear();
    await db.outbox.clear();
    const reads = countReads();
    await createOfflineTest(f);
    expect(reads.rows()).toBe(0);
    reads.done();
  });

  it('names filters the same whatever the order of the chapters', () => {
    expect(drawKey(filters({ chapter_ids: [12, 10, 10] }))).toBe(drawKey(filters({ chapter_ids: [10, 12] })));
    expect(drawKey(filters({ count: 10 }))).not.toBe(drawKey(filters({ count: 20 })));
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/offline/db.ts';
import { saveAnswer } from '../../src/offline/answers.ts';
import {
  abandonLocally,
  computeLocalResult,
  finishLocally,
  localHistory,
  NotEnoughGridsError,
  storeServerTest,
} from '../../src/offline/local-tests.ts';
import { createOfflineTest, matchingGrids, pickGrids } from '../../src/offline/offline-draw.ts';
import { handedOver, releaseHandOver } from '../../src/offline/handover.ts';
import type { TestDetail } from '../../src/api/practice.ts';
import { localGrid, testFilters } from './local-test-fixtures.ts';

const grid = localGrid;
const filters = testFilters;

const none = { latest: new Map(), favorites: new Set<number>() };
let seed = 1;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

beforeEach(async () => {
  await db.delete();
  await db.open();
});

describe('local test filters', () => {
  const grids = [
    grid(1),
    grid(2, { chapter_id: 11, difficulty: 'hard' }),
    grid(3, { manual_id: 2 }),
    grid(4, { correct: null }),
    grid(5, { chapter_id: 11 }),
  ];

  it('keeps the manual and gradable grids only', () => {
    expect(matchingGrids(grids, filters(), none).map((g) => g.id)).toEqual([1, 2, 5]);
  });

  it('filters by chapters and difficulty', () => {
    expect(matchingGrids(grids, filters({ chapter_ids: [11] }), none).map((g) => g.id)).toEqual([2, 5]);
    expect(matchingGrids(grids, filters({ difficulty: 'hard' }), none).map((g) => g.id)).toEqual([2]);
  });

  it('only unseen / only wrong before / only favourites', () => {
    const h = { latest: new Map([[1, 'right' as const], [2, 'wrong' as const], [5, 'blank' as const]]), favorites: new Set([5]) };
    expect(matchingGrids(grids, filters({ only_unseen: true }), h).map((g) => g.id)).toEqual([5]);
    expect(matchingGrids(grids, filters({ only_wrong: true }), h).map((g) => g.id)).toEqual([2]);
    expect(matchingGrids(grids, filters({ only_favorites: true }), h).map((g) => g.id)).toEqual([5]);
  });

  it('too few grids is FORM_NOT_ENOUGH_GRIDS with the number available', () => {
    expect(() => pickGrids(grids, filters({ count: 4 }), none, random)).toThrow(NotEnoughGridsError);
    try {
      pickGrids(grids, filters({ count: 4 }), none, random);
    } catch (e) {
      expect((e as NotEnoughGridsError).code).toBe('FORM_NOT_ENOUGH_GRIDS');
      expect((e as NotEnoughGridsError).available).toBe(3);
    }
    const picked = pickGrids(grids, filters({ count: 3 }), none, random);
    expect(picked.map((g) => g.id).sort()).toEqual([1, 2, 5]);
  });
});

describe('offline tests on the device', () => {
  beforeEach(async () => {
    await db.manuals.put({ id: 1, slug: 'bio', title: 'Biologie', subject: 'biologie', description: '', downloaded_at: '2026-11-21T09:00:00Z', size_bytes: 1, grid_count: 3 });
    await db.grids.bulkPut([grid(1), grid(2, { type: 'CM', correct: ['A', 'B'] }), grid(3)]);
  });

  it('creates a queued offline test from downloaded grids only', async () => {
    const t = await createOfflineTest(filters({ count: 3, time_limit_min: 10 }), 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
    expect(t.source).toBe('offline');
    expect(t.synced).toBe(0);
    expect(t.time_limit_s).toBe(600);
    expect(t.grid_ids.sort()).toEqual([1, 2, 3]);
    expect(await db.outbox.count()).toBe(1);
    await db.manuals.update(1, { downloaded_at: null });
    await expect(createOfflineTest(filters({ count: 1 }))).rejects.toBeInstanceOf(NotEnoughGridsError);
  });

  it('remembers answers for only-unseen', async () => {
    const t = await createOfflineTest(filters({ count: 3 }));
    await saveAnswer(t.id, 1, { marked: ['A'], flagged: false, time_ms: 1 });
    await expect(createOfflineTest(filters({ count: 3, only_unseen: true }))).rejects.toMatchObject({ available: 2 });
  });

  it('reads only the answered grids for the history, never every grid on the device (issue 30 §2)', async () => {
    const t = await createOfflineTest(filters({ count: 3 }));
    await saveAnswer(t.id, 1, { marked: ['A'], flagged: false, time_ms: 1 });
    await saveAnswer(t.id, 2, { marked: ['A'], flagged: false, time_ms: 1 });
    const all = vi.spyOn(db.grids, 'toArray');
    const some = vi.spyOn(db.grids, 'bulkGet');
    const h = await localHistory();
    expect(all).not.toHaveBeenCalled();
    expect(some.mock.calls.map(([ids]) => [...ids].sort())).toEqual([[1, 2]]);
    expect([...h.latest.entries()].sort()).toEqual([[1, 'right'], [2, 'partial']]);
    all.mockRestore();
    some.mockRestore();
  });

  it('finishes with a local result (shared scoring) and the first finish wins', async () => {
    const t = await createOfflineTest(filters({ count: 3 }), undefined, new Date('2026-11-21T10:00:00Z'));
    await saveAnswer(t.id, 1, { marked: ['A'], flagged: false, time_ms: 1 });
    await saveAnswer(t.id, 2, { marked: ['A'], flagged: false, time_ms: 1 });
    const done = await finishLocally(t.id, new Date('2026-11-21T11:00:00Z'));
    expect(done?.status).toBe('finished');
    const stored = (await db.tests.get(t.id))!;
    expect(stored.result_source).toBe('local');
    const r = stored.result as { score: number; max_score: number; counts: Record<string, number>; profile: string };
    expect(r.profile).toBe('timisoara');
    expect(r.max_score).toBe(3);
    expect(r.score).toBeCloseTo(1.5); // CS right (1) + CM half (proportional 1/2) + blank
    expect(r.counts).toMatchObject({ right: 1, partial: 1, blank: 1 });
    expect(await computeLocalResult(t.id)).toMatchObject({ score: r.score });
    const again = await finishLocally(t.id, new Date('2026-11-21T12:00:00Z'));
    expect(again?.finished_at).toBe('2026-11-21T11:00:00.000Z');
    await abandonLocally(t.id);
    expect((await db.tests.get(t.id))!.status).toBe('finished');
  });

  it('an expired test finishes at its deadline', async () => {
    const t = await createOfflineTest(filters({ count: 1, time_limit_min: 1 }), undefined, new Date('2026-11-21T10:00:00Z'));
    await finishLocally(t.id, new Date('2026-11-21T12:00:00Z'), true);
    const s = (await db.tests.get(t.id))!;
    expect(s.finished_at).toBe('2026-11-21T10:01:00.000Z');
    expect(s.remaining_s).toBe(0);
  });

  it('stores a server test without losing the local key or newer local answers', async () => {
    const id = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    const detail: TestDetail = {
      test: {
        id, mode: 'exam', status: 'unfinished', kind: 'custom', finish_reason: null, manual_id: 1, filters: {}, grid_count: 2,
        time_limit_s: null, remaining_s: null, started_at: '2026-11-21T10:00:00.000Z', last_activity_at: '2026-11-21T10:00:00.000Z',
        finished_at: null, score: null, max_score: null, grade: null, profile: null, source: 'online', created_at: '2026-11-21T10:00:00.000Z',
      },
      grids: [
        { position: 2, id: 1, type: 'CS', statement: 's1', options: { A: 'a', B: 'b' }, difficulty: 'easy', chapter: { id: 10, title: 'c', manual_id: 1 }, correct: null, explanation: null, explanation_photo_url: null },
        { position: 1, id: 9, type: 'CS', statement: 's9', options: { A: 'a', B: 'b' }, difficulty: 'easy', chapter: { id: 10, title: 'c', manual_id: 1 }, correct: null, explanation: null, explanation_photo_url: null },
      ],
      answers: [{ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', grid_id: 9, marked: ['B'], flagged: true, time_ms: 5, answered_at: '2026-11-21T10:01:00.000Z', updated_at: '2026-11-21T10:01:00.000Z' }],
    };
    const t = await storeServerTest(detail);
    expect(t.grid_ids).toEqual([9, 1]);
    expect(t.source).toBe('online');
    expect(t.synced).toBe(1);
    expect((await db.grids.get(1))!.correct).toEqual(['A']); // the downloaded key is kept
    expect((await db.grids.get(9))!.correct).toBeNull();
    const a = await db.answers.where({ test_id: id, grid_id: 9 }).first();
    expect(a).toMatchObject({ marked: ['B'], flagged: true });
  });

  it("keeps the server's kind of test, so an offline simulation's result is titled as one", async () => {
    const id = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    const test: TestDetail['test'] = {
      id, mode: 'exam', status: 'unfinished', kind: 'simulation', finish_reason: null, manual_id: 1, filters: {}, grid_count: 0,
      time_limit_s: 10_800, remaining_s: 10_800, started_at: '2026-11-21T10:00:00.000Z', last_activity_at: '2026-11-21T10:00:00.000Z',
      finished_at: null, score: null, max_score: null, grade: null, profile: 'timisoara', source: 'online', created_at: '2026-11-21T10:00:00.000Z',
    };
    await storeServerTest({ test, grids: [], answers: [] });
    expect((await db.tests.get(id))!.kind).toBe('simulation');
  });
});

describe('drawing a test from a large downloaded manual (issue 30 §2)', () => {
  // 400 grids over 4 chapters of two manuals: every 7th not gradable on the device, every 3rd hard.
  const many = Array.from({ length: 400 }, (_, i) =>
    grid(i + 1, { manual_id: i % 5 === 4 ? 2 : 1, chapter_id: 10 + (i % 4), correct: i % 7 === 0 ? null : ['A'], difficulty: i % 3 ? 'easy' : 'hard' }),
  );
  beforeEach(async () => {
    await db.manuals.put({ id: 1, slug: 'bio', title: 'Biologie', subject: 'biologie', description: '', downloaded_at: '2026-11-21T09:00:00Z', size_bytes: 1, grid_count: 320 });
    await db.grids.bulkPut(many);
  });

  it('reads the rows it draws, not the whole manual, and draws only what the filters allow', async () => {
    const getAll = vi.spyOn(db.grids, 'toArray');
    const read = vi.spyOn(db.grids, 'bulkGet');
    const f = filters({ count: 20, chapter_ids: [11, 12], difficulty: 'hard' });
    const t = await createOfflineTest(f);
    expect(getAll).not.toHaveBeenCalled();
    const rowsRead = read.mock.calls.reduce((n, [keys]) => n + keys.length, 0);
    expect(rowsRead).toBeLessThan(200);
    const allowed = new Set(matchingGrids(many, f, none).map((g) => g.id));
    expect(new Set(t.grid_ids).size).toBe(20);
    for (const id of t.grid_ids) expect(allowed.has(id)).toBe(true);
    getAll.mockRestore();
    read.mockRestore();
  });

  it("finds the chapters' grids with one key request a chapter, never a cursor over the keys", async () => {
    // A cursor is one round trip to the browser's IndexedDB process per key: ≈ 2 s for 6,000 keys at 4× CPU.
    const onGrids = vi.fn();
    const watch = (name: 'openCursor' | 'openKeyCursor') => {
      const original = IDBIndex.prototype[name] as (this: IDBIndex, ...args: unknown[]) => IDBRequest;
      return vi.spyOn(IDBIndex.prototype, name).mockImplementation(function (this: IDBIndex, ...args: unknown[]) {
        if (this.objectStore.name === 'grids') onGrids(name);
        return original.apply(this, args);
      } as never);
    };
    const cursors = [watch('openCursor'), watch('openKeyCursor')];
    const keys = vi.spyOn(IDBIndex.prototype, 'getAllKeys');
    keys.mockClear(); // a spy on the same method is reused across tests, with its calls
    const f = filters({ count: 30, chapter_ids: [10, 11, 12, 13, 11] });
    const t = await createOfflineTest(f);
    expect(onGrids).not.toHaveBeenCalled();
    // The manual's chapters (none stored here, so not the whole manual), then one request a chapter.
    expect(keys).toHaveBeenCalledTimes(5);
    expect(new Set(t.grid_ids).size).toBe(30);
    const allowed = new Set(matchingGrids(many, f, none).map((g) => g.id));
    for (const id of t.grid_ids) expect(allowed.has(id)).toBe(true);
    for (const spy of [...cursors, keys]) spy.mockRestore();
  });

  it("every chapter of the manual ticked is read as the manual: one key request, the same grids allowed", async () => {
    await db.chapters.bulkPut([10, 11, 12, 13].map((id) => ({ id, manual_id: 1, slug: `c${id}`, title: `C${id}`, summary: '', sort: id, premium: false, blocks: null })));
    const keys = vi.spyOn(IDBIndex.prototype, 'getAllKeys');
    keys.mockClear();
    const f = filters({ count: 40, chapter_ids: [13, 12, 11, 10] });
    const t = await createOfflineTest(f);
    // The chapters' keys of the manual, then the manual's grids: two requests, not four.
    expect(keys).toHaveBeenCalledTimes(2);
    const allowed = new Set(matchingGrids(many, f, none).map((g) => g.id));
    for (const id of t.grid_ids) expect(allowed.has(id)).toBe(true);
    // A part of the manual's chapters still reads only those.
    keys.mockClear();
    const some = await createOfflineTest(filters({ count: 20, chapter_ids: [11, 12] }));
    expect(keys).toHaveBeenCalledTimes(3);
    for (const g of await db.grids.bulkGet(some.grid_ids)) expect([11, 12]).toContain(g!.chapter_id);
    keys.mockRestore();
  });

  it("reads the device's answers only for a filter that needs them", async () => {
    const answers = vi.spyOn(db.answers, 'toArray');
    await createOfflineTest(filters({ count: 10, chapter_ids: [10] }));
    expect(answers).not.toHaveBeenCalled();
    await createOfflineTest(filters({ count: 10, chapter_ids: [10], only_unseen: true }));
    expect(answers).toHaveBeenCalledTimes(1);
    answers.mockRestore();
  });

  it('hands the stored test and its grids, in its order, to the solve screen that opens it', async () => {
    const t = await createOfflineTest(filters({ count: 12, chapter_ids: [10, 12] }));
    const given = handedOver(t.id)!;
    expect(given.test).toEqual(await db.tests.get(t.id));
    expect(given.grids).toEqual(await db.grids.bulkGet(t.grid_ids));
    expect(handedOver('another-test')).toBeNull();
    releaseHandOver(t.id);
    expect(handedOver(t.id)).toBeNull();
  });

  it('says exactly how many are available when the filters allow fewer than asked', async () => {
    const f = filters({ count: 500, difficulty: 'hard', chapter_ids: [10] });
    await expect(createOfflineTest(f)).rejects.toMatchObject({ available: matchingGrids(many, f, none).length });
  });

  it('every allowed grid can be drawn (the draw is over all of them, not a prefix)', async () => {
    const f = filters({ count: 5, chapter_ids: [13] });
    const allowed = matchingGrids(many, f, none).map((g) => g.id);
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) for (const id of (await createOfflineTest(f, undefined, new Date(), random)).grid_ids) seen.add(id);
    expect([...seen].sort((a, b) => a - b)).toEqual(allowed.sort((a, b) => a - b));
  });
});

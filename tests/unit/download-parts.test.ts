// Downloads in parts (issue 30 §2), on fake-indexeddb: a dropped connection resumes at the first
// missing part and nothing half-written counts as downloaded; a sync applies only the changes
// (edits, removals, a deleted chapter with its grids); a refused write leaves no partial copy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/offline/db.ts';
import { downloadParts, downloadState, syncManual } from '../../src/offline/download-parts.ts';
import { isDownloaded } from '../../src/offline/download.ts';
import { StorageFullError } from '../../src/offline/errors.ts';
import type { DownloadPayload } from '../../src/api/courses.ts';
import { stubFetch } from './shell-helpers.ts';
import { partRoutes } from './download-fake.ts';

function payload(chapters = 3, per = 2): DownloadPayload {
  const cs = Array.from({ length: chapters }, (_, i) => ({
    id: 10 + i, manual_id: 1, slug: `cap-${i + 1}`, title: `Capitolul ${i + 1}`, summary: 'Rezumat', sort: i + 1,
    premium: false, grid_count: per, updated_at: '2026-11-01T00:00:00.000Z', locked: false,
    blocks: [{ type: 'p' as const, text: `Text ${i + 1}` }],
  }));
  let id = 100;
  const grids = cs.flatMap((c) =>
    Array.from({ length: per }, () => ({
      id: id++, chapter_id: c.id, manual_id: 1, type: 'CS' as const, statement: `Enunț ${id}`, options: { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' },
      correct: ['A'], explanation: 'Pentru că A.', explanation_photo_url: null, difficulty: 'easy' as const,
      source: '', premium: false, published: true, mine: false, locked: false, updated_at: '2026-11-01T00:00:00.000Z',
    })),
  );
  return {
    manual: { id: 1, slug: 'bio', title: 'Biologie', subject: 'biologie', description: '', sort: 1, updated_at: '2026-11-01T00:00:00.000Z' },
    chapters: cs, grids, premium: false, generated_at: '2026-11-21T10:00:00.000Z', bytes: 0,
  };
}

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const partCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.includes('/download/parts/')).map((c) => c.path.split('/').pop());

describe('downloadParts', () => {
  it('resumes at the first missing part after a dropped connection, and only then counts as downloaded', async () => {
    const p = payload();
    let offline = true;
    stubFetch(partRoutes(p, { failPart: (id) => offline && id === 11 }));
    const seen: number[] = [];
    await expect(downloadParts('bio', (x) => seen.push(x.bytes))).rejects.toMatchObject({ code: 'FORM_REQUEST_FAILED' });
    // The first part is stored and recorded; the manual is not downloaded.
    expect(await isDownloaded(1)).toBe(false);
    expect(await db.manuals.get(1)).toBeUndefined();
    expect((await downloadState(1))?.done).toEqual(['10:0']);
    expect(await db.grids.where('chapter_id').equals(10).count()).toBe(2);

    offline = false;
    const { calls } = stubFetch(partRoutes(p));
    const progress: { bytes: number; total: number }[] = [];
    const { manual } = await downloadParts('bio', (x) => progress.push({ bytes: x.bytes, total: x.total }));
    expect(partCalls(calls)).toEqual(['11', '12']); // not the part already stored
    expect(manual.downloaded_at).toBeTruthy();
    expect(await isDownloaded(1)).toBe(true);
    expect(manual.grid_count).toBe(6);
    // Progress in bytes: starts at what was stored, never goes back, ends at the total.
    expect(progress[0].bytes).toBeGreaterThan(0);
    for (let i = 1; i < progress.length; i++) expect(progress[i].bytes).toBeGreaterThanOrEqual(progress[i - 1].bytes);
    expect(progress.at(-1)!.bytes).toBe(progress.at(-1)!.total);
    expect(manual.size_bytes).toBe(progress.at(-1)!.total);
    const state = await downloadState(1);
    expect(state).toMatchObject({ cursor: '1764000000000', premium: false });
    expect(state?.parts).toBeUndefined();
  });

  it('fetches the next part while it stores one', async () => {
    const { calls } = stubFetch(partRoutes(payload()));
    // How many parts had been asked for when each part's record of done parts was written.
    const askedWhenStored: number[] = [];
    // (Dexie's updating hook gets the changed key paths: 'value.done' when a part is recorded.)
    const hook = (mods: object) => {
      const done = (mods as Record<string, unknown>)['value.done'];
      if (Array.isArray(done) && done.length) askedWhenStored.push(partCalls(calls).length);
    };
    db.meta.hook('updating', hook);
    try {
      await downloadParts('bio', () => undefined);
    } finally {
      db.meta.hook('updating').unsubscribe(hook);
    }
    expect(partCalls(calls)).toEqual(['10', '11', '12']);
    // Part 10 was stored once part 11 was on its way, 11 once 12 was; 12 had no next.
    expect(askedWhenStored).toEqual([2, 3, 3]);
  });

  it('a refused write (quota) leaves nothing half-written', async () => {
    stubFetch(partRoutes(payload()));
    const real = db.transaction.bind(db);
    let n = 0;
    vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof db.transaction>) => {
      n += 1;
      // The clear and the first part pass; the second part is refused.
      if (n === 3) return Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));
      return (real as (...a: unknown[]) => unknown)(...args);
    }) as never);
    await expect(downloadParts('bio', () => undefined)).rejects.toBeInstanceOf(StorageFullError);
    vi.restoreAllMocks();
    expect(await db.manuals.count()).toBe(0);
    expect(await db.grids.count()).toBe(0);
    expect(await db.chapters.count()).toBe(0);
    expect(await downloadState(1)).toBeUndefined();
  });
});

describe('syncManual', () => {
  it('applies only the changes: an edit, a removed grid, a deleted chapter with its grids, and moves the cursor', async () => {
    const p = payload();
    stubFetch(partRoutes(p));
    const { manual } = await downloadParts('bio', () => undefined);
    expect(await db.grids.count()).toBe(6);
    const edited = { ...p.grids[0], statement: 'Enunț modificat' };
    const added = { ...p.grids[1], id: 200, statement: 'Grilă nouă' };
    const { calls } = stubFetch(
      partRoutes(p, {
        changes: { cursor: '1764000009000', chapters: [], grids: [edited, added], removed: { chapters: [12], grids: [101] } },
      }),
    );
    const res = await syncManual(manual);
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/courses/bio/download/changes']);
    expect(res).toMatchObject({ changed: 2, removed: 2 });
    expect(res!.bytes).toBeLessThan(50 * 1024);
    expect((await db.grids.get(100))?.statement).toBe('Enunț modificat');
    expect((await db.grids.get(200))?.statement).toBe('Grilă nouă');
    expect(await db.grids.get(101)).toBeUndefined();
    expect(await db.chapters.get(12)).toBeUndefined();
    expect(await db.grids.where('chapter_id').equals(12).count()).toBe(0);
    expect(await db.grids.count()).toBe(4); // 6 + 1 new − 1 removed − 2 of the deleted chapter
    expect((await db.manuals.get(1))?.grid_count).toBe(4);
    expect((await downloadState(1))?.cursor).toBe('1764000009000');
  });

  it('gives up (null) when the account changed kind or the copy has no cursor: the caller downloads again', async () => {
    const p = payload();
    stubFetch(partRoutes(p));
    const { manual } = await downloadParts('bio', () => undefined);
    stubFetch(partRoutes({ ...p, premium: true }, { changes: { cursor: '1764000009000', chapters: [], grids: [], removed: { chapters: [], grids: [] } } }));
    expect(await syncManual(manual)).toBeNull();
    await db.meta.delete('download:1');
    expect(await syncManual(manual)).toBeNull();
  });
});

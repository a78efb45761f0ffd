import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/offline/db.ts';
import { downloadManual, formatSize, removeManual, saveManual, type DownloadProgress } from '../../src/offline/download.ts';
import { StorageFullError } from '../../src/offline/errors.ts';
import type { DownloadPayload } from '../../src/api/courses.ts';
import { COURSE_IMAGES_CACHE } from '../../src/shared/pwa.ts';
import { stubFetch } from './shell-helpers.ts';
import { partRoutes } from './download-fake.ts';

function payload(over: { chapters?: number; gridsPerChapter?: number; lockedSecond?: boolean } = {}): DownloadPayload {
  const nChapters = over.chapters ?? 2;
  const per = over.gridsPerChapter ?? 2;
  const chapters = Array.from({ length: nChapters }, (_, i) => ({
    id: 10 + i, manual_id: 1, slug: `cap-${i + 1}`, title: `Capitolul ${i + 1}`, summary: 'Rezumat', sort: i + 1,
    premium: over.lockedSecond === true && i === 1, grid_count: per, updated_at: '2026-11-01T00:00:00.000Z',
    locked: over.lockedSecond === true && i === 1,
    blocks: over.lockedSecond === true && i === 1 ? [] : [
      { type: 'h2' as const, text: `Titlu ${i + 1}` },
      { type: 'img' as const, src: `/media/content/fig-${i + 1}.svg`, alt: `Figura ${i + 1}` },
    ],
  }));
  let id = 100;
  const grids = chapters.flatMap((c) =>
    Array.from({ length: per }, () => ({
      id: id++, chapter_id: c.id, manual_id: 1, type: 'CS' as const, statement: 'Enunț de test pentru grilă', options: { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' },
      correct: ['A'], explanation: 'Pentru că A.', explanation_photo_url: id === 101 ? '/media/grids/p1.jpg' : null, difficulty: 'easy' as const,
      source: '', premium: false, published: true, mine: false, locked: false, updated_at: '2026-11-01T00:00:00.000Z',
    })),
  );
  return {
    manual: { id: 1, slug: 'biologie-xi', title: 'Biologie clasa a XI-a', subject: 'biologie', description: 'Descriere', sort: 1, updated_at: '2026-11-01T00:00:00.000Z' },
    chapters, grids, premium: false, generated_at: '2026-11-21T10:00:00.000Z', bytes: 5000,
  };
}

class FakeCache {
  store = new Map<string, Response>();
  async put(url: string, res: Response) {
    this.store.set(url, res);
  }
  async delete(url: string) {
    return this.store.delete(url);
  }
}

let cache: FakeCache;
let persist: ReturnType<typeof vi.fn>;

function serve(p: DownloadPayload, opts: { imageStatus?: number } = {}) {
  const img = () => ({ status: opts.imageStatus ?? 200, text: '<svg/>' });
  return stubFetch({
    ...partRoutes(p, { changes: { cursor: '1764000001000', chapters: [], grids: [], removed: { chapters: [], grids: [] } } }),
    '/media/content/fig-1.svg.webp': img,
    '/media/content/fig-2.svg.webp': img,
    '/media/content/fig-3.svg.webp': img,
    '/media/grids/p1.jpg': img,
  });
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  cache = new FakeCache();
  vi.stubGlobal('caches', { open: vi.fn(async (name: string) => (name === COURSE_IMAGES_CACHE ? cache : new FakeCache())) });
  persist = vi.fn(async () => true);
  Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadManual', () => {
  it('writes manual, chapters and grids (with answers) and caches every image', async () => {
    serve(payload());
    const res = await downloadManual('biologie-xi');
    const manual = await db.manuals.get(1);
    expect(manual?.slug).toBe('biologie-xi');
    expect(manual?.downloaded_at).toBeTruthy();
    expect(manual?.grid_count).toBe(4);
    expect(manual!.size_bytes).toBeGreaterThan(1000); // the parts' JSON and the images
    expect(await db.chapters.where('manual_id').equals(1).count()).toBe(2);
    const grids = await db.grids.where('manual_id').equals(1).toArray();
    expect(grids).toHaveLength(4);
    expect(grids[0].correct).toEqual(['A']);
    expect(grids[0].explanation).toBe('Pentru că A.');
    expect(grids[0].explanation_photo).toBe('/media/grids/p1.jpg');
    // The figures as a chapter shows them: an SVG's raster rendition (content-figure.ts).
    expect([...cache.store.keys()].sort()).toEqual(['/media/content/fig-1.svg.webp', '/media/content/fig-2.svg.webp', '/media/grids/p1.jpg']);
    expect(res.images).toBe(3);
    expect(res.failedImages).toBe(0);
  });

  it('a copy without a cursor (downloaded whole, before parts) is downloaded again, replacing it', async () => {
    serve(payload({ chapters: 3, gridsPerChapter: 2 }));
    await downloadManual('biologie-xi');
    expect(await db.grids.count()).toBe(6);
    await db.meta.delete('download:1');
    serve(payload({ chapters: 2, gridsPerChapter: 1 }));
    await downloadManual('biologie-xi');
    expect(await db.manuals.count()).toBe(1);
    expect(await db.chapters.count()).toBe(2);
    expect(await db.grids.count()).toBe(2);
    expect((await db.chapters.get(12))).toBeUndefined();
  });

  it('stores locked premium chapters without blocks', async () => {
    serve(payload({ lockedSecond: true }));
    await downloadManual('biologie-xi');
    expect((await db.chapters.get(11))?.blocks).toBeNull();
    expect((await db.chapters.get(10))?.blocks).toHaveLength(2);
  });

  it('reports progress by phase with percentages, ending at done', async () => {
    serve(payload());
    const seen: DownloadProgress[] = [];
    await downloadManual('biologie-xi', (p) => seen.push({ ...p }));
    const phases = seen.map((p) => p.phase);
    expect(phases[0]).toBe('data');
    expect(phases).toContain('images');
    expect(phases.at(-1)).toBe('done');
    expect(phases.indexOf('images')).toBeGreaterThan(phases.lastIndexOf('data'));
    const images = seen.filter((p) => p.phase === 'images');
    expect(images.at(-1)).toMatchObject({ percent: 100, done: 3, total: 3 });
    for (const p of seen) expect(p.percent).toBeGreaterThanOrEqual(0);
    for (const p of seen) expect(p.percent).toBeLessThanOrEqual(100);
  });

  it('asks for persistent storage on the first download only', async () => {
    serve(payload());
    await downloadManual('biologie-xi');
    await downloadManual('biologie-xi');
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('maps a full quota to StorageFullError (FORM_STORAGE_FULL)', async () => {
    serve(payload());
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    vi.spyOn(db, 'transaction').mockRejectedValueOnce(quota as never);
    const err = await downloadManual('biologie-xi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageFullError);
    expect((err as StorageFullError).code).toBe('FORM_STORAGE_FULL');
  });

  it('counts failed images without failing the download', async () => {
    serve(payload(), { imageStatus: 500 });
    const res = await downloadManual('biologie-xi');
    expect(res.failedImages).toBe(3);
    expect(await db.grids.count()).toBe(4);
  });

  it('passes network failures on as ApiError FORM_REQUEST_FAILED', async () => {
    stubFetch({ 'GET /api/v1/courses/biologie-xi/download/manifest': { throws: true } });
    await expect(downloadManual('biologie-xi')).rejects.toMatchObject({ code: 'FORM_REQUEST_FAILED' });
    expect(await db.manuals.count()).toBe(0);
  });
});

describe('removeManual and helpers', () => {
  it('removes the manual, its rows and its cached images', async () => {
    serve(payload());
    await downloadManual('biologie-xi');
    await removeManual(1);
    expect(await db.manuals.count()).toBe(0);
    expect(await db.chapters.count()).toBe(0);
    expect(await db.grids.count()).toBe(0);
    expect(cache.store.size).toBe(0);
  });

  it('saveManual writes in one go', async () => {
    await saveManual(payload());
    expect(await db.chapters.count()).toBe(2);
  });

  it('formats sizes the Romanian way', () => {
    expect(formatSize(1536)).toBe('1,5 KB');
    expect(formatSize(3.5 * 1024 * 1024)).toBe('3,5 MB');
    expect(formatSize(500 * 1024)).toBe('500 KB');
  });
});

describe('autoDownloadProfileManual', () => {
  it('downloads the profile manual once per user, after the user is known', async () => {
    const { app } = await import('../../src/state/app.ts');
    const { autoDownloadProfileManual } = await import('../../src/offline/download.ts');
    const { makeUser } = await import('./shell-helpers.ts');
    app.user = null;
    const { calls } = stubFetch({
      'GET /api/v1/courses': { json: { manuals: [{ id: 1, slug: 'biologie-xi', title: 'Bio', subject: 'biologie', description: '', sort: 1, updated_at: '', chapter_count: 2, grid_count: 4 }] } },
      ...partRoutes(payload()),
      '/media/content/fig-1.svg.webp': { text: '<svg/>' },
      '/media/content/fig-2.svg.webp': { text: '<svg/>' },
      '/media/grids/p1.jpg': { text: 'x' },
    });
    const first = autoDownloadProfileManual();
    app.user = makeUser({ id: 7, manual_id: 1 });
    await first;
    expect((await db.manuals.get(1))?.downloaded_at).toBeTruthy();
    const downloads = () => calls.filter((c) => c.path.endsWith('/download/manifest')).length;
    expect(downloads()).toBe(1);
    await autoDownloadProfileManual();
    expect(downloads()).toBe(1);
    app.user = null;
  });
});

// The part-store worker's body and its client (issue 30 §2), on fake-indexeddb: a part's rows and
// the record of parts done are written together; a part stored twice is counted once; a download
// no longer under way stores nothing; and the client speaks to a worker when there is one (a full
// quota comes back as StorageFullError, a worker that cannot start leaves the part to the main thread).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/offline/db.ts';
import { downloadKey, type DownloadState } from '../../src/offline/download-state.ts';
import { NO_DOWNLOAD, storePart } from '../../src/offline/part-store.ts';
import { StorageFullError } from '../../src/offline/errors.ts';
import type { DownloadPartPayload } from '../../src/shared/download-payloads.ts';
import type { PartStoreReply, PartStoreRequest } from '../../src/offline/part-store-protocol.ts';

const part = { key: '10:0', bytes: 500 };
const body: DownloadPartPayload = {
  chapter: {
    id: 10, manual_id: 1, slug: 'cap-1', title: 'Capitolul 1', summary: '', sort: 1, premium: false, grid_count: 2,
    updated_at: '2026-11-01T00:00:00.000Z', locked: false, blocks: [{ type: 'img', src: 'fig.png', alt: 'Figura' }],
  },
  grids: [100, 101].map((id) => ({
    id, chapter_id: 10, manual_id: 1, type: 'CS', statement: `Enunț ${id}`, options: { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' },
    correct: ['A'], explanation: null, explanation_photo_url: id === 101 ? '/media/foto.jpg' : null, difficulty: 'easy',
    source: '', premium: false, published: true, mine: false, locked: false, updated_at: '2026-11-01T00:00:00.000Z',
  })),
};
const started: DownloadState = { slug: 'bio', premium: false, cursor: '1764000000000', parts: [{ ...part, chapter_id: 10, from: 0, to: 9, grids: 2 }], done: [], bytes: 0 };
const state = async () => (await db.meta.get(downloadKey(1)))?.value as DownloadState | undefined;

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('storePart (the worker body)', () => {
  it('writes the rows and records the part done with its bytes and images; a second store counts once', async () => {
    await db.meta.put({ key: downloadKey(1), value: started });
    const next = await storePart(db, 1, JSON.stringify(body), part);
    expect(next).toMatchObject({ done: ['10:0'], bytes: 500 });
    expect(next.images).toEqual(['/media/fig.png', '/media/foto.jpg'].map((u) => expect.stringContaining(u.split('/').pop()!)));
    expect(await state()).toEqual(next);
    expect(await db.grids.where('manual_id').equals(1).count()).toBe(2);
    expect((await db.chapters.get(10))?.blocks).toHaveLength(1);
    expect((await storePart(db, 1, JSON.stringify(body), part)).bytes).toBe(500);
  });

  it('stores nothing when no download of the manual is under way (removed meanwhile)', async () => {
    await expect(storePart(db, 1, JSON.stringify(body), part)).rejects.toThrow(NO_DOWNLOAD);
    expect(await db.grids.count()).toBe(0);
    expect(await db.chapters.count()).toBe(0);
  });
});

/** A Worker that runs the worker's message handler in this thread (how the real one answers, without a thread). */
function fakeWorker(answer: (req: PartStoreRequest) => Promise<PartStoreReply> | 'fail') {
  const made: string[] = [];
  class FakeWorker {
    onmessage: ((e: { data: PartStoreReply }) => void) | null = null;
    onerror: ((e: { preventDefault(): void }) => void) | null = null;
    constructor(url: URL) {
      made.push(url.pathname.split('/').pop()!);
    }
    postMessage(req: PartStoreRequest) {
      const r = answer(req);
      if (r === 'fail') queueMicrotask(() => this.onerror?.({ preventDefault: () => undefined }));
      else void r.then((data) => this.onmessage?.({ data }));
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return made;
}

const bytes = () => new TextEncoder().encode(JSON.stringify(body)).buffer;

describe('storePartOffThread (the client)', () => {
  it('sends the part to the worker and returns its state; a full quota there is StorageFullError', async () => {
    const made = fakeWorker(async (req) =>
      req.part.key === 'full'
        ? { id: req.id, ok: false, quota: true, error: 'QuotaExceededError' }
        : { id: req.id, ok: true, state: await storePart(db, req.manualId, new TextDecoder().decode(req.body), req.part), workMs: 3 },
    );
    const { storePartOffThread } = await import('../../src/offline/part-store-client.ts');
    await db.meta.put({ key: downloadKey(1), value: started });
    expect(await storePartOffThread(1, bytes(), part)).toMatchObject({ done: ['10:0'], bytes: 500 });
    // The worker's own time is kept for the phone bench.
    expect(performance.getEntriesByName('grilio:part-store-work').map((e) => e.duration)).toEqual([3]);
    // (the module was loaded afresh, so its StorageFullError is matched by code)
    await expect(storePartOffThread(1, bytes(), { key: 'full', bytes: 1 })).rejects.toMatchObject({ code: new StorageFullError().code });
    expect(made).toEqual(['part-store.worker.ts']);
  });

  it('a worker that cannot start leaves the part, and the next ones, to the main thread', async () => {
    const made = fakeWorker(() => 'fail');
    const { storePartOffThread } = await import('../../src/offline/part-store-client.ts');
    await db.meta.put({ key: downloadKey(1), value: started });
    expect(await storePartOffThread(1, bytes(), part)).toMatchObject({ done: ['10:0'] });
    expect(await storePartOffThread(1, bytes(), part)).toMatchObject({ done: ['10:0'], bytes: 500 });
    // The worker's own time is kept for the phone bench.
    expect(performance.getEntriesByName('grilio:part-store-work').map((e) => e.duration)).toEqual([3]);
    expect(made).toHaveLength(1);
    expect(await db.grids.count()).toBe(2);
  });
});

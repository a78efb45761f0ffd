// Storing one downloaded part of a manual (issue 30 §2): parse its JSON, turn it into mirror rows
// and write them with the download's record in one Dexie transaction. This is the body of the
// part-store worker (part-store.worker.ts), kept free of the DOM and the API client so the worker
// stays small and unit tests run it in-thread on fake-indexeddb. On a phone the parse and the
// structured clone of 250 grids into IndexedDB were the main thread's longest tasks.
import type { Block, GrilioDb, LocalChapter, LocalGrid } from './db.ts';
import { downloadKey, type DownloadState } from './download-state.ts';
import type { DownloadChapter, DownloadGrid, DownloadPart, DownloadPartPayload } from '../shared/download-payloads.ts';
import type { Difficulty, GridType, OptionLetter } from '../shared/constants.ts';
import { figureSrc } from '../shared/content-figure.ts';

/** Image URLs of blocks (as a chapter shows them) and grid explanation photos. */
export function imageUrls(blocksList: (Block[] | null)[], photos: (string | null)[]): string[] {
  const urls = new Set<string>();
  for (const blocks of blocksList) for (const b of blocks ?? []) if (b.type === 'img' && b.src) urls.add(figureSrc(b.src));
  for (const p of photos) if (p) urls.add(p);
  return [...urls];
}

export function toLocalChapter(c: DownloadChapter, manualId: number): LocalChapter {
  return {
    id: c.id,
    manual_id: manualId,
    slug: c.slug,
    title: c.title,
    summary: c.summary,
    sort: c.sort,
    premium: c.premium,
    blocks: c.locked ? null : c.blocks,
  };
}

export function toLocalGrid(g: DownloadGrid, manualId: number): LocalGrid {
  return {
    id: g.id,
    chapter_id: g.chapter_id,
    manual_id: manualId,
    type: g.type as GridType,
    statement: g.statement,
    options: g.options as Record<OptionLetter, string>,
    correct: (g.correct as OptionLetter[] | null) ?? null,
    explanation: g.explanation,
    explanation_photo: g.explanation_photo_url,
    difficulty: g.difficulty as Difficulty,
    premium: g.premium,
  };
}

/** The download under way is gone (removed or restarted meanwhile): the part is not stored. */
export const NO_DOWNLOAD = 'DOWNLOAD_NOT_UNDER_WAY';

/**
 * Stores one part (its response body as received) and records it done in the download's state,
 * read and written inside the same transaction, so the record and the rows cannot disagree.
 * Returns the new state. Throws Dexie's errors as they are (a full quota included).
 */
export async function storePart(db: GrilioDb, manualId: number, body: string, part: Pick<DownloadPart, 'key' | 'bytes'>): Promise<DownloadState> {
  const payload = JSON.parse(body) as DownloadPartPayload;
  const chapter = payload.chapter ? toLocalChapter(payload.chapter, manualId) : null;
  const grids = payload.grids.map((g) => toLocalGrid(g, manualId));
  const found = imageUrls([chapter?.blocks ?? null], grids.map((g) => g.explanation_photo));
  return db.transaction('rw', db.chapters, db.grids, db.meta, async () => {
    const state = (await db.meta.get(downloadKey(manualId)))?.value as DownloadState | undefined;
    if (!state?.parts) throw new Error(NO_DOWNLOAD);
    const done = new Set(state.done);
    const bytes = done.has(part.key) ? state.bytes : state.bytes + part.bytes;
    done.add(part.key);
    const next: DownloadState = { ...state, done: [...done], bytes, images: [...new Set([...(state.images ?? []), ...found])] };
    if (chapter) await db.chapters.put(chapter);
    await db.grids.bulkPut(grids);
    await db.meta.put({ key: downloadKey(manualId), value: next });
    return next;
  });
}

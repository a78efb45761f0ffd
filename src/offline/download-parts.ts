// Downloads in parts and delta sync of one manual (issue 30 §2). The manifest lists parts (a
// chapter's grids in slices of ≤ 250) with their sizes; each part is stored in its own Dexie
// transaction together with the record of which parts are done, so a dropped connection resumes
// at the first missing part. The manual row (downloaded_at) is written only when every part is
// stored: until then nothing counts as downloaded. Later, /changes?since=<cursor> brings only
// what changed (edits, additions, and the ids that left the manual), applied in one transaction.
import { db, type LocalManual } from './db.ts';
import { downloadKey, type DownloadState } from './download-state.ts';
import { localWrite, StorageFullError } from './errors.ts';
import { ApiError } from '../api/errors.ts';
import {
  downloadChanges,
  downloadManifest,
  downloadPart,
  type DownloadChanges,
  type DownloadManifest,
} from '../api/courses.ts';
import { toLocalChapter, toLocalGrid } from './part-store.ts';
import { storePartOffThread } from './part-store-client.ts';

export { imageUrls, toLocalChapter, toLocalGrid } from './part-store.ts';
export { downloadKey, type DownloadState } from './download-state.ts';

export const PART_FETCH_MEASURE = 'grilio:part-fetch';

export async function downloadState(manualId: number): Promise<DownloadState | undefined> {
  return (await db.meta.get(downloadKey(manualId)))?.value as DownloadState | undefined;
}

const encoder = new TextEncoder();
const jsonBytes = (v: unknown) => encoder.encode(JSON.stringify(v)).length;

/** Drops a manual's rows and its download record (a fresh start, or a copy the quota refused). */
export async function clearManualRows(manualId: number): Promise<void> {
  await db.transaction('rw', db.manuals, db.chapters, db.grids, db.meta, async () => {
    await db.chapters.where('manual_id').equals(manualId).delete();
    await db.grids.where('manual_id').equals(manualId).delete();
    await db.manuals.delete(manualId);
    await db.meta.delete(downloadKey(manualId));
  });
}

export type PartsProgress = { bytes: number; total: number; partsDone: number; parts: number };

/**
 * Stores every part of the manual not yet on the device, then marks it downloaded. A download
 * interrupted earlier (same account kind: premium or not) goes on at its first missing part.
 * A refused write (quota) removes the partial copy and throws StorageFullError.
 */
export async function downloadParts(
  slug: string,
  onProgress: (p: PartsProgress) => void,
  retried = false,
): Promise<{ manual: LocalManual; images: string[] }> {
  const manifest = await downloadManifest(slug);
  const id = manifest.manual.id;
  let state = await downloadState(id);
  if (!state?.parts || state.premium !== manifest.premium) {
    // No download under way (or one for another kind of account): start from nothing.
    await localWrite(() => clearManualRows(id));
    state = { slug, premium: manifest.premium, cursor: manifest.cursor, parts: manifest.parts, done: [], bytes: 0 };
    const first = state;
    await localWrite(() => db.meta.put({ key: downloadKey(id), value: first }));
  }
  const parts = state.parts!;
  const done = new Set(state.done);
  const total = parts.reduce((s, p) => s + p.bytes, 0);
  let stored = parts.filter((p) => done.has(p.key)).reduce((s, p) => s + p.bytes, 0);
  // The progress bar counts bytes received: the parts on the device or received whole, plus what
  // has arrived of the part being fetched. It never goes back.
  let received = stored;
  let arriving = 0;
  const report = () => onProgress({ bytes: received + arriving, total, partsDone: done.size, parts: parts.length });
  report();
  const todo = parts.filter((p) => !done.has(p.key));
  const abort = new AbortController();
  const fetchPart = (part: (typeof parts)[number]) => {
    const onBytes = (b: number) => {
      arriving = Math.min(b, part.bytes);
      report();
    };
    const t0 = performance.now();
    const body = downloadPart(slug, part, onBytes, abort.signal).then((b) => {
      received += part.bytes;
      arriving = 0;
      // Each part's fetch, for the phone bench's timeline (server/bench/download-phone.ts).
      performance.measure(PART_FETCH_MEASURE, { start: t0 });
      return b;
    });
    // Awaited in turn below; until then a failure must not count as unhandled.
    body.catch(() => undefined);
    return body;
  };
  let next = todo.length ? fetchPart(todo[0]!) : null;
  try {
    for (const [i, part] of todo.entries()) {
      const body = await next!;
      // The next part is fetched while this one is stored: the network and the worker side by
      // side (on a phone the worker's parse and writes were most of the download, issue 30 §2).
      // A failure of that fetch surfaces once this part is stored and recorded, so a resume starts after it.
      next = i + 1 < todo.length ? fetchPart(todo[i + 1]!) : null;
      // Parsed and written (rows and the record of parts done, one transaction) in a worker: on a
      // phone that was the main thread's longest work of each part.
      state = await storePartOffThread(id, body, part);
      done.add(part.key);
      stored = state.bytes;
      report();
    }
    // Every part is stored: now, and only now, the manual counts as downloaded.
    const complete: DownloadState = { slug, premium: state.premium, cursor: state.cursor, bytes: stored };
    const images = state.images ?? [];
    const manual = await localWrite(() =>
      db.transaction('rw', db.manuals, db.grids, db.meta, async () => {
        const manual: LocalManual = {
          id,
          slug: manifest.manual.slug,
          title: manifest.manual.title,
          subject: manifest.manual.subject,
          description: manifest.manual.description,
          downloaded_at: new Date().toISOString(),
          size_bytes: stored,
          grid_count: await db.grids.where('manual_id').equals(id).count(),
        };
        await db.manuals.put(manual);
        await db.meta.put({ key: downloadKey(id), value: complete });
        return manual;
      }),
    );
    return { manual, images };
  } catch (err) {
    // A part still being fetched is not wanted any more.
    abort.abort();
    if (err instanceof StorageFullError) await clearManualRows(id).catch(() => undefined);
    // A part of an old manifest that is gone (its chapter deleted meanwhile): start again, once.
    if (err instanceof ApiError && err.status === 404 && !retried) {
      await db.meta.delete(downloadKey(id));
      return downloadParts(slug, onProgress, true);
    }
    throw err;
  }
}

export type SyncResult = { manual: LocalManual; changed: number; removed: number; bytes: number };

/** Applies one /changes answer: removals first (a row moved away and back is stored again), then puts. */
export async function applyChanges(manual: LocalManual, state: DownloadState, ch: DownloadChanges): Promise<SyncResult> {
  const id = manual.id;
  const received = jsonBytes(ch.chapters) + jsonBytes(ch.grids);
  return localWrite(() =>
    db.transaction('rw', db.manuals, db.chapters, db.grids, db.meta, async () => {
      const goneChapters = await db.chapters.bulkGet(ch.removed.chapters);
      const goneGrids = [
        ...(await db.grids.bulkGet(ch.removed.grids)),
        ...(await db.grids.where('chapter_id').anyOf(ch.removed.chapters).toArray()),
      ];
      const replaced = [
        ...(await db.chapters.bulkGet(ch.chapters.map((c) => c.id))),
        ...(await db.grids.bulkGet(ch.grids.map((g) => g.id))),
      ];
      const freed = [...goneChapters, ...goneGrids, ...replaced].reduce((s, r) => s + (r ? jsonBytes(r) : 0), 0);
      await db.grids.where('chapter_id').anyOf(ch.removed.chapters).delete();
      await db.chapters.bulkDelete(ch.removed.chapters);
      await db.grids.bulkDelete(ch.removed.grids);
      await db.chapters.bulkPut(ch.chapters.map((c) => toLocalChapter(c, id)));
      await db.grids.bulkPut(ch.grids.map((g) => toLocalGrid(g, id)));
      const bytes = Math.max(0, state.bytes + received - freed);
      const images = Math.max(0, manual.size_bytes - state.bytes);
      const next: LocalManual = {
        ...manual,
        slug: ch.manual.slug,
        title: ch.manual.title,
        subject: ch.manual.subject,
        description: ch.manual.description,
        downloaded_at: new Date().toISOString(),
        size_bytes: bytes + images,
        grid_count: await db.grids.where('manual_id').equals(id).count(),
      };
      await db.manuals.put(next);
      await db.meta.put({ key: downloadKey(id), value: { ...state, cursor: ch.cursor, bytes } satisfies DownloadState });
      return {
        manual: next,
        changed: ch.chapters.length + ch.grids.length,
        removed: ch.removed.chapters.length + ch.removed.grids.length,
        bytes: received,
      };
    }),
  );
}

/**
 * Brings a downloaded manual up to date: only what changed since its cursor. Null when the copy
 * cannot be synced so (no cursor: downloaded before parts existed; the account became or stopped
 * being premium): the caller downloads it again in parts.
 */
export async function syncManual(manual: LocalManual): Promise<SyncResult | null> {
  const state = await downloadState(manual.id);
  if (!state || state.parts) return null;
  const ch = await downloadChanges(manual.slug, state.cursor);
  if (ch.premium !== state.premium) return null;
  return applyChanges(manual, state, ch);
}

export type { DownloadManifest };

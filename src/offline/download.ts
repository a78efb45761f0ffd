// "Descarcă pentru offline": the manual in parts (./download-parts.ts: resumable, one Dexie
// transaction a part, counted as downloaded only when complete), or for a copy already on the
// device only the changes since its cursor; then the images of the blocks and grid photos in the
// course-images cache the service worker serves from. saveManual keeps the whole-manual payload
// of GET /courses/:manual/download working for code that has one.
import { subscribe } from 'valtio';
import { requestPersistence } from './storage.ts';
import { db, type LocalChapter, type LocalGrid, type LocalManual } from './db.ts';
import { localWrite, StorageFullError, isQuotaError } from './errors.ts';
import { listCourses, type DownloadPayload } from '../api/courses.ts';
import { downloadKey, downloadParts, imageUrls, syncManual, toLocalChapter, toLocalGrid } from './download-parts.ts';
import { COURSE_IMAGES_CACHE } from '../shared/pwa.ts';
import { app } from '../state/app.ts';
import type { User } from '../shared/types.ts';

export type DownloadPhase = 'data' | 'images' | 'done';
export type DownloadProgress = {
  phase: DownloadPhase;
  /** 0–100 within the phase. */
  percent: number;
  /** Bytes so far (data phase: transferred; later: data + images). */
  bytes: number;
  /** Data phase: bytes of the whole download (the manifest's part sizes). */
  totalBytes?: number;
  /** Data phase: parts stored / parts in all. */
  parts?: { done: number; total: number };
  /** A copy already on the device brought up to date: rows changed and removed. */
  sync?: { changed: number; removed: number };
  /** Images done / total in the images phase. */
  done?: number;
  total?: number;
};
export type DownloadResult = {
  manual: LocalManual;
  images: number;
  failedImages: number;
  /** Set when only the changes since the last copy were fetched (with their bytes). */
  sync?: { changed: number; removed: number; bytes: number };
};

const PERSIST_KEY = 'storage-persist-requested';
const autoKey = (userId: number) => `auto-download:${userId}`;

/** 1536 → "1,5 KB", 3 456 789 → "3,3 MB" (Romanian number format). */
export function formatSize(bytes: number): string {
  const nf = (max: number) => new Intl.NumberFormat('ro-RO', { maximumFractionDigits: max });
  if (bytes < 1024 * 1024) return `${nf(bytes < 10 * 1024 ? 1 : 0).format(bytes / 1024)} KB`;
  return `${nf(1).format(bytes / (1024 * 1024))} MB`;
}

export { imageUrls };

function toLocal(payload: DownloadPayload, bytes: number) {
  const manual: LocalManual = {
    id: payload.manual.id,
    slug: payload.manual.slug,
    title: payload.manual.title,
    subject: payload.manual.subject,
    description: payload.manual.description,
    downloaded_at: new Date().toISOString(),
    size_bytes: bytes,
    grid_count: payload.grids.length,
  };
  const chapters: LocalChapter[] = payload.chapters.map((c) => toLocalChapter(c, payload.manual.id));
  const grids: LocalGrid[] = payload.grids.map((g) => toLocalGrid(g, payload.manual.id));
  return { manual, chapters, grids };
}

/** Writes a manual, its chapters and grids in one transaction; an earlier copy is replaced. */
export async function saveManual(payload: DownloadPayload, bytes = payload.bytes): Promise<LocalManual> {
  const { manual, chapters, grids } = toLocal(payload, bytes);
  await localWrite(() =>
    db.transaction('rw', db.manuals, db.chapters, db.grids, async () => {
      await db.chapters.where('manual_id').equals(manual.id).delete();
      await db.grids.where('manual_id').equals(manual.id).delete();
      await db.manuals.put(manual);
      await db.chapters.bulkPut(chapters);
      await db.grids.bulkPut(grids);
    }),
  );
  return manual;
}

/** Asked once per device, on the first download (the browser may prompt or decide silently). */
async function requestPersistenceOnce(): Promise<void> {
  try {
    if (await db.meta.get(PERSIST_KEY)) return;
    await db.meta.put({ key: PERSIST_KEY, value: new Date().toISOString() });
    await requestPersistence();
  } catch {
    /* optional: the browser decides */
  }
}

async function cacheImages(urls: string[], onEach: (done: number, bytes: number) => void): Promise<{ bytes: number; failed: number }> {
  if (!urls.length || typeof caches === 'undefined') return { bytes: 0, failed: 0 };
  const cache = await caches.open(COURSE_IMAGES_CACHE);
  let bytes = 0;
  let failed = 0;
  let done = 0;
  for (const url of urls) {
    try {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.clone().blob();
      bytes += blob.size;
      await cache.put(url, res);
    } catch (err) {
      if (isQuotaError(err)) throw new StorageFullError();
      failed += 1;
    }
    done += 1;
    onEach(done, bytes);
  }
  return { bytes, failed };
}

/** URLs already in the course-images cache (a sync fetches only new images). */
async function cachedUrls(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  try {
    const cache = await caches.open(COURSE_IMAGES_CACHE);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  } catch {
    return [];
  }
}

const inFlight = new Map<string, Promise<DownloadResult>>();

/**
 * Downloads a manual for offline use. Progress: data (transfer) then images (one by one).
 * Throws ApiError for server/network failures and StorageFullError when the quota is full.
 */
export function downloadManual(slug: string, onProgress?: (p: DownloadProgress) => void): Promise<DownloadResult> {
  const running = inFlight.get(slug);
  if (running) return running;
  const job = (async () => {
    const report = (p: DownloadProgress) => onProgress?.(p);
    report({ phase: 'data', percent: 0, bytes: 0 });
    await requestPersistenceOnce();
    const known = await db.manuals.where('slug').equals(slug).first();
    const synced = known?.downloaded_at ? await syncManual(known) : null;
    let manual: LocalManual;
    let urls: string[];
    if (synced) {
      // Only what changed: its images are the new ones (those already cached stay).
      manual = synced.manual;
      const changedChapters = await db.chapters.where('manual_id').equals(manual.id).toArray();
      const changedGrids = await db.grids.where('manual_id').equals(manual.id).toArray();
      const before = new Set(await cachedUrls());
      urls = imageUrls(changedChapters.map((c) => c.blocks), changedGrids.map((g) => g.explanation_photo)).filter((u) => !before.has(u));
      report({ phase: 'data', percent: 100, bytes: synced.bytes, totalBytes: synced.bytes, sync: { changed: synced.changed, removed: synced.removed } });
    } else {
      const got = await downloadParts(slug, (p) =>
        report({
          phase: 'data',
          percent: p.total ? Math.min(100, Math.floor((p.bytes / p.total) * 100)) : 100,
          bytes: p.bytes,
          totalBytes: p.total,
          parts: { done: p.partsDone, total: p.parts },
        }),
      );
      manual = got.manual;
      urls = got.images;
    }
    const dataBytes = manual.size_bytes;
    report({ phase: 'images', percent: urls.length ? 0 : 100, bytes: dataBytes, done: 0, total: urls.length });
    const images = await cacheImages(urls, (done, imgBytes) =>
      report({ phase: 'images', percent: Math.round((done / urls.length) * 100), bytes: dataBytes + imgBytes, done, total: urls.length }),
    );
    if (images.bytes) {
      manual = { ...manual, size_bytes: dataBytes + images.bytes };
      await localWrite(() => db.manuals.update(manual.id, { size_bytes: manual.size_bytes }));
    }
    report({ phase: 'done', percent: 100, bytes: manual.size_bytes, done: urls.length, total: urls.length });
    return {
      manual,
      images: urls.length - images.failed,
      failedImages: images.failed,
      ...(synced ? { sync: { changed: synced.changed, removed: synced.removed, bytes: synced.bytes } } : {}),
    };
  })();
  inFlight.set(slug, job);
  return job.finally(() => inFlight.delete(slug));
}

/** "Șterge de pe dispozitiv": the manual, its chapters and grids, and the images only it used. */
export async function removeManual(manualId: number): Promise<void> {
  const chapters = await db.chapters.where('manual_id').equals(manualId).toArray();
  const grids = await db.grids.where('manual_id').equals(manualId).toArray();
  const mine = imageUrls(chapters.map((c) => c.blocks), grids.map((g) => g.explanation_photo));
  await db.transaction('rw', db.manuals, db.chapters, db.grids, db.meta, async () => {
    await db.chapters.where('manual_id').equals(manualId).delete();
    await db.grids.where('manual_id').equals(manualId).delete();
    await db.manuals.delete(manualId);
    await db.meta.delete(downloadKey(manualId));
  });
  if (!mine.length || typeof caches === 'undefined') return;
  const others = await db.chapters.toArray();
  const otherGrids = await db.grids.toArray();
  const keep = new Set(imageUrls(others.map((c) => c.blocks), otherGrids.map((g) => g.explanation_photo)));
  try {
    const cache = await caches.open(COURSE_IMAGES_CACHE);
    await Promise.all(mine.filter((u) => !keep.has(u)).map((u) => cache.delete(u)));
  } catch {
    /* the images stay cached; harmless */
  }
}

export async function isDownloaded(manualId: number): Promise<boolean> {
  return Boolean((await db.manuals.get(manualId))?.downloaded_at);
}

/** The signed-in user, as soon as there is one (called at start-up, before or after sign-in). */
function waitForUser(): Promise<User> {
  if (app.user) return Promise.resolve(app.user);
  return new Promise((resolve) => {
    const unsub = subscribe(app, () => {
      if (!app.user) return;
      unsub();
      resolve(app.user);
    });
  });
}

let autoRunning: Promise<void> | null = null;

/**
 * Downloads the manuals of the user's profile (user.manual_ids: one or more) once after sign-in,
 * when online. Safe to call many times (main.tsx and /ai/cursuri call it); never throws.
 */
export function autoDownloadProfileManual(): Promise<void> {
  autoRunning ??= (async () => {
    try {
      const user = await waitForUser();
      const ids = user.manual_ids?.length ? user.manual_ids : user.manual_id ? [user.manual_id] : [];
      if (!ids.length) return;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      // Per set of manuals: one added to the profile later is downloaded too.
      const key = ids.length > 1 ? `${autoKey(user.id)}:${ids.join('.')}` : autoKey(user.id);
      if (await db.meta.get(key)) return;
      const missing: number[] = [];
      for (const id of ids) if (!(await isDownloaded(id))) missing.push(id);
      if (missing.length) {
        const { manuals } = await listCourses();
        for (const id of missing) {
          const manual = manuals.find((m) => m.id === id);
          if (manual) await downloadManual(manual.slug);
        }
      }
      await db.meta.put({ key, value: new Date().toISOString() });
    } catch {
      /* tried again at the next start */
    } finally {
      autoRunning = null;
    }
  })();
  return autoRunning;
}

// Reading courses: from the Dexie mirror when the manual is downloaded, else from the API.
// When the API cannot be reached (offline) the error is FORM_NETWORK_REQUIRED with a hint to
// download the manual next time. Local data is watched with useLiveQuery.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type LocalChapter, type LocalGrid, type LocalManual } from './db.ts';
import { getChapter, getCourse, type ChapterResponse, type CourseResponse } from '../api/courses.ts';
import type { ApiError } from '../api/errors.ts';
import { courseError } from './course-error.ts';

export { courseError, OFFLINE_HINT } from './course-error.ts';

export type Source = 'local' | 'api';
export type CourseData = CourseResponse & { source: Source };
export type ChapterData = ChapterResponse & { source: Source };

const stamp = (m: LocalManual) => m.downloaded_at ?? new Date(0).toISOString();

async function downloadedManual(slug: string): Promise<LocalManual | null> {
  const m = await db.manuals.where('slug').equals(slug).first();
  return m?.downloaded_at ? m : null;
}

async function sortedChapters(manualId: number): Promise<LocalChapter[]> {
  return db.chapters.where('[manual_id+sort]').between([manualId, -Infinity], [manualId, Infinity]).toArray();
}

/** The manual with its chapters from the mirror, or null when it is not downloaded. */
export async function localCourse(slug: string): Promise<CourseData | null> {
  const m = await downloadedManual(slug);
  if (!m) return null;
  const chapters = await sortedChapters(m.id);
  // Counted on the chapter index: reading every grid of a 6,000-grid manual took the main thread
  // for most of a second on a phone, on each change of the mirror (issue 30 §2).
  const counts = new Map(await Promise.all(chapters.map(async (c) => [c.id, await db.grids.where('chapter_id').equals(c.id).count()] as const)));
  return {
    source: 'local',
    manual: { id: m.id, slug: m.slug, title: m.title, subject: m.subject, description: m.description, sort: 0, updated_at: stamp(m) },
    chapters: chapters.map((c) => ({
      id: c.id,
      slug: c.slug,
      title: c.title,
      summary: c.summary,
      sort: c.sort,
      premium: c.premium,
      grid_count: counts.get(c.id) ?? 0,
      updated_at: stamp(m),
      locked: c.blocks === null,
    })),
  };
}

/** One chapter with its neighbours from the mirror, or null when the manual is not downloaded. */
export async function localChapter(manualSlug: string, chapterSlug: string): Promise<ChapterData | null> {
  const m = await downloadedManual(manualSlug);
  if (!m) return null;
  const chapters = await sortedChapters(m.id);
  const i = chapters.findIndex((c) => c.slug === chapterSlug);
  if (i < 0) return null;
  const c = chapters[i];
  const link = (x: LocalChapter | undefined) => (x ? { slug: x.slug, title: x.title, premium: x.premium } : null);
  const gridCount = await db.grids.where('chapter_id').equals(c.id).count();
  return {
    source: 'local',
    manual: { id: m.id, slug: m.slug, title: m.title, subject: m.subject },
    chapter: {
      id: c.id,
      slug: c.slug,
      title: c.title,
      summary: c.summary,
      sort: c.sort,
      premium: c.premium,
      grid_count: gridCount,
      updated_at: stamp(m),
      locked: c.blocks === null,
      blocks: c.blocks ?? [],
    },
    prev: link(chapters[i - 1]),
    next: link(chapters[i + 1]),
  };
}

/** Local first, then the API; throws ApiError (FORM_NETWORK_REQUIRED when offline). */
export async function loadCourse(slug: string): Promise<CourseData> {
  const local = await localCourse(slug);
  if (local) return local;
  try {
    return { ...(await getCourse(slug)), source: 'api' };
  } catch (err) {
    throw courseError(err);
  }
}

export async function loadChapter(manualSlug: string, chapterSlug: string): Promise<ChapterData> {
  const local = await localChapter(manualSlug, chapterSlug);
  if (local) return local;
  try {
    return { ...(await getChapter(manualSlug, chapterSlug)), source: 'api' };
  } catch (err) {
    throw courseError(err);
  }
}

export type Loaded<T> = { data: T | null; error: ApiError | null; loading: boolean };

/**
 * Watches the mirror (useLiveQuery) and falls back to the API when the manual is not there.
 * `remote` re-asks the API even for local data (signed-in progress), merged by the caller.
 */
function useLocalFirst<T>(key: string, readLocal: () => Promise<T | null>, readApi: () => Promise<T>): Loaded<T> {
  const local = useLiveQuery(readLocal, [key]);
  const [remote, setRemote] = useState<{ key: string; data: T | null; error: ApiError | null } | null>(null);
  const needApi = local === null;
  useEffect(() => {
    if (!needApi) return;
    let alive = true;
    readApi().then(
      (data) => alive && setRemote({ key, data, error: null }),
      (err: unknown) => alive && setRemote({ key, data: null, error: courseError(err) }),
    );
    return () => {
      alive = false;
    };
    // readApi changes with the key only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needApi]);
  if (local) return { data: local, error: null, loading: false };
  if (local === undefined || !remote || remote.key !== key) return { data: null, error: null, loading: true };
  return { data: remote.data, error: remote.error, loading: false };
}

export function useCourse(slug: string): Loaded<CourseData> {
  return useLocalFirst(
    slug,
    () => localCourse(slug),
    async () => ({ ...(await getCourse(slug)), source: 'api' as const }),
  );
}

export function useChapter(manualSlug: string, chapterSlug: string): Loaded<ChapterData> {
  return useLocalFirst(
    `${manualSlug}/${chapterSlug}`,
    () => localChapter(manualSlug, chapterSlug),
    async () => ({ ...(await getChapter(manualSlug, chapterSlug)), source: 'api' as const }),
  );
}

/** Downloaded manuals on this device, watched. */
export function useDownloadedManuals(): LocalManual[] | undefined {
  return useLiveQuery(() => db.manuals.filter((m) => Boolean(m.downloaded_at)).toArray(), []);
}

/** The grids of a chapter from the mirror (downloaded manuals only). */
export function useLocalGrids(chapterId: number | undefined, limit = 5): LocalGrid[] | undefined {
  return useLiveQuery(
    (): Promise<LocalGrid[]> => (chapterId ? db.grids.where('chapter_id').equals(chapterId).limit(limit).toArray() : Promise.resolve([])),
    [chapterId, limit],
  );
}

// Data of the public course pages: the answer the server rendered with (embedded JSON) when this is
// the page it rendered, else the API, loaded on demand with the API client (and, offline, the
// manuals downloaded on this device). Nothing here is in a public page's first load.
import { useEffect, useState } from 'react';
import type { ApiError } from '../../api/errors.ts';
import type { ChapterResponse, CourseResponse, ManualListItem } from '../../api/courses.ts';
import { useSsrData, dataKeys } from '../../ssr/data.tsx';
import { getItem } from '../../state/storage.ts';
import { STORAGE } from '../../shared/storage-keys.ts';

export type Source = 'local' | 'api';
export type CoursesData = { manuals: ManualListItem[]; source: Source };
export type CourseData = CourseResponse & { source: Source };
export type ChapterData = ChapterResponse & { source: Source };
export type Loaded<T> = { data: T | null; error: ApiError | null; loading: boolean };

const load = () => import('./public-load.ts');

function usePublicData<T extends { source: Source }>(key: string, read: () => Promise<T>): Loaded<T> {
  const embedded = useSsrData<Omit<T, 'source'>>(key);
  const initial = embedded ? ({ ...embedded, source: 'api' } as T) : undefined;
  const [state, setState] = useState<{ key: string; data: T | null; error: ApiError | null } | null>(null);
  const hasInitial = initial !== undefined;
  useEffect(() => {
    // The server rendered the visitor's view; a signed-in reader asks again with the token
    // (progress, premium chapters). A failure then keeps what is shown.
    if (hasInitial && !getItem(STORAGE.token)) return;
    let alive = true;
    read().then(
      (data) => alive && setState({ key, data, error: null }),
      (error: ApiError) => alive && !hasInitial && setState({ key, data: null, error }),
    );
    return () => {
      alive = false;
    };
    // read changes with the key only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, hasInitial]);
  if (state && state.key === key) return { data: state.data, error: state.error, loading: false };
  if (initial) return { data: initial, error: null, loading: false };
  return { data: null, error: null, loading: true };
}

export function usePublicCourses(): Loaded<CoursesData> {
  return usePublicData(dataKeys.courses(), async () => (await load()).loadCourses());
}

export function usePublicCourse(manual: string): Loaded<CourseData> {
  return usePublicData(dataKeys.course(manual), async () => (await load()).loadCourse(manual));
}

export function usePublicChapter(manual: string, chapter: string): Loaded<ChapterData> {
  return usePublicData(dataKeys.chapter(manual, chapter), async () => (await load()).loadChapter(manual, chapter));
}

// Loading the public course pages in the browser (its own chunk): the API first; when it cannot be
// reached, the copy downloaded on this device (IndexedDB, loaded only then). Errors are ApiError.
import { getChapter, getCourse, listCourses } from '../../api/courses.ts';
import { courseError } from '../../offline/course-error.ts';
import type { ChapterData, CourseData, CoursesData } from './public-data.ts';

async function apiOrLocal<T>(api: () => Promise<T>, local: () => Promise<T | null>): Promise<T> {
  try {
    return await api();
  } catch (err) {
    const error = courseError(err);
    if (error.code !== 'FORM_NETWORK_REQUIRED') throw error;
    const copy = await local().catch(() => null);
    if (copy) return copy;
    throw error;
  }
}

const repo = () => import('../../offline/courses-repo.ts');

export function loadCourses(): Promise<CoursesData> {
  return apiOrLocal<CoursesData>(
    async () => ({ ...(await listCourses()), source: 'api' as const }),
    async () => {
      const { db } = await import('../../offline/db.ts');
      const downloaded = await db.manuals.filter((m) => Boolean(m.downloaded_at)).toArray();
      if (!downloaded.length) return null;
      return {
        source: 'local' as const,
        manuals: downloaded.map((m) => ({ id: m.id, slug: m.slug, title: m.title, subject: m.subject, description: m.description, sort: 0, updated_at: m.downloaded_at ?? '', chapter_count: 0, grid_count: m.grid_count })),
      };
    },
  );
}

export function loadCourse(manual: string): Promise<CourseData> {
  return apiOrLocal<CourseData>(
    async () => ({ ...(await getCourse(manual)), source: 'api' as const }),
    async () => (await repo()).localCourse(manual),
  );
}

export function loadChapter(manual: string, chapter: string): Promise<ChapterData> {
  return apiOrLocal<ChapterData>(
    async () => ({ ...(await getChapter(manual, chapter)), source: 'api' as const }),
    async () => (await repo()).localChapter(manual, chapter),
  );
}

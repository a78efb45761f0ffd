// The course screens by mode, for the page modules of both areas: the public pages (/cursuri…,
// src/pages/static) import ./public.tsx directly so their chunk carries none of the signed-in code.
import { DashChapter, DashCourse, DashCourses } from './dash.tsx';
import { PublicCourses } from './PublicCourses.tsx';
import { PublicCourse } from './PublicCourse.tsx';
import { PublicChapter } from './PublicChapter.tsx';
import type { CourseMode } from './common.tsx';

export { LoadError } from './LoadError.tsx';
export type { CourseMode } from './common.tsx';

export function CoursesPage({ mode }: { mode: CourseMode }) {
  return mode === 'dash' ? <DashCourses /> : <PublicCourses />;
}

export function CoursePage({ mode, slug }: { mode: CourseMode; slug: string }) {
  return mode === 'dash' ? <DashCourse slug={slug} /> : <PublicCourse slug={slug} />;
}

export function ChapterPage({ mode, manual, chapter }: { mode: CourseMode; manual: string; chapter: string }) {
  return mode === 'dash' ? <DashChapter manual={manual} chapter={chapter} /> : <PublicChapter manual={manual} chapter={chapter} />;
}

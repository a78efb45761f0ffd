// Courses API (server/modules/courses): manuals, chapters with typed blocks, read marks and the
// whole-manual download for the offline mirror.
import type { Options } from 'ky';
import { api, request } from './client.ts';
import type { Block } from '../offline/db.ts';
import type { GridOut } from './grids.ts';

export type ManualOut = {
  id: number;
  slug: string;
  title: string;
  subject: string;
  description: string;
  sort: number;
  updated_at: string;
};
export type ManualListItem = ManualOut & { chapter_count: number; grid_count: number; premium_grid_count?: number };

export type ChapterProgress = { read: boolean; read_at: string | null; correct_percent: number | null };

export type ChapterSummary = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  sort: number;
  premium: boolean;
  grid_count: number;
  /** Of grid_count, the premium grids (absent in the offline mirror). */
  premium_grid_count?: number;
  updated_at: string;
  locked: boolean;
  progress?: ChapterProgress;
};

export type CourseResponse = { manual: ManualOut; chapters: ChapterSummary[] };

export type ChapterLink = { slug: string; title: string; premium: boolean } | null;

export type ChapterResponse = {
  manual: { id: number; slug: string; title: string; subject: string };
  chapter: Omit<ChapterSummary, 'progress'> & { blocks: Block[]; read?: boolean };
  prev: ChapterLink;
  next: ChapterLink;
};

export type DownloadPayload = {
  manual: ManualOut;
  chapters: (Omit<ChapterSummary, 'progress'> & { manual_id: number; blocks: Block[] })[];
  grids: (GridOut & { manual_id: number })[];
  premium: boolean;
  generated_at: string;
  bytes: number;
};

const seg = (s: string) => encodeURIComponent(s);

export function listCourses(): Promise<{ manuals: ManualListItem[] }> {
  return api.get('courses');
}

export function getCourse(manual: string): Promise<CourseResponse> {
  return api.get(`courses/${seg(manual)}`);
}

export function getChapter(manual: string, chapter: string): Promise<ChapterResponse> {
  return api.get(`courses/${seg(manual)}/${seg(chapter)}`);
}

export function markChapterRead(manual: string, chapter: string): Promise<{ success?: string; read: boolean; read_at: string | null }> {
  return api.post(`courses/${seg(manual)}/${seg(chapter)}/read`);
}

export function unmarkChapterRead(manual: string, chapter: string): Promise<{ read: boolean; read_at: null }> {
  return api.delete(`courses/${seg(manual)}/${seg(chapter)}/read`);
}

/** GET /courses/:manual/download with the transfer progress (0–1 when the size is known). */
export function downloadCourse(manual: string, onProgress?: (fraction: number, bytes: number) => void): Promise<DownloadPayload> {
  const options: Options = onProgress
    ? { onDownloadProgress: (p) => onProgress(p.totalBytes ? p.percent : 0, p.transferredBytes) }
    : {};
  return request<DownloadPayload>('get', `courses/${seg(manual)}/download`, options);
}

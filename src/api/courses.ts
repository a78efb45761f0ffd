// Courses API (server/modules/courses): manuals, chapters with typed blocks, read marks and the
// whole-manual download for the offline mirror. Payload types: src/shared/course-payloads.ts.
import type { Options } from 'ky';
import { api, request, requestBytes } from './client.ts';
import type {
  ChapterMarkedRead,
  ChapterResponse,
  ChapterUnmarkedRead,
  CourseResponse,
  CoursesResponse,
  DownloadPayload,
} from '../shared/course-payloads.ts';
import type { DownloadChanges, DownloadManifest, DownloadPart } from '../shared/download-payloads.ts';

export type { DownloadChanges, DownloadManifest, DownloadPart, DownloadPartPayload } from '../shared/download-payloads.ts';
export type {
  ChapterLink,
  ChapterProgress,
  ChapterResponse,
  ChapterSummary,
  CourseResponse,
  DownloadPayload,
  ManualListItem,
  ManualOut,
} from '../shared/course-payloads.ts';

const seg = (s: string) => encodeURIComponent(s);

export function listCourses(): Promise<CoursesResponse> {
  return api.get('courses');
}

export function getCourse(manual: string): Promise<CourseResponse> {
  return api.get(`courses/${seg(manual)}`);
}

export function getChapter(manual: string, chapter: string): Promise<ChapterResponse> {
  return api.get(`courses/${seg(manual)}/${seg(chapter)}`);
}

export function markChapterRead(manual: string, chapter: string): Promise<ChapterMarkedRead> {
  return api.post(`courses/${seg(manual)}/${seg(chapter)}/read`);
}

export function unmarkChapterRead(manual: string, chapter: string): Promise<ChapterUnmarkedRead> {
  return api.delete(`courses/${seg(manual)}/${seg(chapter)}/read`);
}

/** GET /courses/:manual/download with the transfer progress (0–1 when the size is known). */
export function downloadCourse(manual: string, onProgress?: (fraction: number, bytes: number) => void): Promise<DownloadPayload> {
  const options: Options = onProgress
    ? { onDownloadProgress: (p) => onProgress(p.totalBytes ? p.percent : 0, p.transferredBytes) }
    : {};
  return request<DownloadPayload>('get', `courses/${seg(manual)}/download`, options);
}

/** GET /courses/:manual/download/manifest: the parts of a manual and their sizes (issue 30 §2). */
export function downloadManifest(manual: string): Promise<DownloadManifest> {
  return api.get(`courses/${seg(manual)}/download/manifest`);
}

/** One part of a manual as its JSON bytes (DownloadPartPayload, parsed where it is stored), with the bytes received so far while it arrives. */
export function downloadPart(manual: string, part: DownloadPart, onBytes?: (bytes: number) => void, signal?: AbortSignal): Promise<ArrayBuffer> {
  const options: Options = {
    searchParams: { from: String(part.from), to: String(part.to) },
    ...(signal ? { signal } : {}),
    ...(onBytes ? { onDownloadProgress: (p: { transferredBytes: number }) => onBytes(p.transferredBytes) } : {}),
  };
  return requestBytes(`courses/${seg(manual)}/download/parts/${part.chapter_id}`, options);
}

/** What changed in a manual since the device's cursor. */
export function downloadChanges(manual: string, since: string): Promise<DownloadChanges> {
  return api.get(`courses/${seg(manual)}/download/changes`, { since });
}

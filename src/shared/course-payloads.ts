// What the courses API answers (server/modules/courses/service.ts): declared once here, returned
// by the server (annotated, so a drift fails the typecheck) and read by src/api/courses.ts, the
// offline mirror and the server-rendered course pages.
import type { BlockInput } from './content-schema.ts';
import type { GridOut } from './grid-schema.ts';

/** A block as rendered (optional fields may be missing). */
type Block = BlockInput;

export type ManualOut = {
  id: number;
  slug: string;
  title: string;
  subject: string;
  description: string;
  sort: number;
  updated_at: string;
};
/** A manual in GET /courses. */
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
  /** Signed-in readers only. */
  progress?: ChapterProgress;
};

/** GET /courses */
export type CoursesResponse = { manuals: ManualListItem[] };
/** GET /courses/:manual */
export type CourseResponse = { manual: ManualOut; chapters: ChapterSummary[] };

export type ChapterLink = { slug: string; title: string; premium: boolean } | null;

/** GET /courses/:manual/:chapter (blocks empty while locked). */
export type ChapterResponse = {
  manual: { id: number; slug: string; title: string; subject: string };
  chapter: Omit<ChapterSummary, 'progress'> & { blocks: Block[]; read?: boolean };
  prev: ChapterLink;
  next: ChapterLink;
};

/** POST /courses/:manual/:chapter/read */
export type ChapterMarkedRead = { success: 'CHAPTER_MARKED_READ'; read: true; read_at: string };
/** DELETE /courses/:manual/:chapter/read */
export type ChapterUnmarkedRead = { read: false; read_at: null };

/** GET /courses/:manual/download: everything the offline mirror keeps of one manual. */
export type DownloadPayload = {
  manual: ManualOut;
  chapters: (Omit<ChapterSummary, 'progress'> & { manual_id: number; blocks: Block[] })[];
  grids: (GridOut & { manual_id: number })[];
  premium: boolean;
  generated_at: string;
  /** Size of the JSON without this field, for the storage quota check. */
  bytes: number;
};

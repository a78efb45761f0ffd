// Downloads in parts and delta sync of a manual (issue 30 §2): the manifest, one part, the changes
// since a cursor, and the bounded query parameters, declared once for the server and the app.
import { z } from 'zod';
import type { DownloadPayload, ManualOut } from './course-payloads.ts';
import { int4 } from './input-rules.ts';

export type DownloadChapter = DownloadPayload['chapters'][number];
export type DownloadGrid = DownloadPayload['grids'][number];

/** Grids per part at most: a part is parsed and stored in one slice on a phone (≈ 1 KB a grid). */
export const PART_GRIDS = 250;

/** One part: a chapter's grids with from ≤ id ≤ to; the chapter itself (blocks) comes with from = 0. */
export type DownloadPart = { key: string; chapter_id: number; from: number; to: number; grids: number; bytes: number };

/** GET /courses/:manual/download/manifest */
export type DownloadManifest = {
  manual: ManualOut;
  premium: boolean;
  /** Give it to /changes?since= once every part is stored. */
  cursor: string;
  parts: DownloadPart[];
  /** Sum of the parts' bytes (the JSON the device receives and stores). */
  bytes: number;
};

/** GET /courses/:manual/download/parts/:chapter?from=&to= */
export type DownloadPartPayload = { chapter: DownloadChapter | null; grids: DownloadGrid[] };

/** GET /courses/:manual/download/changes?since= */
export type DownloadChanges = {
  manual: ManualOut;
  premium: boolean;
  cursor: string;
  chapters: DownloadChapter[];
  grids: DownloadGrid[];
  /** Left the manual for this viewer: deleted, unpublished, moved, or now premium for a free account. */
  removed: { chapters: number[]; grids: number[] };
};

/**
 * A cursor is the server's clock in milliseconds since 1970 (13 digits until the year 2286). One
 * from the future (a forged or corrupt one) is refused rather than silently skipping changes.
 */
export const CURSOR_PATTERN = /^[1-9][0-9]{11,12}$/;
const DAY_MS = 86_400_000;
export const cursorParam = z
  .string({ error: 'FIELD_INVALID' })
  .regex(CURSOR_PATTERN, 'FIELD_INVALID')
  .transform(Number)
  .refine((ms) => ms <= Date.now() + DAY_MS, 'FIELD_INVALID');

const idBound = z
  .string({ error: 'FIELD_INVALID' })
  .regex(/^(0|[1-9][0-9]{0,9})$/, 'FIELD_INVALID')
  .transform(Number)
  .pipe(int4({ min: 0 }));

export const partQuery = z
  .object({ from: idBound, to: idBound })
  .refine((q) => q.from <= q.to, { message: 'FIELD_INVALID', path: ['to'] });
export const changesQuery = z.object({ since: cursorParam });

// The record of a manual's download kept in db.meta, alone in its file: the download button on a
// public chapter page reads it, and importing it from download-parts.ts brought that module's
// payload schemas (zod) into the page's first load, past its 92 KB budget.
import type { DownloadPart } from '../shared/download-payloads.ts';

/** Kept in db.meta under downloadKey(manualId): the parts of a download under way, then the cursor. */
export type DownloadState = {
  slug: string;
  premium: boolean;
  /** Cursor of the copy: the manifest's until the last part, then each sync's. */
  cursor: string;
  /** Parts of the download under way (absent once the copy is complete). */
  parts?: DownloadPart[];
  done?: string[];
  /** Bytes of the manual's data on the device (the JSON received), without images. */
  bytes: number;
  /** Images the stored parts use (cached after the last part; not read back from 6,000 rows). */
  images?: string[];
};
export const downloadKey = (manualId: number) => `download:${manualId}`;


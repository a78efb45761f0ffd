// Paper answer sheets (issue 9 §3; SPEC §5 scan rules, §8 scan codes, §9 limits): request bodies
// (zod, codes as messages) and response payloads shared by server/modules/scans and the sheet page.
import { z } from 'zod';
import { SCAN_IMAGE_MAX_BYTES } from './constants.ts';

export { SCAN_IMAGE_MAX_BYTES };
/** Photos sent at once for one sheet (several angles of the same page help with glare). */
export const SCAN_MAX_IMAGES = 4;
/** A scanned test needs at least this many grids (SPEC §5). */
export const SCAN_MIN_GRIDS = 2;
/** Rows one sheet can print (one A4 page). */
export const SCAN_MAX_GRIDS = 200;
export const SCAN_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const SHEET_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export type SheetLetter = (typeof SHEET_LETTERS)[number];

export const SCAN_STATUSES = ['queued', 'processing', 'review', 'graded', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const scanIdParams = z.object({ id: z.string({ error: 'FORM_SCAN_NOT_FOUND' }).max(64) });

/** The candidate's decision for every row that has an uncertain mark: the letters marked in the end. */
export const confirmScanBody = z.object({
  decisions: z
    .array(
      z.object({
        n: z.number({ error: 'FIELD_INVALID' }).int('FIELD_INVALID').min(1, 'FIELD_INVALID').max(SCAN_MAX_GRIDS, 'FIELD_INVALID'),
        marked: z
          .array(z.enum(SHEET_LETTERS, { error: 'FIELD_INVALID' }), { error: 'FIELD_INVALID' })
          .max(SHEET_LETTERS.length, 'FIELD_INVALID')
          .refine((l) => new Set(l).size === l.length, 'FIELD_INVALID'),
      }),
      { error: 'FIELD_INVALID' },
    )
    .max(SCAN_MAX_GRIDS, 'FIELD_INVALID')
    .refine((d) => new Set(d.map((x) => x.n)).size === d.length, 'FIELD_INVALID'),
});
export type ConfirmScanBody = z.infer<typeof confirmScanBody>;

/** One row of the reading as the review screen shows it. */
export type ScanRow = {
  n: number;
  marked: SheetLetter[];
  uncertain: SheetLetter[];
  /** data:image/jpeg;base64,… crop of the row, only for rows with an uncertain mark. */
  crop: string | null;
};

export type ScanPayload = {
  id: string;
  sheet_id: string;
  simulation_id: string;
  status: ScanStatus;
  error_code: string | null;
  image_count: number;
  created_at: string;
  read_at: string | null;
  /** Only once read (review or graded). */
  rows: ScanRow[] | null;
  /** The graded test (its results page), once graded. */
  test_id: string | null;
};

export type ScanQueued = { success: 'SCAN_QUEUED'; scan: ScanPayload };
export type ScanGraded = { success: 'SCAN_GRADED'; scan: ScanPayload };
/** The candidate's sheet of a simulation as people read it: the short code printed on it (sheet-code.ts), not its UUID. */
export type ScanSheet = { code: string; question_count: number };
/** GET /simulations/:id/scans: the sheet (null before its first print) and its scans, newest first. */
export type ScanList = { sheet: ScanSheet | null; scans: ScanPayload[] };

/** Live event on the candidate's private channel when a scan changes state. */
export const SCAN_EVENT = 'scan.updated';
/** The paper-sheet page of a simulation: where the scan notifications lead. */
export const sheetPagePath = (simulationId: string) => `/teste/simulare/foaie/${simulationId}`;

export type ScanEvent = { scan_id: string; simulation_id: string; status: ScanStatus; error_code: string | null };

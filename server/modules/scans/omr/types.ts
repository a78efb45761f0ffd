// The contract between the answer-sheet engine (layout, PDF, reader, worker pool) and the scan
// module around it (upload, queue, review, grading). Pure data: both sides import only this.

export const SHEET_OPTIONS = ['A', 'B', 'C', 'D', 'E'] as const;
export type SheetOption = (typeof SHEET_OPTIONS)[number];

/** What the printed sheet carries, besides its geometry. */
export interface SheetMeta {
  /** Printed as a QR code and in text: the id of the scan sheet row (uuid). */
  sheetId: string;
  /** Number of question rows printed (the simulation's grid count, 2..200). */
  questionCount: number;
  productName: string;
  title: string;
  centreName: string;
  candidateName: string;
}

/** One question as read from the photo. */
export interface QuestionReading {
  /** 1-based question number as printed. */
  n: number;
  /** Options read as marked with confidence. */
  marked: SheetOption[];
  /** Options the reader could not decide: the candidate confirms them on the review screen. */
  uncertain: SheetOption[];
  /** Darkness of each ellipse A..E in 0..1 (for the review screen and diagnostics). */
  fills: number[];
}

export type SheetReadingError =
  | 'FORM_SCAN_NO_MARKS'
  | 'FORM_SCAN_IMAGE_UNREADABLE'
  | 'FORM_SCAN_MISSING_RESPONSES'
  /** The printed grid is not where the corner markers put it in too many rows: a folded or curled sheet. */
  | 'FORM_SCAN_SHEET_FOLDED';

export type SheetReading =
  | {
      ok: true;
      /** From the QR code; null when the code could not be read (the scan module then refuses the photo: scans/identity.ts). */
      sheetId: string | null;
      questions: QuestionReading[];
      /** JPEG crop of each question row that has an uncertain option, by question number. */
      uncertainCrops: Record<number, Uint8Array>;
    }
  | {
      ok: false;
      code: SheetReadingError;
      /**
       * The QR code, when the sheet was found before the reading failed (null: not readable).
       * Whose sheet it is is said before what is on it: another candidate's blank sheet is refused
       * as theirs, not as a sheet with no answers (scans/worker.ts).
       */
      sheetId?: string | null;
    };

export interface ReadSheetOptions {
  questionCount: number;
}

// Whose sheet is in the photo (issue 22): the QR code carries the sheet id, and the sheet row says
// which candidate and which simulation it was printed for. A scan is graded only as the attempt of
// the candidate who uploaded it, for the simulation it was uploaded to, so every photo's QR code
// must name exactly the upload's own sheet. Nothing is assumed: a photo whose code cannot be read
// (or names no sheet of ours) proves nothing and is never read as the candidate's answers.
import type { Db } from '../../db/db.ts';
import { UUID_RE } from '../practice/model.ts';
import { sheetById, type ScanRow } from './queries.ts';

export type SheetIdentity = 'own' | 'FORM_SCAN_WRONG_SHEET_CANDIDATE' | 'FORM_SCAN_WRONG_SHEET_SIMULATION' | 'FORM_SCAN_SHEET_UNIDENTIFIED';

/** What the QR code read from one photo says about the scan it was uploaded with. */
export async function sheetIdentity(db: Db, scan: Pick<ScanRow, 'sheet_id' | 'user_id' | 'simulation_id'>, qr: string | null): Promise<SheetIdentity> {
  if (!qr) return 'FORM_SCAN_SHEET_UNIDENTIFIED';
  const id = qr.trim().toLowerCase();
  if (id === scan.sheet_id) return 'own';
  // Any other text (a QR code of something else, a sheet that no longer exists) names no sheet of ours.
  const named = UUID_RE.test(id) ? await sheetById(db, id) : undefined;
  if (!named) return 'FORM_SCAN_SHEET_UNIDENTIFIED';
  // Another person's sheet is said first, whatever simulation it is of: that is the graver mix-up.
  if (named.user_id !== scan.user_id) return 'FORM_SCAN_WRONG_SHEET_CANDIDATE';
  return 'FORM_SCAN_WRONG_SHEET_SIMULATION';
}

const WRONG_SHEET = ['FORM_SCAN_WRONG_SHEET_CANDIDATE', 'FORM_SCAN_WRONG_SHEET_SIMULATION'] as const;

/**
 * A photo of a sheet that is not the candidate's own for this simulation, among the upload's
 * photos (another candidate's first): such a photo refuses the whole upload, whether or not its
 * marks could be read (issue 32 §3: another candidate's blank sheet is theirs, not "no answer").
 */
export function wrongSheet(identities: (SheetIdentity | undefined)[]): (typeof WRONG_SHEET)[number] | undefined {
  return WRONG_SHEET.find((code) => identities.includes(code));
}

/**
 * The verdict on an upload from its photos' identities: any photo of a sheet that is not the
 * candidate's own for this simulation refuses the whole upload (a mixed-up set is never half used);
 * photos whose code could not be read are left out when another photo proves the sheet; with no
 * photo proving it, the upload is refused as unidentified.
 */
export function uploadVerdict(identities: SheetIdentity[]): SheetIdentity {
  return wrongSheet(identities) ?? (identities.includes('own') ? 'own' : 'FORM_SCAN_SHEET_UNIDENTIFIED');
}

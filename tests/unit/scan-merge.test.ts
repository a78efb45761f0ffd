// Several photos of one answer sheet (server/modules/scans/merge.ts): the clearest reading leads,
// others settle its uncertain marks only when they all agree, and the error shown when none could
// be read is the one that got furthest into the sheet. Plus the client's file checks.
import { describe, expect, it } from 'vitest';
import { furthestError, mergeReadings } from '../../server/modules/scans/merge.ts';
import type { QuestionReading, SheetReading } from '../../server/modules/scans/omr/types.ts';
import { filesProblem } from '../../src/components/simulations/ScanUpload.tsx';

type Read = Extract<SheetReading, { ok: true }>;
const q = (n: number, marked: string, uncertain = ''): QuestionReading => ({
  n,
  marked: [...marked] as QuestionReading['marked'],
  uncertain: [...uncertain] as QuestionReading['uncertain'],
  fills: [0, 0, 0, 0, 0],
});
const read = (questions: QuestionReading[], sheetId: string | null = null, crops: number[] = []): Read => ({
  ok: true,
  sheetId,
  questions,
  uncertainCrops: Object.fromEntries(crops.map((n) => [n, new Uint8Array([n])])),
});

describe('mergeReadings', () => {
  it('one photo is its own reading', () => {
    const r = read([q(1, 'A', 'C')], 's', [1]);
    expect(mergeReadings([r])).toBe(r);
  });

  it('the photo with fewer uncertain marks leads; agreeing photos settle an uncertain mark', () => {
    const blurry = read([q(1, 'A', 'BC'), q(2, '', 'D')], null, [1, 2]);
    const clear = read([q(1, 'A', 'C'), q(2, 'D')], 'sheet-1', [1]);
    const third = read([q(1, 'AC'), q(2, '', 'D')], null, [2]);
    const m = mergeReadings([blurry, clear, third]);
    // clear leads (1 uncertain, before third on a tie); third marks row 1's C but blurry is unsure of it: it stays uncertain.
    expect(m.questions[0]).toMatchObject({ n: 1, marked: ['A'], uncertain: ['C'] });
    expect(m.questions[1]).toMatchObject({ n: 2, marked: ['D'], uncertain: [] });
    expect(Object.keys(m.uncertainCrops)).toEqual(['1']);
    expect(m.sheetId).toBe('sheet-1');
  });

  it('settles marked or blank when every other photo is sure, and borrows a QR id', () => {
    const lead = read([q(1, 'A', 'C'), q(2, 'B', 'E'), q(3, '')], null, [1, 2]);
    // More uncertain marks (row 3) than lead, so lead leads; sure of rows 1 and 2.
    const other = read([q(1, 'AC'), q(2, 'B'), q(3, '', 'ABC')], 'from-other', [3]);
    const m = mergeReadings([other, lead]);
    expect(m.questions[2]).toMatchObject({ n: 3, marked: [], uncertain: [] });
    expect(m.questions[0]).toMatchObject({ marked: ['A', 'C'], uncertain: [] });
    expect(m.questions[1]).toMatchObject({ marked: ['B'], uncertain: [] });
    expect(m.uncertainCrops).toEqual({});
    expect(m.sheetId).toBe('from-other');
  });

  it('a confident disagreement does not become a guess: the leading photo decides', () => {
    const lead = read([q(1, 'A')]);
    const other = read([q(1, 'B', 'C')], null, [1]);
    expect(mergeReadings([other, lead]).questions[0]).toMatchObject({ marked: ['A'], uncertain: [] });
  });
});

describe('furthestError', () => {
  it('prefers missing responses, then no markers, else unreadable', () => {
    expect(furthestError(['FORM_SCAN_IMAGE_UNREADABLE', 'FORM_SCAN_MISSING_RESPONSES', 'FORM_SCAN_NO_MARKS'])).toBe('FORM_SCAN_MISSING_RESPONSES');
    expect(furthestError(['FORM_SCAN_IMAGE_UNREADABLE', 'FORM_SCAN_NO_MARKS'])).toBe('FORM_SCAN_NO_MARKS');
    expect(furthestError(['FORM_SCAN_IMAGE_UNREADABLE'])).toBe('FORM_SCAN_IMAGE_UNREADABLE');
  });

  it('names a folded sheet before missing markers: the candidate flattens it and photographs it again', () => {
    expect(furthestError(['FORM_SCAN_NO_MARKS', 'FORM_SCAN_SHEET_FOLDED', 'FORM_SCAN_IMAGE_UNREADABLE'])).toBe('FORM_SCAN_SHEET_FOLDED');
    expect(furthestError(['FORM_SCAN_SHEET_FOLDED', 'FORM_SCAN_MISSING_RESPONSES'])).toBe('FORM_SCAN_MISSING_RESPONSES');
  });
});

describe('filesProblem (the upload form, same limits as the server)', () => {
  const jpg = (size: number) => ({ size, type: 'image/jpeg' });
  it('accepts up to 4 png/jpg of at most 20 MB', () => {
    expect(filesProblem([jpg(1000), { size: 5, type: 'image/png' }])).toBeNull();
    expect(filesProblem([jpg(1), jpg(1), jpg(1), jpg(1), jpg(1)])).toBe('FORM_SCAN_TOO_MANY_IMAGES');
    expect(filesProblem([jpg(20 * 1024 * 1024 + 1)])).toBe('FORM_SCAN_IMAGE_TOO_LARGE');
    expect(filesProblem([{ size: 10, type: 'image/heic' }])).toBe('FORM_SCAN_IMAGE_UNREADABLE');
  });
});

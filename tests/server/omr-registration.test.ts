// Local registration (issue 22): paper that is not flat moves the printed grid away from where the
// corner markers put it. The reader finds the printed outlines block by block; what it cannot find
// goes to review, or the photo is refused; never a confident wrong answer.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { degrade, planMarks, renderSyntheticSheet } from '../../server/modules/scans/omr/synthetic.ts';
import { readSheet } from '../../server/modules/scans/omr/read-sheet.ts';
import { scoreReading } from '../../server/modules/scans/omr/accuracy.ts';
import { sheetLayout } from '../../server/modules/scans/omr/sheet-layout.ts';
import { closeSheetPool } from '../../server/modules/scans/omr/pool.ts';
import type { SheetMeta } from '../../server/modules/scans/omr/types.ts';

const meta = (questionCount: number): SheetMeta => ({
  sheetId: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99',
  questionCount,
  productName: 'Grilio',
  title: 'Simulare',
  centreName: 'Centrul Iași',
  candidateName: 'Ana Pop',
});
const photo = { width: 1800, height: 2400, rotation: 5, perspective: 0.03, blur: 0.6, noise: 3, jpegQuality: 82 };

/** The sheet raster with the rows from..to (1-based, first column) blurred past recognition. */
async function smudged(sheet: Buffer, questions: number, from: number, to: number, px: number): Promise<Buffer> {
  const L = sheetLayout(questions);
  const s = px / L.width;
  const a = L.questions[from - 1].row;
  const b = L.questions[to - 1].row;
  const box = {
    left: Math.round(a.x * s),
    top: Math.round(a.y * s),
    width: Math.round(a.w * s),
    height: Math.round((b.y + b.h - a.y) * s),
  };
  const patch = await sharp(sheet).extract(box).blur(7).toBuffer();
  return sharp(sheet).composite([{ input: patch, left: box.left, top: box.top }]).png().toBuffer();
}

// Each case draws, bends and reads a sheet: seconds on a quiet machine, far more on a shared one.
describe('OMR local registration', { timeout: 300_000 }, () => {
  afterAll(() => closeSheetPool());

  for (const [name, bend, seed] of [
    ['an edge lifted 20 mm', { kind: 'lift', amount: 20 }, 31],
    // The top blocks move by more than half a row's pitch: one row off, they match 4 rows of 5.
    ['an edge lifted 30 mm', { kind: 'lift', amount: 30 }, 61],
    ['a centre fold', { kind: 'fold', amount: 16 }, 52],
    ['a crumpled sheet', { kind: 'crumple', amount: 4 }, 33],
  ] as const) {
    it(`${name}: every mark right or in review, none confidently wrong`, async () => {
      const plan = planMarks(100, seed, 0.02, 0.02);
      const sheet = await renderSyntheticSheet(meta(100), plan.marks, 1400, seed);
      const reading = await readSheet(await degrade(sheet, { ...photo, seed, bend }), { questionCount: 100 });
      if (!reading.ok) {
        // Refusing the photo is allowed, with the reason the candidate can act on.
        expect(reading.code).toBe('FORM_SCAN_SHEET_FOLDED');
        return;
      }
      const s = scoreReading(reading, plan);
      expect(s.wrongDetails).toEqual([]);
      expect(s.right / s.options).toBeGreaterThan(0.95);
    });
  }

  it('rows whose printed outlines cannot be seen go to review as a whole, never a confident blank', async () => {
    const plan = planMarks(100, 41, 0, 0);
    const sheet = await renderSyntheticSheet(meta(100), plan.marks, 1400, 41);
    const reading = await readSheet(await degrade(await smudged(sheet, 100, 11, 15, 1400), { ...photo, seed: 41 }), {
      questionCount: 100,
    });
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    // Row 11 lies at the smudge's soft upper edge; 12..15 are under it.
    for (const n of [12, 13, 14, 15]) {
      expect(reading.questions[n - 1].uncertain).toEqual(['A', 'B', 'C', 'D', 'E']);
      expect(reading.questions[n - 1].marked).toEqual([]);
    }
    expect(scoreReading(reading, plan).wrongDetails).toEqual([]);
  });

  it('a sheet whose grid cannot be found over many rows is refused as folded', async () => {
    const plan = planMarks(100, 42, 0, 0);
    const sheet = await renderSyntheticSheet(meta(100), plan.marks, 1400, 42);
    const reading = await readSheet(await degrade(await smudged(sheet, 100, 1, 30, 1400), { ...photo, seed: 42 }), {
      questionCount: 100,
    });
    expect(reading).toMatchObject({ ok: false, code: 'FORM_SCAN_SHEET_FOLDED' });
  });
});

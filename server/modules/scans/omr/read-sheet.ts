// Reads a photo of Grilio's answer sheet (sheet-layout.ts): decode (sharp: EXIF rotation, a
// working size that keeps a 12 MP photo within the speed goal), find the 4 ArUco markers,
// straighten the sheet, measure every ellipse, decide each one from the sheet's own fills
// (classify.ts), read the QR code and cut JPEG crops of the rows the candidate must confirm.
import sharp from 'sharp';
import type { Mat } from '@techstark/opencv-js';
import { loadCv, type Cv } from './opencv.ts';
import { sheetHomography, warpRegion, type Homography } from './markers.ts';
import { measureSpot, type GrayImage, type SpotMeasure } from './measure.ts';
import { coreLineAt, lightOnEllipses, unveilAll, veiledCoreLines, type Light } from './light.ts';
import { coreLines, decide, thresholds, withMapShift, type Thresholds } from './classify.ts';
import { readQr } from './qr.ts';
import { MIN_ROW_QUALITY, registerGrid, rowQualities, type Placed } from './registration.ts';
import { sheetLayout, type SheetLayout } from './sheet-layout.ts';
import { SHEET_OPTIONS, type QuestionReading, type ReadSheetOptions, type SheetReading } from './types.ts';

/** Longer side of the working image: a sheet filling a phone photo keeps about 1.7 pixels per point. */
export const WORK_SIZE = 2400;
/** Pixels per point of the straightened sheet that is measured. */
export const RECT_SCALE = 2;
const MIN_SIDE = 300;
/** More rows than this share not found (at least 4): the photo is refused, the sheet must be flattened. */
const MAX_UNREGISTERED = 0.12;
/** The outlines' usual contrast below which none was seen: nothing says the grid is where it is measured. */
const MIN_CONTRAST = 0.06;

interface Decoded {
  data: Uint8Array;
  width: number;
  height: number;
}

async function decode(image: Uint8Array): Promise<Decoded | null> {
  try {
    const { data, info } = await sharp(image, { failOn: 'error' })
      .rotate()
      .resize({ width: WORK_SIZE, height: WORK_SIZE, fit: 'inside', withoutEnlargement: true })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 1 || Math.min(info.width, info.height) < MIN_SIDE) return null;
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    };
  } catch {
    return null;
  }
}

function toMat(cv: Cv, img: Decoded): Mat {
  const m = new cv.Mat(img.height, img.width, cv.CV_8UC1);
  m.data.set(img.data);
  return m;
}

/** Markers on the working image, then (blurred or noisy photos) on a half-size copy. */
async function findHomography(cv: Cv, gray: Mat, layout: SheetLayout): Promise<Homography | null> {
  const h = await sheetHomography(gray, layout);
  if (h) return h;
  const half = new cv.Mat();
  try {
    cv.resize(
      gray,
      half,
      new cv.Size(Math.round(gray.cols / 2), Math.round(gray.rows / 2)),
      0,
      0,
      cv.INTER_AREA,
    );
    const hh = await sheetHomography(half, layout);
    // Back to full-size pixels: scale the image side of the mapping by 2.
    return hh ? hh.map((v, i) => (i < 6 ? v * 2 : v)) : null;
  } finally {
    half.delete();
  }
}

/**
 * The paper's brightness at every point: a morphological closing with a box wider and taller than
 * an ellipse and its gap (ink smaller than the box disappears, while the straight edge of a
 * shadow, longer than the box, stays where it is).
 */
function paperMap(cv: Cv, rect: Mat): GrayImage {
  const kernel = cv.getStructuringElement(
    cv.MORPH_RECT,
    new cv.Size(Math.round(17 * RECT_SCALE), Math.round(12 * RECT_SCALE)),
  );
  const out = new cv.Mat();
  try {
    cv.morphologyEx(rect, out, cv.MORPH_CLOSE, kernel);
    return { data: out.data.slice(), width: out.cols, height: out.rows };
  } finally {
    kernel.delete();
    out.delete();
  }
}

export interface SheetMeasure {
  rect: GrayImage;
  spots: SpotMeasure[][];
  t: Thresholds;
  /** Per option A..E, the core line (classify.ts coreLines), when the sheet has enough blanks. */
  cores?: number[];
  /** The same for the veiled ellipses, in full-light units (light.ts veiledCoreLines). */
  veiledCores?: number[];
  sheetId: string | null;
  placed: Placed;
  /** The paper's usual grey level on this photo (the median around the ellipses). */
  paperLevel: number;
  /** Per ellipse, the light's share of the usual print contrast (light.ts), 1 where nothing was scaled. */
  light: Light[][];
}

/** The measuring half of readSheet, also used by the bench and tests for diagnostics. */
export async function measureSheet(
  image: Uint8Array,
  layout: SheetLayout,
): Promise<SheetMeasure | 'FORM_SCAN_IMAGE_UNREADABLE' | 'FORM_SCAN_NO_MARKS'> {
  const decoded = await decode(image);
  if (!decoded) return 'FORM_SCAN_IMAGE_UNREADABLE';
  const cv = await loadCv();
  const gray = toMat(cv, decoded);
  try {
    const h = await findHomography(cv, gray, layout);
    if (!h) return 'FORM_SCAN_NO_MARKS';
    const w = Math.round(layout.width * RECT_SCALE);
    const hh = Math.round(layout.height * RECT_SCALE);
    const warped = warpRegion(cv, gray, h, RECT_SCALE, 0, 0, w, hh);
    const rect: GrayImage = { data: warped.data.slice(), width: w, height: hh };
    const background = paperMap(cv, warped);
    warped.delete();
    // Measured where the printed outlines are, not where a flat sheet would have them.
    const placed = registerGrid(rect, layout, RECT_SCALE);
    const spots = layout.questions.map((q, i) =>
      q.options.map((o, k) =>
        measureSpot(
          rect,
          { cx: placed.centres[i][k][0], cy: placed.centres[i][k][1], rx: o.rx * RECT_SCALE, ry: o.ry * RECT_SCALE },
          undefined,
          background,
          true,
        ),
      ),
    );
    // Each ellipse under its own light: where a shadow's veil or a glare lowers the print's
    // contrast, its outline is found as well as the light lets it be seen and every darkness on it
    // is the same share of what it would be in full light.
    const light = lightOnEllipses(rect, layout, placed, spots, RECT_SCALE);
    placed.rowQuality = rowQualities(placed, layout, light);
    spots.splice(0, spots.length, ...unveilAll(spots, light));
    // The sheet's distributions from the rows found where they were printed only.
    const trusted = spots.filter((_, i) => placed.rowQuality[i] >= MIN_ROW_QUALITY);
    const base = (trusted.length ? trusted : spots).flat();
    const t = withMapShift(thresholds(base.map((s) => s.fill)), base);
    const cores = coreLines(t, trusted.length ? trusted : spots);
    const veiledCores = veiledCoreLines(t, spots.filter((_, i) => placed.rowQuality[i] >= MIN_ROW_QUALITY), light.filter((_, i) => placed.rowQuality[i] >= MIN_ROW_QUALITY));
    const sheetId = readQr(cv, gray, h, layout.qr);
    const papers = spots.flat().map((s) => s.paper).sort((a, b) => a - b);
    return { rect, spots, t, cores, veiledCores, sheetId, placed, paperLevel: papers[papers.length >> 1], light };
  } finally {
    gray.delete();
  }
}

/**
 * The sheet's thresholds for one row, with its blank line brought down where the row's printed
 * outlines show less contrast than usual (glare, a shadow's veil, blur): every difference of
 * darkness there is smaller, a light pencil mark's too (more so once clipped to white), so the
 * margin above the row's own blank ellipses shrinks with the square of the contrast. Where the
 * contrast is as usual, nothing changes.
 */
function rowThresholds(m: SheetMeasure, i: number): Thresholds {
  const q = Math.min(1, m.placed.rowQuality[i]);
  // Paper burnt white here but not on most of the sheet: a lamp's glare, which clips a light
  // mark's grey away long before the black outlines'. Only a hair above the row's blanks is blank.
  const paper = [...m.spots[i].map((s) => s.paper)].sort((a, b) => a - b)[2];
  const glare = paper >= 250 && m.paperLevel <= 240;
  if (q >= 0.95 && !glare) return m.t;
  // The row's own blank level: its second lightest ellipse (a row has at least one blank in most
  // answers, and the lightest alone could be a speck of glare).
  const fills = m.spots[i].map((s) => s.fill).sort((a, b) => a - b);
  const local = Math.min(m.t.blankCentre, fills[1]);
  const margin = (m.t.lo - m.t.blankCentre) * q * q;
  const lo = Math.min(m.t.lo, local + (glare ? Math.min(margin, 0.02) : margin));
  return { ...m.t, lo };
}

async function rowCrop(
  rect: GrayImage,
  box: { x: number; y: number; w: number; h: number },
): Promise<Uint8Array> {
  const left = Math.max(0, Math.round(box.x * RECT_SCALE));
  const top = Math.max(0, Math.round(box.y * RECT_SCALE));
  const width = Math.min(rect.width - left, Math.round(box.w * RECT_SCALE));
  const height = Math.min(rect.height - top, Math.round(box.h * RECT_SCALE));
  const buf = await sharp(rect.data, { raw: { width: rect.width, height: rect.height, channels: 1 } })
    .extract({ left, top, width, height })
    .resize({ width: width * 2 })
    .jpeg({ quality: 82 })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
}

export async function readSheet(image: Uint8Array, opts: ReadSheetOptions): Promise<SheetReading> {
  const layout = sheetLayout(opts.questionCount);
  const m = await measureSheet(image, layout);
  if (typeof m === 'string') return { ok: false, code: m };
  const lost = m.placed.rowQuality.filter((q) => q < MIN_ROW_QUALITY).length;
  // No outline seen anywhere: too blurred or dark to tell where the grid is.
  if (m.placed.contrast < MIN_CONTRAST) return { ok: false, code: 'FORM_SCAN_IMAGE_UNREADABLE', sheetId: m.sheetId };
  if (lost > Math.max(4, MAX_UNREGISTERED * layout.questions.length)) return { ok: false, code: 'FORM_SCAN_SHEET_FOLDED', sheetId: m.sheetId };
  let any = false;
  const questions: QuestionReading[] = layout.questions.map((q, i) => {
    const reading: QuestionReading = {
      n: q.n,
      marked: [],
      uncertain: [],
      fills: m.spots[i].map((s) => Math.round(s.fill * 1000) / 1000),
    };
    const registered = m.placed.rowQuality[i] >= MIN_ROW_QUALITY;
    const t = rowThresholds(m, i);
    m.spots[i].forEach((s, k) => {
      // A row not found where it was printed: every option the candidate's to confirm.
      const coreLo = m.cores ? coreLineAt(m.cores, m.veiledCores, m.light[i][k], k) : undefined;
      const d = registered ? decide(s, coreLo !== undefined ? { ...t, coreLo } : t) : 'uncertain';
      if (d === 'marked') reading.marked.push(SHEET_OPTIONS[k]);
      else if (d === 'uncertain') reading.uncertain.push(SHEET_OPTIONS[k]);
    });
    if (reading.marked.length || reading.uncertain.length) any = true;
    return reading;
  });
  if (!any) return { ok: false, code: 'FORM_SCAN_MISSING_RESPONSES', sheetId: m.sheetId };
  const uncertainCrops: Record<number, Uint8Array> = {};
  for (const q of questions) {
    if (q.uncertain.length) uncertainCrops[q.n] = await rowCrop(m.rect, layout.questions[q.n - 1].row);
  }
  return { ok: true, sheetId: m.sheetId, questions, uncertainCrops };
}

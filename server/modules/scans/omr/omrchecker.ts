// Reads the public OMRChecker samples (../shared/omr-samples) with our measuring and decision
// code (measure.ts, classify.ts): their template.json (OMRChecker's format: pageDimensions,
// bubbleDimensions, fieldBlocks with origin / bubblesGap / labelsGap / fieldLabels / fieldType)
// gives the bubbles in page coordinates; the image is brought to those coordinates as the
// template's preprocessors say, the way OMRChecker does it: CropPage (page outline: truncate,
// close, Canny, largest 4-corner contour, at the 666x820 processing size), CropOnMarkers (the
// marker image matched in each quarter, the 4 centres straightened), GaussianBlur (not needed:
// the measure averages). Only the q* multiple-choice fields are read (not roll numbers).
// A small shift search per block absorbs the gap between OMRChecker's crop and ours.
import type { Mat } from '@techstark/opencv-js';
import sharp from 'sharp';
import { loadCv, type Cv } from './opencv.ts';
import { measureSpot, type GrayImage, type SpotMeasure } from './measure.ts';
import { decide, thresholds } from './classify.ts';

export interface OmrTemplate {
  pageDimensions: [number, number];
  bubbleDimensions: [number, number];
  preProcessors?: { name: string; options?: Record<string, unknown> }[];
  fieldBlocks: Record<
    string,
    {
      fieldType?: string;
      origin: [number, number];
      bubblesGap: number;
      labelsGap: number;
      fieldLabels: string[];
      bubbleValues?: string[];
      direction?: 'horizontal' | 'vertical';
      bubbleDimensions?: [number, number];
    }
  >;
}

export interface TemplateField {
  label: string;
  block: string;
  values: string[];
  /** Bubble rectangles (top-left and size) in page coordinates. */
  bubbles: { x: number; y: number; w: number; h: number }[];
}

const MCQ: Record<string, string[]> = {
  QTYPE_MCQ4: ['A', 'B', 'C', 'D'],
  QTYPE_MCQ5: ['A', 'B', 'C', 'D', 'E'],
};

/** 'q1..10' -> q1 .. q10, as OMRChecker expands field labels. */
export function expandLabels(labels: string[]): string[] {
  return labels.flatMap((l) => {
    const m = /^([^.\d]+)(\d+)\.\.(\d+)$/.exec(l);
    if (!m) return [l];
    const out: string[] = [];
    for (let i = Number(m[2]); i <= Number(m[3]); i++) out.push(`${m[1]}${i}`);
    return out;
  });
}

/** The multiple-choice question fields (q*) of a template, bubbles laid out as OMRChecker does. */
export function templateFields(t: OmrTemplate): TemplateField[] {
  const fields: TemplateField[] = [];
  for (const [block, b] of Object.entries(t.fieldBlocks)) {
    const values = b.bubbleValues ?? MCQ[b.fieldType ?? ''];
    if (!values || !b.fieldType || !MCQ[b.fieldType]) continue;
    const [w, h] = b.bubbleDimensions ?? t.bubbleDimensions;
    const vertical = b.direction === 'vertical';
    expandLabels(b.fieldLabels).forEach((label, li) => {
      if (!/^q\d+$/.test(label)) return;
      const bubbles = values.map((_, bi) => {
        const along = bi * b.bubblesGap;
        const across = li * b.labelsGap;
        return vertical
          ? { x: b.origin[0] + across, y: b.origin[1] + along, w, h }
          : { x: b.origin[0] + along, y: b.origin[1] + across, w, h };
      });
      fields.push({ label, block, values, bubbles });
    });
  }
  return fields;
}

/** Page corners (tl, tr, br, bl) in the given grey image, OMRChecker's CropPage way, or null. */
function findPage(cv: Cv, gray: Mat): number[] | null {
  const PW = 666;
  const PH = 820;
  const small = new cv.Mat();
  const work = new cv.Mat();
  const edges = new cv.Mat();
  const contours = new cv.MatVector();
  const hier = new cv.Mat();
  const kernel = cv.Mat.ones(10, 10, cv.CV_8U);
  try {
    cv.resize(gray, small, new cv.Size(PW, PH), 0, 0, cv.INTER_AREA);
    cv.normalize(small, work, 0, 255, cv.NORM_MINMAX);
    cv.threshold(work, work, 210, 255, cv.THRESH_TRUNC);
    cv.normalize(work, work, 0, 255, cv.NORM_MINMAX);
    cv.morphologyEx(work, work, cv.MORPH_CLOSE, kernel);
    cv.Canny(work, edges, 185, 55);
    cv.findContours(edges, contours, hier, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    const list: { i: number; area: number }[] = [];
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      list.push({ i, area: cv.contourArea(c) });
      c.delete();
    }
    list.sort((a, b) => b.area - a.area);
    for (const { i, area } of list.slice(0, 5)) {
      if (area < 80000) continue;
      const c = contours.get(i);
      const approx = new cv.Mat();
      cv.approxPolyDP(c, approx, 0.025 * cv.arcLength(c, true), true);
      const pts = approx.rows === 4 ? Array.from(approx.data32S) : null;
      c.delete();
      approx.delete();
      if (!pts) continue;
      const p = [0, 1, 2, 3].map((k) => [(pts[k * 2] * gray.cols) / PW, (pts[k * 2 + 1] * gray.rows) / PH]);
      const bySum = [...p].sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
      const byDiff = [...p].sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
      return [...bySum[0], ...byDiff[0], ...bySum[3], ...byDiff[3]];
    }
    return null;
  } finally {
    [small, work, edges, contours, hier, kernel].forEach((m) => m.delete());
  }
}

export type SampleAnswer = { marked: string; uncertain: string };
export type SampleReading =
  { ok: true; answers: Record<string, SampleAnswer> } | { ok: false; reason: string };

/** Unsupported preprocessors of a template, if any (the sample is then skipped). */
/** OMRChecker's preprocessors this adapter reproduces (every sample in shared/omr-samples uses only these). */
export const ADAPTED_PREPROCESSORS = ['CropPage', 'CropOnMarkers', 'GaussianBlur', 'Levels', 'MedianBlur'];

export function unsupported(t: OmrTemplate): string[] {
  return (t.preProcessors ?? []).map((p) => p.name).filter((n) => !ADAPTED_PREPROCESSORS.includes(n));
}

export interface SampleContext {
  /** The template's marker image (CropOnMarkers' relativePath), read by the caller. */
  marker?: Uint8Array;
  /** OMRChecker's processing size (config.json dimensions), default 666 x 820. */
  processing?: [number, number];
}

function warpQuad(cv: Cv, src: Mat, quad: number[], W: number, H: number): Mat {
  const s = cv.matFromArray(4, 1, cv.CV_32FC2, quad);
  const d = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, W, 0, W, H, 0, H]);
  const M = cv.getPerspectiveTransform(s, d);
  const out = new cv.Mat();
  cv.warpPerspective(src, out, M, new cv.Size(W, H), cv.INTER_AREA, cv.BORDER_REPLICATE, new cv.Scalar());
  [s, d, M].forEach((m) => m.delete());
  return out;
}

/** img - erode(img) (5x5, 5 times), normalised: OMRChecker's edge-like view for marker matching. */
function erodeSub(cv: Cv, img: Mat): Mat {
  const eroded = new cv.Mat();
  const kernel = cv.Mat.ones(5, 5, cv.CV_8U);
  cv.erode(img, eroded, kernel, new cv.Point(-1, -1), 5);
  const out = new cv.Mat();
  cv.subtract(img, eroded, out);
  cv.normalize(out, out, 0, 255, cv.NORM_MINMAX);
  eroded.delete();
  kernel.delete();
  return out;
}

/**
 * CropOnMarkers as OMRChecker does it: the marker image scaled to 1/ratio of the sheet's width
 * (then 85..115 %), matched (normalised correlation) in each quarter of the eroded-minus image
 * (the lower quarters start at a third of the height), the 4 match centres (tl, tr, br, bl).
 */
// OMRChecker's own range around the template's ratio. A wider one finds UmarFarootAPS's markers
// (they are about half the size the template says) but then mistakes other print for sample5's
// markers, and a wrong crop means confident wrong answers: the template is taken at its word.
const SCALES = [0.85, 0.9, 0.95, 1, 1.05, 1.1, 1.15];

async function findMarkerCentres(
  cv: Cv,
  img: Mat,
  markerBytes: Uint8Array,
  ratio: number,
): Promise<number[] | null> {
  const { data, info } = await sharp(markerBytes)
    .rotate()
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = new cv.Mat(info.height, info.width, cv.CV_8UC1);
  raw.data.set(data);
  const sub = erodeSub(cv, img);
  const W = img.cols;
  const H = img.rows;
  const midw = Math.floor(W / 2);
  const midh = Math.floor(H / 3);
  const quads = [
    [0, 0, midw, midh],
    [midw, 0, W - midw, midh],
    [midw, midh, W - midw, H - midh],
    [0, midh, midw, H - midh],
  ];
  let best: { score: number; centres: number[] } | null = null;
  try {
    for (const scale of SCALES) {
      const mw = Math.max(5, Math.round((W / ratio) * scale));
      const mh = Math.max(5, Math.round((mw * info.height) / info.width));
      const m0 = new cv.Mat();
      cv.resize(raw, m0, new cv.Size(mw, mh), 0, 0, cv.INTER_AREA);
      cv.GaussianBlur(m0, m0, new cv.Size(5, 5), 0);
      cv.normalize(m0, m0, 0, 255, cv.NORM_MINMAX);
      const marker = erodeSub(cv, m0);
      m0.delete();
      let score = 0;
      const centres: number[] = [];
      for (const [x, y, w, h] of quads) {
        const roi = sub.roi(new cv.Rect(x, y, w, h));
        const res = new cv.Mat();
        cv.matchTemplate(roi, marker, res, cv.TM_CCOEFF_NORMED);
        const mm = cv.minMaxLoc(res);
        score += mm.maxVal;
        centres.push(x + mm.maxLoc.x + mw / 2, y + mm.maxLoc.y + mh / 2);
        roi.delete();
        res.delete();
      }
      marker.delete();
      if (!best || score > best.score) best = { score, centres };
    }
  } finally {
    raw.delete();
    sub.delete();
  }
  // Four weak matches: no markers on this image.
  return best && best.score / 4 > 0.3 ? best.centres : null;
}

/** The image in the template's page coordinates (see the preprocessors above), or why not. */
export async function samplePage(
  image: Uint8Array,
  t: OmrTemplate,
  ctx: SampleContext = {},
): Promise<GrayImage | string> {
  const skip = unsupported(t);
  // The image is not read rather than read without a step its template relies on.
  if (skip.length) return `template preprocessor ${skip.join(', ')} outside this adapter (it reproduces ${ADAPTED_PREPROCESSORS.join(', ')})`;
  const cv = await loadCv();
  const { data, info } = await sharp(image).rotate().grayscale().raw().toBuffer({ resolveWithObject: true });
  let cur = new cv.Mat(info.height, info.width, cv.CV_8UC1);
  cur.data.set(data);
  const [W, H] = t.pageDimensions;
  const [PW, PH] = ctx.processing ?? [666, 820];
  try {
    const steps = t.preProcessors ?? [];
    for (const [i, p] of steps.entries()) {
      if (p.name === 'CropPage') {
        const quad = findPage(cv, cur);
        if (!quad) return 'page outline not found';
        // Straight to the page's size unless markers are still to be found (at processing size).
        const last = !steps.slice(i + 1).some((q) => q.name === 'CropOnMarkers');
        const next = last ? warpQuad(cv, cur, quad, W, H) : warpQuad(cv, cur, quad, PW, PH);
        cur.delete();
        cur = next;
      } else if (p.name === 'CropOnMarkers') {
        if (!ctx.marker) return 'marker image missing';
        if (cur.cols !== PW || cur.rows !== PH) {
          const next = new cv.Mat();
          cv.resize(cur, next, new cv.Size(PW, PH), 0, 0, cv.INTER_AREA);
          cur.delete();
          cur = next;
        }
        const ratio = Number(p.options?.sheetToMarkerWidthRatio ?? 17);
        const centres = await findMarkerCentres(cv, cur, ctx.marker, ratio);
        if (!centres) return 'markers not found';
        const next = warpQuad(cv, cur, centres, PW, PH);
        cur.delete();
        cur = next;
      }
    }
    const page = new cv.Mat();
    cv.resize(cur, page, new cv.Size(W, H), 0, 0, cv.INTER_AREA);
    const out = { data: page.data.slice(), width: W, height: H };
    page.delete();
    return out;
  } finally {
    cur.delete();
  }
}

export async function readOmrCheckerSample(
  image: Uint8Array,
  t: OmrTemplate,
  ctx: SampleContext = {},
): Promise<SampleReading> {
  const page = await samplePage(image, t, ctx);
  if (typeof page === 'string') return { ok: false, reason: page };
  return { ok: true, answers: decideFields(page, templateFields(t)) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function measureField(img: GrayImage, f: TemplateField, dx: number, dy: number): SpotMeasure[] {
  return f.bubbles.map((b) =>
    measureSpot(img, { cx: b.x + b.w / 2 + dx, cy: b.y + b.h / 2 + dy, rx: b.w / 2, ry: b.h / 2 }),
  );
}

/**
 * Each block shifted by the offset (within a third of its bubble spacing) that makes its rows'
 * darkest bubbles darkest: filled bubbles centred under the template's rectangles. Then the
 * sheet's own thresholds (classify.ts) over all its bubbles.
 */
export function decideFields(img: GrayImage, fields: TemplateField[]): Record<string, SampleAnswer> {
  const blocks = new Map<string, TemplateField[]>();
  for (const f of fields) (blocks.get(f.block) ?? blocks.set(f.block, []).get(f.block)!).push(f);
  const measured = new Map<string, SpotMeasure[]>();
  for (const list of blocks.values()) {
    const b0 = list[0].bubbles;
    const gap = b0.length > 1 ? Math.hypot(b0[1].x - b0[0].x, b0[1].y - b0[0].y) : b0[0].w * 2;
    const range = Math.max(2, Math.round(gap / 3));
    const step = Math.max(1, Math.round(range / 6));
    let best = { score: -Infinity, dx: 0, dy: 0 };
    for (let dy = -range; dy <= range; dy += step) {
      for (let dx = -range; dx <= range; dx += step) {
        let score = 0;
        for (const f of list) score += Math.max(...measureField(img, f, dx, dy).map((m) => m.fill));
        // Ties and near-ties go to the template's own place.
        score -= 1e-4 * Math.hypot(dx, dy);
        if (score > best.score) best = { score, dx, dy };
      }
    }
    list.forEach((f) => measured.set(f.label, measureField(img, f, best.dx, best.dy)));
  }
  // These sheets print bold letters inside the bubbles, each letter its own darkness. With 4 or
  // more questions, each option's median fill over the whole sheet (a blank, unless most
  // candidates' answers are that letter) is taken as that letter's blank level and levelled out.
  // Our own sheet prints its letters light grey and needs none of this.
  const rows = fields.map((f) => measured.get(f.label)!);
  if (rows.length >= 4) {
    const width = Math.max(...rows.map((r) => r.length));
    const cols = Array.from({ length: width }, (_, k) =>
      median(rows.filter((r) => r.length > k).map((r) => r[k].fill)),
    );
    const ref = median(cols);
    for (const r of rows)
      r.forEach((m, k) => {
        const d = cols[k] - ref;
        m.fill -= d;
        m.low -= d;
        m.high -= d;
      });
  }
  const t = thresholds([...measured.values()].flat().map((m) => m.fill));
  const out: Record<string, SampleAnswer> = {};
  for (const f of fields) {
    const ms = measured.get(f.label)!;
    let marked = '';
    let uncertain = '';
    ms.forEach((m, i) => {
      const d = decide(m, t);
      if (d === 'marked') marked += f.values[i];
      else if (d === 'uncertain') uncertain += f.values[i];
    });
    out[f.label] = { marked, uncertain };
  }
  return out;
}

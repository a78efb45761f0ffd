// Local registration (issue 22): the four corner markers fix the sheet as if it were flat, but a
// curled, folded or crumpled sheet moves its grid by several points between them. So the reader
// looks, block by block, for the printed ellipse outlines themselves and measures where they are:
// each printed group of 5 rows in a column (25 ellipses) is shifted to where its outlines are
// darkest against the paper just outside them, then each row and each ellipse is refined within a
// point. How well the outlines are found is measured too: a row whose outlines are not where the
// reader measures cannot be trusted (classify.ts sends it to review), and a sheet with many such
// rows is refused (the candidate flattens it and photographs it again).
import type { GrayImage } from './measure.ts';
import type { SheetLayout } from './sheet-layout.ts';
import { median } from './median.ts';

export interface Placed {
  /** Where each ellipse is on the straightened image, in pixels, by question then option. */
  centres: [number, number][][];
  /** Per question: how clearly its printed outlines were found there, against the sheet's usual (1 = as usual). */
  rowQuality: number[];
  /** Per question then option: the outline's contrast where it was found (light.ts takes the light out of it). */
  ellipseContrast: number[][];
  /** Per question: its block sits off its neighbours' shift, maybe on another row's outlines (never trusted). */
  moved: boolean[];
  /** The sheet's usual outline contrast (0..1): near 0, no outline could be seen anywhere. */
  contrast: number;
}

interface Ring {
  band: number[];
  out: number[];
}

/** Pixel offsets (as index deltas) of the outline band and the paper ring just outside it. */
function ringOffsets(rx: number, ry: number, width: number, step = 1): Ring {
  const band: number[] = [];
  const out: number[] = [];
  const R = Math.ceil(Math.max(rx, ry) * 1.6);
  for (let y = -R; y <= R; y += step) {
    for (let x = -R; x <= R; x += step) {
      const d = Math.hypot(x / rx, y / ry);
      if (d >= 0.84 && d <= 1.16) band.push(y * width + x);
      else if (d >= 1.3 && d <= 1.58) out.push(y * width + x);
    }
  }
  return { band, out };
}

/** (paper outside − outline band) / paper outside at integer centre (x, y); 0 where out of the image. */
function contrastAt(img: GrayImage, ring: Ring, margin: number, x: number, y: number): number {
  if (x < margin || y < margin || x >= img.width - margin || y >= img.height - margin) return 0;
  const c = y * img.width + x;
  const d = img.data;
  let b = 0;
  for (const o of ring.band) b += d[c + o];
  let p = 0;
  for (const o of ring.out) p += d[c + o];
  const paper = p / ring.out.length;
  return paper > 0 ? (paper - b / ring.band.length) / paper : 0;
}

function sumAt(
  img: GrayImage,
  ring: Ring,
  margin: number,
  pts: [number, number][],
  dx: number,
  dy: number,
): number {
  let s = 0;
  for (const [x, y] of pts) s += contrastAt(img, ring, margin, Math.round(x + dx), Math.round(y + dy));
  return s;
}

/** The shift within ±radius (in steps of `step`) that puts the outlines of `pts` best; ties keep the smaller shift. */
function bestShift(
  img: GrayImage,
  ring: Ring,
  margin: number,
  pts: [number, number][],
  cx: number,
  cy: number,
  radius: number,
  step: number,
): { dx: number; dy: number; score: number } {
  let best = { dx: cx, dy: cy, score: -Infinity };
  for (let dy = -radius; dy <= radius; dy += step) {
    for (let dx = -radius; dx <= radius; dx += step) {
      const s = sumAt(img, ring, margin, pts, cx + dx, cy + dy);
      if (s > best.score + 1e-9) best = { dx: cx + dx, dy: cy + dy, score: s };
    }
  }
  return best;
}

/**
 * A row whose printed outlines show less than half as clearly as the sheet's usual row is not
 * where the reader looks (a crease, a fold, a lifted corner): its options go to review.
 */
export const MIN_ROW_QUALITY = 0.5;

/** Points: how far a block may sit from its neighbours' shift and still be believed (half a row's pitch). */
const MAX_STEP = 7;


/**
 * Finds the printed ellipses on `rect` (the sheet straightened by the corner markers, `scale`
 * pixels per point). `search` is how far (points) a block may have moved: less than half a row's
 * pitch, so that a block cannot take its neighbour row's outlines for its own; a block further
 * off is found one row's or one option's pitch away (where all its outlines match, not all but
 * one) or from its neighbours' shifts (the paper bends smoothly between them).
 */
export function registerGrid(rect: GrayImage, layout: SheetLayout, scale: number, search = 6.5): Placed {
  const o0 = layout.questions[0].options[0];
  const ring = ringOffsets(o0.rx * scale, o0.ry * scale, rect.width);
  const coarseRing = ringOffsets(o0.rx * scale, o0.ry * scale, rect.width, 2);
  const margin = Math.ceil(o0.rx * scale * 1.6) + 2;
  const nominal = layout.questions.map((q) => q.options.map((o) => [o.cx * scale, o.cy * scale] as [number, number]));
  // Blocks: the printed groups of 5 rows in each column.
  const blocks = new Map<string, number[]>();
  layout.questions.forEach((_, i) => {
    const col = Math.floor(i / layout.rowsPerColumn);
    const grp = Math.floor((i % layout.rowsPerColumn) / 5);
    const key = `${col}:${grp}`;
    blocks.set(key, [...(blocks.get(key) ?? []), i]);
  });
  const keys = [...blocks.keys()];
  const pts = (k: string) => blocks.get(k)!.flatMap((i) => nominal[i]);
  const around = (p: [number, number][], cx: number, cy: number, radiusPt: number) => {
    const coarse = bestShift(rect, coarseRing, margin, p, Math.round(cx), Math.round(cy), Math.round(radiusPt * scale), 2);
    return bestShift(rect, ring, margin, p, coarse.dx, coarse.dy, 1, 1);
  };
  // The grid repeats itself: a block moved by more than the search may still match all but one
  // of its rows (or columns) one pitch away. So each block also tries one row's and one option's
  // pitch either way; the true place matches all 25 outlines and scores highest.
  const rowPitch = nominal.length > 1 ? nominal[1][0][1] - nominal[0][0][1] : 0;
  const optPitch = nominal[0][1][0] - nominal[0][0][0];
  const shift = new Map<string, { dx: number; dy: number; score: number }>();
  for (const k of keys) {
    const p = pts(k);
    let best = around(p, 0, 0, search);
    const base = best;
    for (const [ox, oy] of [
      [0, rowPitch],
      [0, -rowPitch],
      [optPitch, 0],
      [-optPitch, 0],
    ]) {
      const c = around(p, base.dx + ox, base.dy + oy, 2);
      if (c.score > best.score) best = c;
    }
    shift.set(k, best);
  }
    // A block whose shift disagrees with its neighbours' may have locked onto the wrong outlines,
  // or moved further than the search: look again around each neighbour's shift, keep the best.
  const neighbours = (k: string) => {
    const [c, g] = k.split(':').map(Number);
    return [`${c}:${g - 1}`, `${c}:${g + 1}`, `${c - 1}:${g}`, `${c + 1}:${g}`].filter((n) => blocks.has(n));
  };
  for (let pass = 0; pass < 3; pass++) {
    let changed = false;
    for (const k of keys) {
      const ns = neighbours(k).map((n) => shift.get(n)!);
      if (!ns.length) continue;
      const px = median(ns.map((n) => n.dx));
      const py = median(ns.map((n) => n.dy));
      const own = shift.get(k)!;
      if (Math.hypot(own.dx - px, own.dy - py) <= 2.5 * scale) continue;
      const p = pts(k);
      let best = own;
      for (const n of ns) {
        if (Math.hypot(own.dx - n.dx, own.dy - n.dy) <= 2.5 * scale) continue;
        const again = around(p, n.dx, n.dy, 3);
        if (again.score > best.score) best = again;
      }
      if (best !== own) {
        shift.set(k, best);
        changed = true;
      }
    }
    if (!changed) break;
  }
  // Paper bends smoothly: a block still off its neighbours by more than half a row's pitch after
  // that may sit on another row's outlines (a grid repeats itself), so its rows are not trusted.
  const suspect = new Set<string>();
  for (const k of keys) {
    const ns = neighbours(k).map((n) => shift.get(n)!);
    if (ns.length < 2) continue;
    const own = shift.get(k)!;
    const px = median(ns.map((n) => n.dx));
    const py = median(ns.map((n) => n.dy));
    if (Math.hypot(own.dx - px, own.dy - py) > MAX_STEP * scale) suspect.add(k);
  }
  // Each row within a point of its block's shift, then each ellipse within a pixel of its row's.
  const centres: [number, number][][] = [];
  const rowContrast: number[] = [];
  const ellipseContrast: number[][] = [];
  for (const k of keys) {
    const b = shift.get(k)!;
    for (const i of blocks.get(k)!) {
      const row = bestShift(rect, ring, margin, nominal[i], b.dx, b.dy, Math.round(scale), 1);
      const cs: [number, number][] = [];
      const contrasts: number[] = [];
      for (const [x, y] of nominal[i]) {
        const e = bestShift(rect, ring, margin, [[x, y]], row.dx, row.dy, 1, 1);
        cs.push([x + e.dx, y + e.dy]);
        contrasts.push(e.score);
      }
      centres[i] = cs;
      ellipseContrast[i] = contrasts;
      // The row's middle contrast: one or two ellipses inked past their outline do not spoil it.
      rowContrast[i] = median(contrasts);
    }
  }
  const moved = layout.questions.map(() => false);
  for (const k of suspect) for (const i of blocks.get(k)!) moved[i] = true;
  const placed = { centres, rowQuality: [], ellipseContrast, moved, contrast: median(rowContrast) };
  return { ...placed, rowQuality: rowQualities(placed, layout) };
}

/** The printed groups of 5 rows in each column, as lists of question indexes. */
function rowBlocks(layout: SheetLayout): number[][] {
  const blocks = new Map<string, number[]>();
  layout.questions.forEach((_, i) => {
    const key = `${Math.floor(i / layout.rowsPerColumn)}:${Math.floor((i % layout.rowsPerColumn) / 5)}`;
    blocks.set(key, [...(blocks.get(key) ?? []), i]);
  });
  return [...blocks.values()];
}

/**
 * Each row's quality (see Placed): its outlines' middle contrast against the sheet's usual row
 * as photographed, each outline's contrast first divided by the light's share at it when `light` is given
 * (light.ts: a veiled row whose outlines are where they were printed is found as well as a lit
 * one). 0 for rows never trusted: a block off its neighbours, or one row off.
 */
export function rowQualities(placed: Omit<Placed, 'rowQuality'>, layout: SheetLayout, light?: { k: number }[][]): number[] {
  const rowContrast = placed.ellipseContrast.map((cs, i) => median(light ? cs.map((c, k) => c / light[i][k].k) : cs));
  // Against the sheet's usual row as photographed (placed.contrast): a photo burnt white all over
  // lowers most outlines' contrast, and lifting the usual with them would lose the rows it lifts least.
  const contrast = placed.contrast;
  const rowQuality = rowContrast.map((c) => (contrast > 0 ? c / contrast : 0));
  // A block one row off matches all its rows but the first or last (that one lies on the gap or
  // the paper beyond the grid): such a block is not trusted at all, even its rows that match.
  for (const rows of rowBlocks(layout)) {
    const shifted =
      rows.some((i) => placed.moved[i]) ||
      (rows.length >= 3 &&
        Math.min(rowQuality[rows[0]], rowQuality[rows[rows.length - 1]]) < MIN_ROW_QUALITY &&
        median(rows.slice(1, -1).map((i) => rowQuality[i])) >= 0.8);
    if (shifted) for (const i of rows) rowQuality[i] = 0;
  }
  return rowQuality;
}

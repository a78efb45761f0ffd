// Marked / blank / uncertain, decided from the sheet's own fills (one photo's light, pen and paper
// set the scale, not a constant). Two clusters are split where they are best separated (Otsu's
// rule on the fills); the blank cluster's centre and spread, and the distance to the marked one,
// then set two thresholds: below `lo` blank, from `hi` up marked, between them uncertain (the
// candidate confirms it on the review screen). Both thresholds are measured from the blank side:
// the mistake to avoid is a blank read as marked (or the reverse) with confidence, and the blank
// cluster is the large, well-estimated one.

export type Decision = 'marked' | 'blank' | 'uncertain';

export interface Thresholds {
  lo: number;
  hi: number;
  blankCentre: number;
  blankSpread: number;
  markCentre: number | null;
  /**
   * How much higher the paper-map fill of a blank ellipse reads than its ring fill on this sheet
   * (the map's closing lifts the paper level a little): taken off `mapped` before comparing it with
   * thresholds measured on ring fills. 0 until `withMapShift` measures it.
   */
  mapShift?: number;
  /**
   * The interior's covered share (measure.ts `core`) from which an ellipse is not blank whatever
   * its mean fill: a few blank spreads above the sheet's blank ellipses of the same option
   * (`coreLines`). Unset: no such check.
   */
  coreLo?: number;
}

/**
 * Two clusters' gap below which the sheet is taken to have no marked cluster at all: a hard
 * pencil pressed lightly fills an ellipse to about 0.2.
 */
const MIN_GAP = 0.1;
/** Below this fill the ink is too little to be a mark (a dot, a speck): blank whatever the sheet. */
const ABS_FLOOR = 0.06;
/**
 * With no marked cluster to compare with (a sheet answered on one or two rows), only solid ink is
 * read as marked: at least half the ellipse dark, and 0.4 above the blank cloth. A pen or soft pencil
 * filling the ellipse as instructed reads 0.7–0.9; a light or partial mark stays the candidate's
 * to confirm.
 */
const SOLID_INK = 0.5;
const SOLID_INK_ABOVE_CLOTH = 0.4;

function median(sorted: number[]): number {
  if (sorted.length === 0) return 0;
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/** Robust spread (MAD scaled to a normal sigma), floored so a perfectly clean sheet is not too strict. */
function spread(sorted: number[], centre: number): number {
  const dev = sorted.map((v) => Math.abs(v - centre)).sort((a, b) => a - b);
  return Math.max(1.4826 * median(dev), 0.012);
}

/** Otsu's split of sorted values: the index where the marked cluster starts. */
function otsuSplit(sorted: number[]): number {
  const n = sorted.length;
  let total = 0;
  for (const v of sorted) total += v;
  let best = -1;
  let bestK = n;
  let left = 0;
  for (let k = 1; k < n; k++) {
    left += sorted[k - 1];
    if (sorted[k] === sorted[k - 1]) continue;
    const m0 = left / k;
    const m1 = (total - left) / (n - k);
    const between = k * (n - k) * (m1 - m0) ** 2;
    if (between > best) {
      best = between;
      bestK = k;
    }
  }
  return bestK;
}

export function thresholds(fills: number[]): Thresholds {
  const sorted = [...fills].sort((a, b) => a - b);
  const k = otsuSplit(sorted);
  const blanks = sorted.slice(0, k);
  const marks = sorted.slice(k);
  const bc = median(blanks);
  const bs = spread(blanks, bc);
  const mc = marks.length ? median(marks) : null;
  const ms = mc === null ? 0 : spread(marks, mc);
  // A marked cluster is one clearly apart from the blank one: 2.5 times their spreads together (a
  // hard pencil pressed lightly still stands that far off clean paper), and at least a few marks.
  if (mc === null || marks.length < 3 || mc - bc < Math.max(MIN_GAP, 2.5 * (bs + ms))) {
    // No marked cluster: the whole sheet is blank cloth. Anything clearly off it is uncertain,
    // unless it is solid ink (nothing to compare a lighter mark with), and however wide the
    // cloth's spread, a fill 0.12 above its centre is never taken for blank.
    const c = median(sorted);
    const s = spread(sorted, c);
    const lo = Math.max(c + Math.min(Math.max(4 * s, 0.05), 0.12), ABS_FLOOR);
    const hi = Math.max(SOLID_INK, c + SOLID_INK_ABOVE_CLOTH, lo + 0.06);
    return { lo, hi, blankCentre: c, blankSpread: s, markCentre: null };
  }
  const gap = mc - bc;
  // Confident blank: within the blank cluster (4 spreads, at least 0.05 and a tenth of the gap:
  // paper and print are never quite even) and never past a quarter
  // of the way to the marks, however wide the blank spread (a wide spread, as a misaligned grid
  // makes, must not push the line over real marks: what is in between goes to review).
  const lo = Math.max(Math.min(bc + Math.max(4 * bs, 0.05, 0.1 * gap), bc + 0.25 * gap), ABS_FLOOR);
  // Confident mark: past half-way, clear of the blank cluster by 8 of its spreads, and within
  // reach of the marked cluster (no more than 5 of its spreads, or 40 % of the gap, below its
  // centre): a fill between the two clusters is the candidate's to confirm.
  const hi = Math.max(bc + 0.5 * gap, bc + 8 * bs, mc - Math.max(5 * ms, 0.4 * gap), lo + 0.06);
  return { lo, hi, blankCentre: bc, blankSpread: bs, markCentre: mc };
}

/** The sheet's map shift (see Thresholds), from the ellipses that are blank whichever way measured. */
export function withMapShift(t: Thresholds, spots: { fill: number; high: number; mapped?: number }[]): Thresholds {
  const d = spots
    .filter((s) => s.mapped !== undefined && s.high < t.lo)
    .map((s) => (s.mapped as number) - s.fill)
    .sort((a, b) => a - b);
  return d.length >= 10 ? { ...t, mapShift: median(d) } : t;
}

/**
 * The sheet's core lines (see Thresholds), one per option column: the printed letters A..E cover
 * different shares of their interiors, so each letter's blank ellipses set their own line, from
 * those that are blank whichever way measured, 4 of their spreads (at least 0.035) above them.
 */
export function coreLines(t: Thresholds, rows: { high: number; core: number }[][]): number[] | undefined {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const lines: number[] = [];
  for (let k = 0; k < width; k++) {
    const c = rows
      .map((r) => r[k])
      .filter((s) => s !== undefined && s.high < t.lo)
      .map((s) => s.core)
      .sort((a, b) => a - b);
    if (c.length < 10) return undefined;
    const mid = median(c);
    lines.push(mid + Math.max(4 * spread(c, mid), 0.035));
  }
  return lines;
}

/**
 * One ellipse: marked only if even its lowest possible fill (against the darker paper around it)
 * reaches `hi`, blank only if even its highest stays under `lo` (measure.ts: a shadow's edge).
 * When those bounds disagree because the light changes across the ellipse, the fill against the
 * paper map decides, with a margin, if the map can be trusted there (it found paper, not ink,
 * under the ellipse: at least 85 % of the darker quarters' paper). A fill with strokes past its
 * outline on three or four diagonals (crossed out) is never decided.
 */
export function decide(
  m: { low: number; high: number; mapped?: number; mapTrust?: number; strokesOut?: number; core?: number },
  t: Thresholds,
): Decision {
  const d = decideFill(m, t);
  // A light pencil's grains over much of the ellipse, its mean still among the blanks': never a
  // confident blank (issue 32 §3), the candidate confirms it.
  if (d === 'blank' && t.coreLo !== undefined && (m.core ?? 0) >= t.coreLo) return 'uncertain';
  return d;
}

function decideFill(
  m: { low: number; high: number; mapped?: number; mapTrust?: number; strokesOut?: number },
  t: Thresholds,
): Decision {
  // Strokes through and past the ellipse on all sides, over ink inside it: a fill crossed out.
  // The sheet has no rule for taking an answer back, so the candidate says what it means.
  if ((m.strokesOut ?? 0) >= 3 && m.high >= t.lo) return 'uncertain';
  if (m.low >= t.hi) return 'marked';
  if (m.high < t.lo) return 'blank';
  if (m.mapped !== undefined && m.mapTrust !== undefined && m.mapTrust >= 0.85) {
    const mapped = m.mapped - (t.mapShift ?? 0);
    if (mapped >= t.hi + 0.05 && m.low >= t.lo) return 'marked';
    // Blank against the map with a smaller margin (lo sits within a few blank spreads), and only
    // if the ellipse is blank against its darker paper too: a light mark is not, a crease's
    // shading across the ellipse is.
    if (mapped < t.lo - 0.02 && m.low < t.lo && m.high < t.hi) return 'blank';
  }
  return 'uncertain';
}

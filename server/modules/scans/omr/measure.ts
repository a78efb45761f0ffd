// How dark each ellipse is, on an upright grey image where one sheet point is `scale` pixels.
// Darkness is measured against the paper right around the ellipse (a ring outside its outline),
// so a lamp's gradient across the sheet cancels out: fill = 1 - interior / paper. The interior
// is the ellipse shrunk to 70 %: the printed outline and a blurred edge stay out.
// A shadow's edge can cross an ellipse, and then no single paper level is right for it: the
// ring's four quarters are measured apart, and the fill against the brightest and the darkest
// quarter bound what the fill really is (classify.ts decides with those bounds).
// Also used by the OMRChecker adapter with the bubbles of its own templates.

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Spot {
  /** Centre and half-axes in pixels of the image measured. */
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

export interface SpotMeasure {
  /** Against the whole ring's paper level: the value the sheet's distribution is built from. */
  fill: number;
  /** Against the darker quarters' paper (the least dark the ellipse can be). */
  low: number;
  /** Against the brighter quarters' paper (the darkest it can be). */
  high: number;
  /**
   * Against the paper map (`background`): each pixel against the paper at that very place, which
   * follows a shadow's edge through the ellipse. Only given when a map was.
   */
  mapped?: number;
  /** The map's paper at the centre over the darker quarters' paper: far below 1, the map has taken ink for paper. */
  mapTrust?: number;
  /**
   * How many of the four diagonal directions have ink far outside the outline (1.55..1.75 of the
   * half-axes, where neither a neighbour, nor the printed number reaches): an X drawn through and
   * past the ellipse, as a candidate crosses out a fill, inks all four. A fill that spills over
   * its outline (a marker's usual overflow, 10–40 % past the edge) reaches that far on one side,
   * the side the hand pushed, so on one or two diagonals at most (issue 32 §3: from 1.3, every
   * overflowing fill counted as crossed out and went to review).
   */
  strokesOut: number;
  /** The paper's grey level around the ellipse (0..255): at 250 and over, a glare may have burnt light marks out. */
  paper: number;
  /**
   * The darkness of the interior's 35th percentile against the paper (pixel by pixel against the
   * paper map when one is given, so a shadow's edge across the ellipse does not count): the printed letter
   * covers a tenth of a blank interior and leaves it at the paper's level, while a light pencil
   * mark over a third of the ellipse or more lifts it however grainy (issue 32 §3: an H/2H mark's
   * mean fill can sit within a blank's, its covered share does not).
   */
  core: number;
}

const INNER = 0.7;
const RING_IN = 1.2;
const RING_OUT = 1.75;
/** Where the crossed-out strokes are looked for: past a fill's overflow but for its pushed side. */
const STROKES_FROM = 1.55;

/** The ring's 80th percentile: the ring also crosses outlines, neighbours and overflowing ink, all darker than paper. */
function paperLevel(hist: Uint32Array, n: number): number {
  if (n === 0) return 255;
  let acc = 0;
  const target = n * 0.8;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= target) return Math.max(v, 1);
  }
  return 255;
}

function percentile(hist: Uint32Array, n: number, p: number): number {
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= n * p) return v;
  }
  return 255;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

export function measureSpot(
  img: GrayImage,
  s: Spot,
  inner = INNER,
  background?: GrayImage,
  /** Look for strokes past the outline (our sheet: its ellipses stand well apart on the diagonals). */
  strokes = false,
): SpotMeasure {
  const x0 = Math.max(0, Math.floor(s.cx - s.rx * RING_OUT));
  const x1 = Math.min(img.width - 1, Math.ceil(s.cx + s.rx * RING_OUT));
  const y0 = Math.max(0, Math.floor(s.cy - s.ry * RING_OUT));
  const y1 = Math.min(img.height - 1, Math.ceil(s.cy + s.ry * RING_OUT));
  const hists = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  const counts = [0, 0, 0, 0];
  let inSum = 0;
  let inN = 0;
  const inHist = new Uint32Array(256);
  let mapSum = 0;
  const in2 = inner * inner;
  const r2a = RING_IN * RING_IN;
  const r2b = RING_OUT * RING_OUT;
  for (let y = y0; y <= y1; y++) {
    const dy = (y + 0.5 - s.cy) / s.ry;
    const row = y * img.width;
    for (let x = x0; x <= x1; x++) {
      const dx = (x + 0.5 - s.cx) / s.rx;
      const d2 = dx * dx + dy * dy;
      const v = img.data[row + x];
      if (d2 <= in2) {
        inSum += v;
        inN++;
        if (background) {
          const k = v / Math.max(background.data[row + x], 1);
          mapSum += k;
          inHist[Math.min(255, Math.round(255 * k))]++;
        } else inHist[v]++;
      } else if (d2 >= r2a && d2 <= r2b) {
        const q = (dx < 0 ? 0 : 1) + (dy < 0 ? 0 : 2);
        hists[q][v]++;
        counts[q]++;
      }
    }
  }
  if (inN === 0) return { fill: 0, low: 0, high: 0, strokesOut: 0, paper: 0, core: 0 };
  const all = new Uint32Array(256);
  for (const h of hists) for (let v = 0; v < 256; v++) all[v] += h[v];
  const mean = inSum / inN;
  const paper = paperLevel(all, counts[0] + counts[1] + counts[2] + counts[3]);
  // The second darkest and second brightest quarter: a shadow's edge across the ellipse darkens
  // two quarters at least, while one quarter alone can be spoilt by ink spilling out of the
  // ellipse or by print beside it.
  const quarters = hists
    .map((h, i) => paperLevel(h, counts[i]))
    .filter((_, i) => counts[i] > 0)
    .sort((a, b) => a - b);
  const dark = Math.min(paper, quarters.length > 2 ? quarters[1] : quarters[0]);
  const bright = Math.max(
    paper,
    quarters.length > 2 ? quarters[quarters.length - 2] : quarters[quarters.length - 1],
  );
  const out: SpotMeasure = {
    fill: clamp(1 - mean / paper),
    low: clamp(1 - mean / dark),
    high: clamp(1 - mean / bright),
    strokesOut: strokes ? strokesOut(img, s, x0, x1, y0, y1, dark * 0.72) : 0,
    paper,
    core: clamp(1 - percentile(inHist, inN, 0.35) / (background ? 255 : paper)),
  };
  if (background) {
    out.mapped = clamp(1 - mapSum / inN);
    out.mapTrust = background.data[Math.round(s.cy) * background.width + Math.round(s.cx)] / dark;
  }
  return out;
}

/** Diagonal sectors (30..60° in the ellipse's own frame) of the outer ring with ink darker than `ink`. */
function strokesOut(img: GrayImage, s: Spot, x0: number, x1: number, y0: number, y1: number, ink: number): number {
  const dark = [0, 0, 0, 0];
  const all = [0, 0, 0, 0];
  const lo = STROKES_FROM * STROKES_FROM;
  const hi = RING_OUT * RING_OUT;
  const tan30 = Math.tan(Math.PI / 6);
  const tan60 = Math.tan(Math.PI / 3);
  for (let y = y0; y <= y1; y++) {
    const dy = (y + 0.5 - s.cy) / s.ry;
    for (let x = x0; x <= x1; x++) {
      const dx = (x + 0.5 - s.cx) / s.rx;
      const d2 = dx * dx + dy * dy;
      if (d2 < lo || d2 > hi) continue;
      const t = Math.abs(dy) / Math.max(Math.abs(dx), 1e-6);
      if (t < tan30 || t > tan60) continue;
      const q = (dx < 0 ? 0 : 1) + (dy < 0 ? 0 : 2);
      all[q]++;
      if (img.data[y * img.width + x] < ink) dark[q]++;
    }
  }
  // A stroke of a pen's width covers a tenth of a sector or more (less once a small photo has
  // blurred it); print and specks far less.
  return dark.filter((d, q) => all[q] > 0 && d / all[q] >= 0.07).length;
}

/** The fill alone (see measureSpot). */
export function spotFill(img: GrayImage, s: Spot, inner = INNER): number {
  return measureSpot(img, s, inner).fill;
}

/**
 * How dark the darkest print in a box is against the paper there: (paper − ink) / paper, with the
 * paper the box's 75th percentile and the ink its 3rd. On the row's printed number (bold black
 * digits) it measures how much contrast the light leaves there: a shadow under a phone's tone
 * mapping, a veil or a glare lowers it for the number and the outlines alike, while a fold or a
 * smudge that hides the outlines leaves the number's contrast nearly whole (issue 32 §3).
 */
export function printContrast(img: GrayImage, x0: number, y0: number, x1: number, y1: number): number {
  const hist = new Uint32Array(256);
  let n = 0;
  const xa = Math.max(0, Math.round(x0));
  const xb = Math.min(img.width - 1, Math.round(x1));
  const ya = Math.max(0, Math.round(y0));
  const yb = Math.min(img.height - 1, Math.round(y1));
  for (let y = ya; y <= yb; y++) {
    for (let x = xa; x <= xb; x++) {
      hist[img.data[y * img.width + x]]++;
      n++;
    }
  }
  if (n === 0) return 0;
  const at = (p: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v];
      if (acc >= n * p) return v;
    }
    return 255;
  };
  const paper = Math.max(at(0.75), 1);
  return Math.max(0, (paper - at(0.03)) / paper);
}

// How much of the sheet's usual print contrast the light leaves at each ellipse, and the
// measures as full light would show them (issue 32 §3). A phone's tone mapping lifts a hard
// shadow's paper back to nearly the lit paper's grey but leaves its print at 40 % of the usual
// contrast, so the paper level says nothing and every darkness there, a mark's and the printed
// outline's alike, is that share of what it would be lit. One factor per row, from the row's
// printed number, was wrong wherever the shadow's edge ran between the number and the
// ellipses (3–13 rows a photo went to review whole): each ellipse now gets its own, from the
// print around it (its outline and letter, `printContrast` over its box).
import { printContrast, type GrayImage, type SpotMeasure } from './measure.ts';
import type { SheetLayout } from './sheet-layout.ts';
import type { Placed } from './registration.ts';
import { coreLines, type Thresholds } from './classify.ts';
import { median } from './median.ts';

/**
 * Half-sides of the box the print is measured in, in half-axes: the outline (even a point or two
 * off where registration put it) and its letter, short of a neighbour's fill spilling 40 % past
 * its outline (8.25 pt to the side, 8.65 pt above or below).
 */
const BOX_X = 1.3;
const BOX_Y = 1.6;
/** The percentile of the near-blank ellipses' print taken as full light: a shadow may cover 90 % of the sheet. */
const LIT = 0.95;
/** An ellipse this dark is marked or nearly: its box's darkest pixels are ink, not print. */
const BLANKISH = 0.15;
/** Shares of the usual contrast left as they are: as usual (0.9 and over), or so low it is not light (a smudge, heavy blur). */
const AS_USUAL = 0.9;
const NOT_LIGHT = 0.3;
/** How far an ellipse's own share must sit from both its darkest and its brightest neighbour's for a shadow's edge to run through it. */
const EDGE_GAP = 0.1;

export interface Light {
  /** The light's share at the ellipse: its fill, its lowest fill and its map fill are divided by it. */
  k: number;
  /**
   * What its highest fill is divided by: `k`, or, where a shadow's edge runs through the
   * ellipse itself, the darkest share around it (its box's print is then between its neighbours'
   * lit and veiled shares, and part of it is under the veil): blank only if blank even so.
   */
  kHigh: number;
}

/**
 * Per row, the same share from the row's printed number (bold black digits) and its neighbours'
 * in its column, 1 as usual or below 0.3: what an ellipse falls back on where its thin outline
 * shows too little to say (below 0.3). Under a lamp's glare the paper clips at white and takes
 * a thin, blurred outline's contrast down further than a bold digit's, so the number still
 * measures the light where the outline no longer does.
 */
function lightOnRows(rect: GrayImage, layout: SheetLayout, placed: Placed, scale: number): number[] {
  const raw = layout.questions.map((q, i) => {
    const a = q.options[0];
    const dx = placed.centres[i][0][0] - a.cx * scale;
    const dy = placed.centres[i][0][1] - a.cy * scale;
    const x1 = q.labelX * scale + dx;
    const y = q.labelY * scale + dy;
    return printContrast(rect, x1 - 14 * scale, y - 3.5 * scale, x1 + 0.5 * scale, y + 3.2 * scale);
  });
  const usual = median(raw);
  if (usual <= 0) return raw.map(() => 1);
  const per = layout.rowsPerColumn;
  return raw.map((_, i) => {
    const col = Math.floor(i / per);
    const near = [i - 1, i, i + 1].filter((j) => j >= 0 && j < raw.length && Math.floor(j / per) === col);
    const k = median(near.map((j) => raw[j])) / usual;
    return k >= AS_USUAL || k < NOT_LIGHT ? 1 : k;
  });
}

/**
 * Per ellipse (by question, then option), the share of the usual print contrast the light leaves
 * there: 1 where it is as usual, the share itself under a shadow's veil or a glare (0.3..0.9),
 * and below 0.3 the row's number's share (lightOnRows: 1 too where the number shows no more, a
 * smudge or heavy blur, not light: nothing to scale, the ellipse stays as measured).
 *
 * Full light is the 95th percentile over the near-blank ellipses (a deep shadow covered 90 % of
 * some photos; a stray dot or a light stroke in a blank's box, darker than print, is rarer). A
 * marked ellipse's box holds ink darker than print, so its own share overstates the light: each
 * ellipse takes the lesser of its own share and the median of its own and its four
 * neighbours' (the options beside it, the rows above and below in its column). A median of five
 * keeps a shadow's straight edge where it is; the lesser of the two errs, at the edge, toward
 * lifting a lit ellipse (a blank toward review, never a veiled blank past a mark's line).
 * A fold, unlike a shadow, moves or hides the outlines without lowering the print's contrast
 * (measured: 0.5–0.6 against the usual 0.56 on a 30 mm fold), so its rows stay found wrong.
 * Where a shadow's edge runs through the ellipse itself, its highest fill is taken at the
 * darkest light around it (Light.kHigh).
 */
export function lightOnEllipses(
  rect: GrayImage,
  layout: SheetLayout,
  placed: Placed,
  spots: SpotMeasure[][],
  scale: number,
): Light[][] {
  const rows = lightOnRows(rect, layout, placed, scale);
  const raw = layout.questions.map((q, i) =>
    q.options.map((o, k) => {
      const [cx, cy] = placed.centres[i][k];
      const rx = o.rx * scale * BOX_X;
      const ry = o.ry * scale * BOX_Y;
      return printContrast(rect, cx - rx, cy - ry, cx + rx, cy + ry);
    }),
  );
  const blanks = raw.flatMap((r, i) => r.filter((_, k) => spots[i][k].fill < BLANKISH)).sort((a, b) => a - b);
  const usual = blanks.length ? blanks[Math.floor(LIT * (blanks.length - 1))] : 0;
  if (usual <= 0) return raw.map((r, i) => r.map(() => ({ k: rows[i], kHigh: rows[i] })));
  const share = raw.map((r) => r.map((c) => Math.min(1, c / usual)));
  const per = layout.rowsPerColumn;
  return share.map((r, i) =>
    r.map((own, k) => {
      const settle = (s: number) => (s >= AS_USUAL ? 1 : s < NOT_LIGHT ? rows[i] : s);
      const col = Math.floor(i / per);
      const near: number[] = [];
      if (k > 0) near.push(r[k - 1]);
      if (k < r.length - 1) near.push(r[k + 1]);
      for (const j of [i - 1, i + 1]) {
        if (j >= 0 && j < share.length && Math.floor(j / per) === col) near.push(share[j][k]);
      }
      const lit = settle(Math.min(own, median([own, ...near])));
      const darkest = Math.min(...near);
      const crossed = own > darkest + EDGE_GAP && own < Math.max(...near) - EDGE_GAP;
      return { k: lit, kHigh: crossed ? Math.min(lit, settle(darkest)) : lit };
    }),
  );
}

/**
 * A spot's darkness as full light would show it (see lightOnEllipses), the noise's lift taken off
 * first (unveilAll). Its core stays as measured: veiled cores meet their own line (veiledCoreLines).
 */
function unveil(s: SpotMeasure, l: Light, lift: Partial<Record<Field, number>>): SpotMeasure {
  if (l.k === 1 && l.kHigh === 1) return s;
  const up = (v: number, k: number, f: Field) => Math.min(1, Math.max(0, v - (lift[f] ?? 0)) / k);
  return {
    ...s,
    fill: up(s.fill, l.k, 'fill'),
    low: up(s.low, l.k, 'low'),
    high: up(s.high, l.kHigh, 'high'),
    // The map's fill only ever says blank with `high` and marked with `low` (classify.ts decide).
    ...(s.mapped !== undefined ? { mapped: up(s.mapped, l.kHigh, 'mapped') } : {}),
  };
}

type Field = 'fill' | 'low' | 'high' | 'mapped';
const FIELDS: Field[] = ['fill', 'low', 'high', 'mapped'];
/** Veiled ellipses needed to measure the noise's lift (below, none is taken off). */
const MIN_VEILED = 10;

/**
 * Every spot as full light would show it. Scaling alone lifts a veiled blank above the lit
 * blanks: its paper level is a high percentile of a ring whose noise the tone mapping amplified,
 * which adds a little darkness of its own to every veiled fill, and that, divided by the light's
 * share, stands 0.02–0.03 above a lit blank (measured). So the lift the noise adds (the veiled
 * blanks' median over what the lit blanks' fill would be at that light) is taken off first,
 * per measure, then the rest divided (unveil).
 */
export function unveilAll(spots: SpotMeasure[][], light: Light[][]): SpotMeasure[][] {
  const flat = spots.flatMap((r, i) => r.map((s, k) => ({ s, l: light[i][k] })));
  const lit = flat.filter(({ s, l }) => l.k === 1 && l.kHigh === 1 && s.fill < BLANKISH).map(({ s }) => s);
  const veiled = flat.filter(({ s, l }) => l.k < 1 && l.kHigh === l.k && s.fill / l.k < 2 * BLANKISH);
  const lift: Partial<Record<Field, number>> = {};
  if (lit.length >= MIN_VEILED && veiled.length >= MIN_VEILED) {
    for (const f of FIELDS) {
      const base = median(lit.map((s) => s[f]).filter((v): v is number => v !== undefined));
      const over = veiled
        .filter(({ s }) => s[f] !== undefined)
        .map(({ s, l }) => (s[f] as number) - base * l.k);
      if (over.length >= MIN_VEILED) lift[f] = Math.max(0, median(over));
    }
  }
  return spots.map((r, i) => r.map((s, k) => unveil(s, light[i][k], lift)));
}

/**
 * The core lines (classify.ts coreLines) of the veiled ellipses alone, in full-light units: the
 * core is kept as measured (unveil), and under a veil a blank's core is lifted by amplified noise
 * about as much as a light pencil mark's is lowered by the veil, so against the lit blanks' line
 * a veiled H/2H mark read blank with confidence (issue 32 §3: 2 marks, fills 0.05 and 0.074).
 * Each veiled ellipse's core, divided by its light, is set against the veiled blanks' own line.
 * Undefined when too few ellipses are veiled (fewer than 10 blanks of an option).
 */
export function veiledCoreLines(
  t: Thresholds,
  spots: SpotMeasure[][],
  light: Light[][],
): number[] | undefined {
  const rows = spots.map((r, i) =>
    r.map((s, k) => {
      const l = light[i][k];
      return l.kHigh < 1 ? { high: s.high, core: s.core / l.kHigh } : { high: 1, core: 0 };
    }),
  );
  return coreLines(t, rows);
}

/** The core line an ellipse is held to: the sheet's for its option, the veiled ellipses' at its light under a veil (never above the sheet's). */
export function coreLineAt(cores: number[], veiled: number[] | undefined, l: Light, option: number): number {
  return veiled && l.kHigh < 1 ? Math.min(cores[option], veiled[option] * l.kHigh) : cores[option];
}

// Our answer sheet drawn straight to pixels (SVG from sheet-layout.ts, rasterised by sharp), with
// hand-like marks: pen fills that wobble past or fall short of the outline and leave gaps, light
// pencil-like marks, half-hearted ticks and stray dots. For tests, the bench and e2e fixtures.
import sharp from 'sharp';
import { MARKER_BITS, MARKER_CELLS, sheetLayout } from './sheet-layout.ts';
import { qrModules, qrPlacement } from './sheet-pdf.ts';
import { gauss, rng } from './random.ts';
import { crossSvg, hardPencilSvg, overflowSvg, pencilSvg, tickSvg } from './hand-marks.ts';
import { SHEET_OPTIONS, type SheetMeta, type SheetOption } from './types.ts';

/**
 * pen: a real mark; light: faint or partial (should go to review); stray: a dot or smudge (never a
 * mark); pencil: a real mark in hard pencil pressed lightly; tick, cross: a chosen option marked the
 * wrong way (marked or review, never a confident blank); cancelled: filled, then crossed out past
 * the outline (the candidate took it back: blank or review, never a confident mark); overflow: a
 * real mark whose ink spills past the outline (issue 32 §3: marked, not review); hard: a real mark
 * in H/2H pencil, lighter and grainier than `pencil` (marked or review, never a confident blank).
 */
export type MarkKind = 'pen' | 'light' | 'stray' | 'pencil' | 'tick' | 'cross' | 'cancelled' | 'overflow' | 'hard';

export interface SyntheticMark {
  n: number;
  option: SheetOption;
  kind: MarkKind;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function blob(cx: number, cy: number, rx: number, ry: number, r: () => number, wobble: number): string {
  const pts: string[] = [];
  const n = 18;
  const phase = r() * Math.PI * 2;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const k = 1 + wobble * (Math.sin(a * 2 + phase) * 0.5 + gauss(r) * 0.35);
    pts.push(`${(cx + Math.cos(a) * rx * k).toFixed(2)},${(cy + Math.sin(a) * ry * k).toFixed(2)}`);
  }
  return pts.join(' ');
}

function markSvg(m: SyntheticMark, cx: number, cy: number, rx: number, ry: number, r: () => number): string {
  const ink = r() < 0.5 ? '#15246e' : '#161616';
  if (m.kind === 'pencil') return pencilSvg(cx, cy, rx, ry, r);
  if (m.kind === 'hard') return hardPencilSvg(cx, cy, rx, ry, r);
  if (m.kind === 'overflow') return overflowSvg(cx, cy, rx, ry, r, ink);
  if (m.kind === 'tick') return tickSvg(cx, cy, rx, ry, r, ink);
  if (m.kind === 'cross') return crossSvg(cx, cy, rx, ry, r, ink);
  if (m.kind === 'cancelled') {
    const fill = `<polygon points="${blob(cx, cy, rx * 0.95, ry * 0.95, r, 0.08)}" fill="${ink}" fill-opacity="0.9"/>`;
    return fill + crossSvg(cx, cy, rx, ry, r, ink, 1.7 + r() * 0.3, 0.8 + r() * 0.4);
  }
  if (m.kind === 'pen') {
    const cover = 0.85 + r() * 0.3;
    let s = `<polygon points="${blob(cx + gauss(r) * 0.4, cy + gauss(r) * 0.3, rx * cover, ry * cover, r, 0.12)}" fill="${ink}" fill-opacity="${(0.85 + r() * 0.15).toFixed(2)}"/>`;
    // Pen fills leave paper showing through: a few pale streaks.
    const gaps = Math.floor(r() * 3);
    for (let g = 0; g < gaps; g++) {
      s += `<ellipse cx="${(cx + gauss(r) * rx * 0.35).toFixed(2)}" cy="${(cy + gauss(r) * ry * 0.3).toFixed(2)}" rx="${(rx * (0.15 + r() * 0.2)).toFixed(2)}" ry="${(ry * 0.12).toFixed(2)}" fill="#ffffff" fill-opacity="0.7"/>`;
    }
    return s;
  }
  if (m.kind === 'light') {
    // Either a faint full fill (a pencil barely pressed) or a stroke across part of the ellipse.
    if (r() < 0.5) {
      return `<polygon points="${blob(cx, cy, rx * 0.9, ry * 0.9, r, 0.1)}" fill="#6a6a6a" fill-opacity="${(0.32 + r() * 0.12).toFixed(2)}"/>`;
    }
    return `<line x1="${(cx - rx * 0.7).toFixed(2)}" y1="${(cy + ry * 0.5).toFixed(2)}" x2="${(cx + rx * 0.6).toFixed(2)}" y2="${(cy - ry * 0.5).toFixed(2)}" stroke="${ink}" stroke-width="${(ry * (0.45 + r() * 0.3)).toFixed(2)}" stroke-linecap="round"/>`;
  }
  // Stray: a pen dot somewhere in or near the ellipse.
  const d = 0.5 + r() * 0.6;
  return `<circle cx="${(cx + gauss(r) * rx * 0.4).toFixed(2)}" cy="${(cy + gauss(r) * ry * 0.4).toFixed(2)}" r="${d.toFixed(2)}" fill="${ink}"/>`;
}

export function sheetSvg(meta: SheetMeta, marks: SyntheticMark[], seed: number): string {
  const L = sheetLayout(meta.questionCount);
  const r = rng(seed);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${L.width}" height="${L.height}" viewBox="0 0 ${L.width} ${L.height}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  ];
  for (const mk of L.markers) {
    const c = mk.w / MARKER_CELLS;
    out.push(`<rect x="${mk.x}" y="${mk.y}" width="${mk.w}" height="${mk.h}" fill="#000"/>`);
    MARKER_BITS[mk.id].forEach((bits, y) => {
      for (let x = 0; x < MARKER_CELLS; x++) {
        if (bits[x] === '1')
          out.push(
            `<rect x="${mk.x + x * c - 0.05}" y="${mk.y + y * c - 0.05}" width="${c + 0.1}" height="${c + 0.1}" fill="#fff"/>`,
          );
      }
    });
  }
  const mods = qrModules(meta.sheetId);
  const q = qrPlacement(L.qr, mods.length);
  mods.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark)
        out.push(
          `<rect x="${(q.x0 + x * q.cell - 0.05).toFixed(2)}" y="${(q.y0 + y * q.cell - 0.05).toFixed(2)}" width="${(q.cell + 0.1).toFixed(2)}" height="${(q.cell + 0.1).toFixed(2)}" fill="#000"/>`,
        );
    }),
  );
  const h = L.header;
  const font = `font-family="DejaVu Sans, sans-serif"`;
  out.push(
    `<text x="${h.x}" y="${h.y + 12}" ${font} font-size="13" font-weight="bold">${esc(meta.productName)}</text>`,
  );
  out.push(
    `<text x="${h.x}" y="${h.y + 30}" ${font} font-size="10.5" font-weight="bold">${esc(meta.title)}</text>`,
  );
  out.push(`<text x="${h.x}" y="${h.y + 46}" ${font} font-size="9">Centru: ${esc(meta.centreName)}</text>`);
  out.push(
    `<text x="${h.x}" y="${h.y + 60}" ${font} font-size="9">Candidat: ${esc(meta.candidateName)}</text>`,
  );
  out.push(`<text x="${h.x}" y="${h.y + 74}" ${font} font-size="7">Foaia nr. ${esc(meta.sheetId)}</text>`);
  for (const qq of L.questions) {
    out.push(
      `<text x="${qq.labelX}" y="${qq.labelY + 2.7}" ${font} font-size="7.5" font-weight="bold" text-anchor="end">${qq.n}.</text>`,
    );
    for (const o of qq.options) {
      out.push(
        `<ellipse cx="${o.cx}" cy="${o.cy}" rx="${o.rx}" ry="${o.ry}" fill="none" stroke="#000" stroke-width="0.7"/>`,
      );
      out.push(
        `<text x="${o.cx}" y="${o.cy + 2}" ${font} font-size="5.5" fill="#9a9a9a" text-anchor="middle">${o.option}</text>`,
      );
    }
  }
  for (const m of marks) {
    const o = L.questions[m.n - 1].options[SHEET_OPTIONS.indexOf(m.option)];
    out.push(markSvg(m, o.cx, o.cy, o.rx, o.ry, r));
  }
  out.push('</svg>');
  return out.join('\n');
}

/** The sheet as an RGB PNG `widthPx` wide. */
export async function renderSyntheticSheet(
  meta: SheetMeta,
  marks: SyntheticMark[],
  widthPx: number,
  seed = 1,
): Promise<Buffer> {
  const density = (72 * widthPx) / sheetLayout(meta.questionCount).width;
  return sharp(Buffer.from(sheetSvg(meta, marks, seed)), { density })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export interface MarkPlan {
  marks: SyntheticMark[];
  /** Per question: options marked with a pen (what a correct reading reports as marked). */
  truth: SheetOption[][];
}

/**
 * Random answers like a candidate's: most questions 1 option (CS), some 2..4 (CM), a few blank;
 * `light` and `stray` are shares of questions that also get a faint mark or a stray dot on a
 * blank option.
 */
export interface MarkStyle {
  /** Every chosen option in hard pencil pressed lightly (one candidate, one tool). */
  pencil?: boolean;
  /** Shares of chosen options ticked or crossed instead of filled. */
  tick?: number;
  cross?: number;
  /** Share of questions with an option filled and then crossed out (not an answer). */
  cancelled?: number;
  /** Share of chosen options filled past the outline (a marker's overflow). */
  overflow?: number;
  /** Share of chosen options in H/2H pencil pressed lightly (the rest as the style says). */
  hard?: number;
}

export function planMarks(
  questionCount: number,
  seed: number,
  light = 0.03,
  stray = 0.03,
  style: MarkStyle = {},
): MarkPlan {
  const sr = rng(seed ^ 0x57e1e);
  const r = rng(seed ^ 0x5eed);
  const marks: SyntheticMark[] = [];
  const truth: SheetOption[][] = [];
  for (let n = 1; n <= questionCount; n++) {
    const x = r();
    const count = x < 0.04 ? 0 : x < 0.6 ? 1 : x < 0.8 ? 2 : x < 0.93 ? 3 : x < 0.98 ? 4 : 5;
    const opts = [...SHEET_OPTIONS].sort(() => r() - 0.5);
    const chosen = opts.slice(0, count);
    const rest = opts.slice(count);
    truth.push(SHEET_OPTIONS.filter((o) => chosen.includes(o)));
    for (const option of chosen) {
      const x = sr();
      const tick = style.tick ?? 0;
      const cross = tick + (style.cross ?? 0);
      const over = cross + (style.overflow ?? 0);
      const hard = over + (style.hard ?? 0);
      const kind: MarkKind =
        x < tick ? 'tick' : x < cross ? 'cross' : x < over ? 'overflow' : x < hard ? 'hard' : style.pencil ? 'pencil' : 'pen';
      marks.push({ n, option, kind });
    }
    if (rest.length && sr() < (style.cancelled ?? 0)) marks.push({ n, option: rest[0], kind: 'cancelled' });
    else if (rest.length && r() < light) marks.push({ n, option: rest[0], kind: 'light' });
    else if (rest.length && r() < stray) marks.push({ n, option: rest[rest.length - 1], kind: 'stray' });
  }
  return { marks, truth };
}

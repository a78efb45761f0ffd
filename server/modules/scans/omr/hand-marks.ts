// The harder hand marks of the synthetic sheets (issue 22): a hard pencil (H/2H) pressed lightly,
// a tick or a cross instead of a fill, and a fill the candidate then crossed out. Issue 32 §3: a
// marker's fill spilling past the outline, and an H/2H pencil lighter and grainier still. SVG fragments at
// an ellipse's centre and half-axes, in sheet points; seeded by the caller's generator.
import { gauss } from './random.ts';

/** Hatching strokes of light grey graphite: paper shows between the strokes. */
export function pencilSvg(cx: number, cy: number, rx: number, ry: number, r: () => number): string {
  const grey = Math.round(105 + r() * 45);
  const ink = `rgb(${grey},${grey},${grey + 4})`;
  const cover = 0.75 + r() * 0.25;
  const strokes = 7 + Math.floor(r() * 4);
  const tilt = (r() - 0.5) * 0.8;
  let s = '';
  for (let i = 0; i < strokes; i++) {
    const t = -1 + (2 * (i + 0.5)) / strokes;
    const y = cy + t * ry * cover;
    const half = rx * cover * Math.sqrt(Math.max(0, 1 - t * t)) * (0.85 + r() * 0.3);
    s += `<line x1="${(cx - half).toFixed(2)}" y1="${(y - tilt * half * 0.3).toFixed(2)}" x2="${(cx + half).toFixed(2)}" y2="${(y + tilt * half * 0.3 + gauss(r) * 0.2).toFixed(2)}" stroke="${ink}" stroke-opacity="${(0.55 + r() * 0.3).toFixed(2)}" stroke-width="${((ry * 2 * cover) / strokes + 0.25).toFixed(2)}" stroke-linecap="round"/>`;
  }
  return s;
}

/** A tick: a short stroke down, a longer one up, with a pen or a pencil. */
export function tickSvg(cx: number, cy: number, rx: number, ry: number, r: () => number, ink: string): string {
  const w = (0.5 + r() * 0.4).toFixed(2);
  const a = [cx - rx * 0.6, cy - ry * 0.05];
  const b = [cx - rx * 0.15, cy + ry * 0.6];
  const c = [cx + rx * (0.6 + r() * 0.4), cy - ry * (0.7 + r() * 0.5)];
  return `<polyline points="${a.join(',')} ${b.join(',')} ${c.join(',')}" fill="none" stroke="${ink}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** An X across the ellipse; `reach` > 1 lets its arms pass the outline. */
export function crossSvg(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  r: () => number,
  ink: string,
  reach = 0.8,
  width = 0.6,
): string {
  const k = reach * (0.9 + r() * 0.2);
  const line = (sx: number) =>
    `<line x1="${(cx - rx * k).toFixed(2)}" y1="${(cy - sx * ry * k).toFixed(2)}" x2="${(cx + rx * k).toFixed(2)}" y2="${(cy + sx * ry * k + gauss(r) * 0.2).toFixed(2)}" stroke="${ink}" stroke-width="${width.toFixed(2)}" stroke-linecap="round"/>`;
  return line(1) + line(-1);
}

/**
 * A fill past its outline, as a marker or a hurried pen leaves it: ink beyond the edge by 10–40 %
 * of the ellipse's size, more on one side than the other (the hand's stroke), with a lobe or two
 * where a stroke ran on, and now and then a thin pale streak inside.
 */
export function overflowSvg(cx: number, cy: number, rx: number, ry: number, r: () => number, ink: string): string {
  const over = 1.1 + r() * 0.3;
  const lean = r() * Math.PI * 2;
  const lopsided = 0.35 + r() * 0.5;
  const pts: string[] = [];
  const n = 28;
  const phase = r() * Math.PI * 2;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    // Beyond the outline by (over - 1) on average, lopsided toward `lean`, never inside it by much.
    const side = 0.5 + 0.5 * Math.cos(a - lean);
    const k = 1 + (over - 1) * (1 - lopsided + 2 * lopsided * side) + 0.05 * Math.sin(a * 3 + phase) + gauss(r) * 0.03;
    pts.push(`${(cx + Math.cos(a) * rx * Math.max(0.97, k)).toFixed(2)},${(cy + Math.sin(a) * ry * Math.max(0.97, k)).toFixed(2)}`);
  }
  let s = `<polygon points="${pts.join(' ')}" fill="${ink}" fill-opacity="${(0.88 + r() * 0.12).toFixed(2)}"/>`;
  const lobes = Math.floor(r() * 3);
  for (let i = 0; i < lobes; i++) {
    const a = lean + gauss(r) * 0.8;
    const d = over + r() * 0.15;
    s += `<ellipse cx="${(cx + Math.cos(a) * rx * (d - 0.25)).toFixed(2)}" cy="${(cy + Math.sin(a) * ry * (d - 0.25)).toFixed(2)}" rx="${(rx * (0.25 + r() * 0.2)).toFixed(2)}" ry="${(ry * (0.2 + r() * 0.2)).toFixed(2)}" fill="${ink}" fill-opacity="0.9"/>`;
  }
  if (r() < 0.3) {
    s += `<ellipse cx="${(cx + gauss(r) * rx * 0.3).toFixed(2)}" cy="${(cy + gauss(r) * ry * 0.25).toFixed(2)}" rx="${(rx * 0.3).toFixed(2)}" ry="${(ry * 0.08).toFixed(2)}" fill="#ffffff" fill-opacity="0.6"/>`;
  }
  return s;
}

/**
 * An H/2H pencil pressed lightly: thin pale graphite strokes (grey 140–200, far lighter than a
 * pen), broken into grains (the paper's tooth takes graphite on its peaks only), over 55–95 % of
 * the ellipse's width, often off-centre. Seen by a phone it is a faint grey patch of low contrast.
 */
export function hardPencilSvg(cx: number, cy: number, rx: number, ry: number, r: () => number): string {
  const grey = Math.round(140 + r() * 60);
  const ink = `rgb(${grey},${grey},${grey + 3})`;
  const cover = 0.55 + r() * 0.4;
  const ox = gauss(r) * rx * (1 - cover) * 0.5;
  const oy = gauss(r) * ry * (1 - cover) * 0.5;
  const strokes = 8 + Math.floor(r() * 6);
  const tilt = (r() - 0.5) * 1.2;
  let s = '';
  for (let i = 0; i < strokes; i++) {
    const t = -1 + (2 * (i + 0.5)) / strokes;
    const y = cy + oy + t * ry * cover;
    const half = rx * cover * Math.sqrt(Math.max(0, 1 - t * t)) * (0.8 + r() * 0.35);
    const dash = Array.from({ length: 6 }, (_, j) => (j % 2 ? 0.1 + r() * 0.35 : 0.3 + r() * 0.7).toFixed(2)).join(' ');
    s += `<line x1="${(cx + ox - half).toFixed(2)}" y1="${(y - tilt * half * 0.3).toFixed(2)}" x2="${(cx + ox + half).toFixed(2)}" y2="${(y + tilt * half * 0.3 + gauss(r) * 0.2).toFixed(2)}" stroke="${ink}" stroke-opacity="${(0.6 + r() * 0.35).toFixed(2)}" stroke-width="${((ry * 2 * cover) / strokes + 0.35).toFixed(2)}" stroke-dasharray="${dash}" stroke-linecap="butt"/>`;
  }
  return s;
}

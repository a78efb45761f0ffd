// The harder hand marks of the synthetic sheets (issue 22): a hard pencil (H/2H) pressed lightly,
// a tick or a cross instead of a fill, and a fill the candidate then crossed out. SVG fragments at
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

// Paper that is not flat, for the synthetic photos (issue 22): a height field over the sheet (an
// edge lifted, the sheet curled, a centre fold, a crumple's mesh of creases) seen by a camera at
// a phone's distance. A point raised by z moves away from the camera's axis by (p - c)·z / (D - z):
// the straight grid bends, a lifted region is magnified, and the four corner markers (they lie on
// the paper too) move with it. The slope of the paper shades it, sharply along a crease.
import type { Mat } from '@techstark/opencv-js';
import type { Cv } from './opencv.ts';
import { gauss } from './random.ts';

export type BendKind = 'lift' | 'curl' | 'fold' | 'crumple';

export interface Bend {
  kind: BendKind;
  /** Millimetres: the lifted edge's height, the curl's or fold's rise, a crumple crease's largest step. */
  amount: number;
}

const SHEET_W_MM = 210;
const SHEET_H_MM = 297;
/** The camera's height over the table: a phone framing an A4 sheet. */
const CAMERA_MM = 1.2 * SHEET_H_MM;

/** Height in mm at sheet point (x, y) in mm. */
export function heightField(b: Bend, r: () => number): (x: number, y: number) => number {
  const A = b.amount;
  if (b.kind === 'lift') {
    // One edge (or a corner) lifted off the table over 60..90 mm, the rest flat.
    const side = Math.floor(r() * 4);
    const L = 60 + r() * 30;
    const corner = r() < 0.4;
    return (x, y) => {
      const d = [y, SHEET_W_MM - x, SHEET_H_MM - y, x][side];
      const along = [x / SHEET_W_MM, y / SHEET_H_MM, 1 - x / SHEET_W_MM, 1 - y / SHEET_H_MM][side];
      const t = Math.max(0, 1 - d / L);
      return A * t * t * (corner ? along : 1);
    };
  }
  if (b.kind === 'curl') {
    // Rolled: both long (or both short) edges up, like a sheet just out of a bag.
    const across = r() < 0.6;
    return (x, y) => {
      const u = across ? x / SHEET_W_MM : y / SHEET_H_MM;
      return A * (2 * u - 1) ** 2;
    };
  }
  if (b.kind === 'fold') {
    // Folded in half and opened: a V along the middle, crease down (edges up) or up (a tent).
    const horizontal = r() < 0.7;
    const up = r() < 0.5;
    const at = (horizontal ? SHEET_H_MM : SHEET_W_MM) * (0.45 + r() * 0.1);
    const half = horizontal ? SHEET_H_MM / 2 : SHEET_W_MM / 2;
    return (x, y) => {
      const d = Math.abs((horizontal ? y : x) - at) / half;
      return up ? A * Math.max(0, 1 - d) : A * Math.min(1, d);
    };
  }
  // Crumpled and smoothed out: a mesh of creases (tents along random lines) over a gentle bulge.
  const creases = Array.from({ length: 14 }, () => {
    const a = r() * Math.PI;
    return {
      nx: Math.cos(a),
      ny: Math.sin(a),
      c: r() * SHEET_W_MM * Math.cos(a) + r() * SHEET_H_MM * Math.sin(a),
      h: (r() < 0.5 ? -1 : 1) * A * (0.35 + r() * 0.65),
      w: 15 + r() * 35,
    };
  });
  const bx = SHEET_W_MM * (0.3 + r() * 0.4);
  const by = SHEET_H_MM * (0.3 + r() * 0.4);
  const bulge = A * (0.5 + gauss(r) * 0.2);
  return (x, y) => {
    let z = bulge * Math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * 70 ** 2));
    for (const k of creases) z += k.h * Math.max(0, 1 - Math.abs(x * k.nx + y * k.ny - k.c) / k.w);
    return Math.max(0, z + A);
  };
}

/** The top-left W x H of `big` as a continuous Mat (opencv.js's clone of a ROI keeps the parent's row step); deletes `big`. */
function cropTo(cv: Cv, big: Mat, W: number, H: number): Mat {
  const roi = big.roi(new cv.Rect(0, 0, W, H));
  const out = new cv.Mat(H, W, big.type());
  roi.copyTo(out);
  roi.delete();
  big.delete();
  return out;
}

/**
 * The sheet raster (RGBA, `pad` pixels of transparent margin each side) as the camera sees the
 * bent paper, shaded. Returns a new Mat; the caller deletes both.
 */
export function bendSheet(cv: Cv, src: Mat, pad: number, b: Bend, r: () => number): Mat {
  const W = src.cols;
  const H = src.rows;
  const sw = W - 2 * pad;
  const mmPerPx = SHEET_W_MM / sw;
  const z = heightField(b, r);
  const cx = W / 2;
  const cy = H / 2;
  // Coarse maps (every STEP pixels), enlarged: the field is smooth at that scale but for creases,
  // whose kink a linear interpolation keeps within a pixel or two.
  const STEP = 6;
  const gw = Math.ceil(W / STEP) + 1;
  const gh = Math.ceil(H / STEP) + 1;
  const mx = new Float32Array(gw * gh);
  const my = new Float32Array(gw * gh);
  const shade = new Float32Array(gw * gh);
  const light = [Math.cos(r() * 6.28), Math.sin(r() * 6.28)];
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const u = i * STEP;
      const v = j * STEP;
      // Seen at (u, v): which paper point p, with p = c + (q - c)(D - z(p)) / D (a few fixed-point steps).
      let px = u;
      let py = v;
      for (let it = 0; it < 4; it++) {
        const h = z((px - pad) * mmPerPx, (py - pad) * mmPerPx);
        const k = (CAMERA_MM - h) / CAMERA_MM;
        px = cx + (u - cx) * k;
        py = cy + (v - cy) * k;
      }
      const at = j * gw + i;
      mx[at] = px;
      my[at] = py;
      const xm = (px - pad) * mmPerPx;
      const ym = (py - pad) * mmPerPx;
      const gx = (z(xm + 0.5, ym) - z(xm - 0.5, ym)) / 1;
      const gy = (z(xm, ym + 0.5) - z(xm, ym - 0.5)) / 1;
      // A slope facing the light is brighter, one turned away darker (Lambert, light at 45°).
      const n = Math.hypot(gx, gy, 1);
      shade[at] = Math.min(1.08, Math.max(0.45, (1 - (gx * light[0] + gy * light[1])) / n));
    }
  }
  const toMat = (a: Float32Array) => {
    const m = cv.matFromArray(gh, gw, cv.CV_32FC1, Array.from(a));
    const big = new cv.Mat();
    cv.resize(m, big, new cv.Size(gw * STEP, gh * STEP), 0, 0, cv.INTER_LINEAR);
    m.delete();
    return cropTo(cv, big, W, H);
  };
  const mapX = toMat(mx);
  const mapY = toMat(my);
  const shadeMap = toMat(shade);
  const out = new cv.Mat();
  cv.remap(src, out, mapX, mapY, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0));
  const d = out.data;
  const s = shadeMap.data32F;
  for (let p = 0, q = 0; q < s.length; p += 4, q++) {
    const f = s[q];
    d[p] = Math.min(255, d[p] * f);
    d[p + 1] = Math.min(255, d[p + 1] * f);
    d[p + 2] = Math.min(255, d[p + 2] * f);
  }
  [mapX, mapY, shadeMap].forEach((m) => m.delete());
  return out;
}

/** Barrel distortion of a phone lens: a point at the photo's corner moves inward by `k` of its distance. */
export function lensDistort(cv: Cv, img: Mat, k: number): Mat {
  const W = img.cols;
  const H = img.rows;
  const STEP = 8;
  const gw = Math.ceil(W / STEP) + 1;
  const gh = Math.ceil(H / STEP) + 1;
  const mx: number[] = [];
  const my: number[] = [];
  const half = Math.hypot(W, H) / 2;
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const dx = i * STEP - W / 2;
      const dy = j * STEP - H / 2;
      const f = 1 + k * ((dx * dx + dy * dy) / (half * half));
      mx.push(W / 2 + dx * f);
      my.push(H / 2 + dy * f);
    }
  }
  const big = (a: number[]) => {
    const m = cv.matFromArray(gh, gw, cv.CV_32FC1, a);
    const b = new cv.Mat();
    cv.resize(m, b, new cv.Size(gw * STEP, gh * STEP), 0, 0, cv.INTER_LINEAR);
    m.delete();
    return cropTo(cv, b, W, H);
  };
  const mapX = big(mx);
  const mapY = big(my);
  const out = new cv.Mat();
  cv.remap(img, out, mapX, mapY, cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
  mapX.delete();
  mapY.delete();
  return out;
}

// Turns a clean sheet raster into a phone photo of it: the sheet placed on a table (a textured
// background with a dark object or two), rotated, seen at an angle (perspective), under uneven
// light with a hard shadow, slightly out of focus, with sensor noise, saved as a JPEG. Seeded.
import sharp from 'sharp';
import { loadCv } from './opencv.ts';
import { gauss, rng } from './random.ts';
import { bendSheet, lensDistort, type Bend } from './paper-warp.ts';
import type { Cv } from './opencv.ts';
import type { Mat } from '@techstark/opencv-js';

export interface DegradeOptions {
  seed: number;
  /** Output photo size (e.g. 3000 x 4000 for 12 MP). */
  width: number;
  height: number;
  /** Degrees, any value (180 = upside down). */
  rotation?: number;
  /** Corner displacement as a share of the sheet's size (0.08 = a clearly tilted phone). */
  perspective?: number;
  /** Share of the photo's shorter side the sheet's width takes (default 0.8). */
  sheetShare?: number;
  /** Gaussian blur sigma in photo pixels. */
  blur?: number;
  /** Brightness falling from 1 to 1 - gradient across the photo. */
  gradient?: number;
  /** Darkness of a hard-edged shadow over part of the sheet (0.4 = 40 % less light), 0 = none. */
  shadow?: number;
  /**
   * How far the phone's tone mapping lifts the shadowed part back (0..1, issue 32 §3): its paper
   * brightened by that share of the light it lost, its ink by the same amount, so the print's
   * contrast there shrinks (a phone's HDR evens out the exposure, not the contrast), and the
   * sensor's noise is amplified with it.
   */
  shadowVeil?: number;
  /** Width in photo pixels of the shadow's edge (default 12: a hand's or phone's shadow). */
  shadowEdge?: number;
  /** Noise deviation in grey levels. */
  noise?: number;
  /** JPEG quality 1..100. */
  jpegQuality?: number;
  /** Photo stored sideways with an EXIF orientation tag (6 = rotate 90° clockwise to view). */
  exifOrientation?: 6 | 8 | 3;
  /** Paper not lying flat (paper-warp.ts). */
  bend?: Bend;
  /** A lamp's reflection: 0..1, how far toward white it takes the paper at its centre (1 = burnt out). */
  glare?: number;
  /** Barrel distortion of the lens: a corner moves by this share of its distance from the centre. */
  lens?: number;
  /** Things on the table around the sheet: papers, pens, a phone, a printed square or two. */
  clutter?: boolean;
}

/** Clutter around the sheet, drawn on the table before the sheet lands on it. */
function drawClutter(cv: Cv, out: Mat, W: number, H: number, r: () => number) {
  for (let i = 0; i < 25; i++) {
    const x = Math.round(r() * W);
    const y = Math.round(r() * H);
    const c = r() < 0.3 ? [20, 20, 20] : [r() * 255, r() * 255, r() * 255];
    const col = new cv.Scalar(c[0], c[1], c[2], 255);
    const kind = r();
    if (kind < 0.35) {
      const w = Math.round(30 + r() * W * 0.2);
      const h = Math.round(30 + r() * H * 0.2);
      cv.rectangle(out, new cv.Point(x, y), new cv.Point(x + w, y + h), col, -1);
      // Printed squares on a box or another form: dark frames with something inside.
      if (r() < 0.5) cv.rectangle(out, new cv.Point(x + Math.round(w * 0.2), y + Math.round(h * 0.2)), new cv.Point(x + Math.round(w * 0.6), y + Math.round(h * 0.5)), new cv.Scalar(250, 250, 250, 255), -1);
    } else if (kind < 0.7) {
      const a = r() * Math.PI;
      const len = 100 + r() * W * 0.4;
      cv.line(out, new cv.Point(x, y), new cv.Point(Math.round(x + Math.cos(a) * len), Math.round(y + Math.sin(a) * len)), col, Math.round(4 + r() * 20));
    } else {
      cv.circle(out, new cv.Point(x, y), Math.round(10 + r() * W * 0.06), col, -1);
    }
  }
}

export async function degrade(sheetImage: Uint8Array, o: DegradeOptions): Promise<Buffer> {
  const r = rng(o.seed);
  const cv = await loadCv();
  const { data: src, info } = await sharp(sheetImage)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const W = o.width;
  const H = o.height;
  // Where the sheet's corners land.
  const share = o.sheetShare ?? 0.8;
  const sw = Math.min(W, H) * share;
  const sh = (sw * info.height) / info.width;
  const fit = Math.min(1, (H * 0.95) / sh, (W * 0.95) / sh);
  const hw = (sw * fit) / 2;
  const hh = (sh * fit) / 2;
  const rot = ((o.rotation ?? 0) * Math.PI) / 180;
  const p = o.perspective ?? 0;
  const corners = [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ].map(([x, y]) => {
    const jx = x + gauss(r) * p * hw * 2 * 0.5;
    const jy = y + gauss(r) * p * hh * 2 * 0.5;
    return [W / 2 + jx * Math.cos(rot) - jy * Math.sin(rot), H / 2 + jx * Math.sin(rot) + jy * Math.cos(rot)];
  });
  // The sheet as RGBA with a transparent margin (room for a lifted edge to move outward), bent if asked.
  const pad = o.bend ? Math.round(info.width * 0.12) : 0;
  const rgba = new cv.Mat(info.height + 2 * pad, info.width + 2 * pad, cv.CV_8UC4, new cv.Scalar(0, 0, 0, 0));
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const j = ((y + pad) * rgba.cols + x + pad) * 4;
      rgba.data[j] = src[i];
      rgba.data[j + 1] = src[i + 1];
      rgba.data[j + 2] = src[i + 2];
      rgba.data[j + 3] = 255;
    }
  }
  let sheetMat = rgba;
  if (o.bend) {
    sheetMat = bendSheet(cv, rgba, pad, o.bend, r);
    rgba.delete();
  }
  const srcPts = cv.matFromArray(4, 1, cv.CV_32FC2, [
    pad,
    pad,
    info.width + pad,
    pad,
    info.width + pad,
    info.height + pad,
    pad,
    info.height + pad,
  ]);
  const dstPts = cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat());
  const M = cv.getPerspectiveTransform(srcPts, dstPts);
  // The table: a wood-ish colour, with a dark object beside the sheet (a phone, a pencil case):
  // dark blobs must not pass for markers.
  const table = [90 + r() * 60, 70 + r() * 40, 50 + r() * 30];
  const bg = new cv.Mat(H, W, cv.CV_8UC3, new cv.Scalar(table[0], table[1], table[2], 255));
  cv.rectangle(
    bg,
    new cv.Point(Math.round(W * 0.02), Math.round(H * 0.02)),
    new cv.Point(Math.round(W * 0.12), Math.round(H * 0.2)),
    new cv.Scalar(20, 20, 25, 255),
    -1,
  );
  if (o.clutter) drawClutter(cv, bg, W, H, r);
  const warped = new cv.Mat();
  cv.warpPerspective(sheetMat, warped, M, new cv.Size(W, H), cv.INTER_AREA, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0));
  const px = new Uint8Array(bg.data);
  const sp = warped.data;
  for (let i = 0, j = 0; i < px.length; i += 3, j += 4) {
    const a = sp[j + 3] / 255;
    if (a === 0) continue;
    for (let c = 0; c < 3; c++) px[i + c] = sp[j + c] * a + px[i + c] * (1 - a);
  }
  [srcPts, dstPts, M, sheetMat, bg, warped].forEach((m) => m.delete());

  // Light: a linear gradient in a random direction, a shadow over one side of a random line, noise.
  const g = o.gradient ?? 0;
  const ang = r() * Math.PI * 2;
  const gx = Math.cos(ang) / W;
  const gy = Math.sin(ang) / H;
  const shadow = o.shadow ?? 0;
  const sAng = r() * Math.PI * 2;
  const sx = Math.cos(sAng);
  const sy = Math.sin(sAng);
  const sOff = (r() - 0.5) * 0.5 * Math.min(W, H);
  const veil = (o.shadowVeil ?? 0) * shadow * 255;
  const edge = o.shadowEdge ?? 12;
  const noise = o.noise ?? 0;
  const nr = rng(o.seed * 31 + 7);
  // Glare: a bright spot over the sheet's middle part, adding light (paper burns out to white,
  // ink turns grey under it).
  const glare = o.glare ?? 0;
  const glx = W / 2 + (r() - 0.5) * W * 0.4;
  const gly = H / 2 + (r() - 0.5) * H * 0.4;
  const gls = Math.min(W, H) * (0.06 + r() * 0.06);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = 0.5 + (x - W / 2) * gx + (y - H / 2) * gy;
      let f = 1 - g * Math.min(1, Math.max(0, t));
      let w = 0;
      if (shadow > 0) {
        const d = (x - W / 2) * sx + (y - H / 2) * sy - sOff;
        // A soft edge a few pixels wide, as a hand's or phone's shadow has.
        w = Math.min(1, Math.max(0, d / edge + 0.5));
        f *= 1 - shadow * w;
      }
      const i = (y * W + x) * 3;
      const n = noise ? (nr() + nr() - 1) * noise * 2.45 * (1 + (veil ? 1.5 * w : 0)) : 0;
      const add =
        (glare ? glare * 255 * Math.exp(-((x - glx) ** 2 + (y - gly) ** 2) / (2 * gls * gls)) : 0) + veil * w;
      for (let c = 0; c < 3; c++) {
        const v = px[i + c] * f + n + add;
        px[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  let photo = px;
  if (o.lens) {
    const m = new cv.Mat(H, W, cv.CV_8UC3);
    m.data.set(px);
    const d = lensDistort(cv, m, o.lens);
    photo = new Uint8Array(d.data);
    m.delete();
    d.delete();
  }
  let img = sharp(photo, { raw: { width: W, height: H, channels: 3 } });
  if (o.blur && o.blur >= 0.3) img = img.blur(o.blur);
  if (o.exifOrientation) {
    // Store the pixels turned the other way and let the tag turn them back, as phones do.
    const undo = { 6: 270, 8: 90, 3: 180 }[o.exifOrientation];
    const turned = await img.rotate(undo).raw().toBuffer({ resolveWithObject: true });
    img = sharp(turned.data, {
      raw: { width: turned.info.width, height: turned.info.height, channels: 3 },
    }).withMetadata({ orientation: o.exifOrientation });
  }
  return img.jpeg({ quality: o.jpegQuality ?? 85 }).toBuffer();
}

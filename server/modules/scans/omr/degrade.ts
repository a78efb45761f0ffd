// Turns a clean sheet raster into a phone photo of it: the sheet placed on a table (a textured
// background with a dark object or two), rotated, seen at an angle (perspective), under uneven
// light with a hard shadow, slightly out of focus, with sensor noise, saved as a JPEG. Seeded.
import sharp from 'sharp';
import { loadCv } from './opencv.ts';
import { gauss, rng } from './random.ts';

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
  /** Noise deviation in grey levels. */
  noise?: number;
  /** JPEG quality 1..100. */
  jpegQuality?: number;
  /** Photo stored sideways with an EXIF orientation tag (6 = rotate 90° clockwise to view). */
  exifOrientation?: 6 | 8 | 3;
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
  const srcPts = cv.matFromArray(4, 1, cv.CV_32FC2, [
    0,
    0,
    info.width,
    0,
    info.width,
    info.height,
    0,
    info.height,
  ]);
  const dstPts = cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat());
  const M = cv.getPerspectiveTransform(srcPts, dstPts);
  const srcMat = new cv.Mat(info.height, info.width, cv.CV_8UC3);
  srcMat.data.set(src);
  // The table: a wood-ish colour; the warp draws the sheet over it.
  const table = [90 + r() * 60, 70 + r() * 40, 50 + r() * 30];
  const out = new cv.Mat(H, W, cv.CV_8UC3, new cv.Scalar(table[0], table[1], table[2], 255));
  // A dark object beside the sheet (a phone, a pencil case): dark blobs must not pass for markers.
  cv.rectangle(
    out,
    new cv.Point(Math.round(W * 0.02), Math.round(H * 0.02)),
    new cv.Point(Math.round(W * 0.12), Math.round(H * 0.2)),
    new cv.Scalar(20, 20, 25, 255),
    -1,
  );
  cv.warpPerspective(
    srcMat,
    out,
    M,
    new cv.Size(W, H),
    cv.INTER_AREA,
    cv.BORDER_TRANSPARENT,
    new cv.Scalar(),
  );
  const px = new Uint8Array(out.data);
  [srcPts, dstPts, M, srcMat, out].forEach((m) => m.delete());

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
  const noise = o.noise ?? 0;
  const nr = rng(o.seed * 31 + 7);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = 0.5 + (x - W / 2) * gx + (y - H / 2) * gy;
      let f = 1 - g * Math.min(1, Math.max(0, t));
      if (shadow > 0) {
        const d = (x - W / 2) * sx + (y - H / 2) * sy - sOff;
        // A soft edge a few pixels wide, as a hand's or phone's shadow has.
        f *= 1 - shadow * Math.min(1, Math.max(0, d / 12 + 0.5));
      }
      const i = (y * W + x) * 3;
      const n = noise ? (nr() + nr() - 1) * noise * 2.45 : 0;
      for (let c = 0; c < 3; c++) {
        const v = px[i + c] * f + n;
        px[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  let img = sharp(px, { raw: { width: W, height: H, channels: 3 } });
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

// Finds the sheet's four ArUco markers in a grey photo and the homography from sheet points to
// photo pixels. Every Mat made here is deleted before returning (the WebAssembly heap is never
// collected by JavaScript).
import type { Mat } from '@techstark/opencv-js';
import { loadCv, type ArucoDetector, type Cv } from './opencv.ts';
import { markerCorners, type SheetLayout } from './sheet-layout.ts';

export type Point = [number, number];
/** Row-major 3x3 homography, sheet points -> photo pixels. */
export type Homography = number[];

let detector: ArucoDetector | undefined;

function getDetector(cv: Cv): ArucoDetector {
  if (!detector) {
    const params = new cv.aruco_DetectorParameters();
    // Sub-pixel corners: the homography is only as good as its 16 points.
    params.cornerRefinementMethod = cv.CORNER_REFINE_SUBPIX;
    // A marker can be small in a far photo: accept perimeters from 2 % of the image's larger side.
    params.minMarkerPerimeterRate = 0.02;
    params.adaptiveThreshWinSizeMax = 33;
    detector = new cv.aruco_ArucoDetector(
      cv.getPredefinedDictionary(cv.DICT_4X4_50),
      params,
      new cv.aruco_RefineParameters(10, 3, true),
    );
  }
  return detector;
}

/** Marker id -> its 4 corners in photo pixels, clockwise from the marker's own top-left. */
export function detectMarkers(cv: Cv, gray: Mat): Map<number, Point[]> {
  const corners = new cv.MatVector();
  const ids = new cv.Mat();
  const rejected = new cv.MatVector();
  const found = new Map<number, Point[]>();
  try {
    getDetector(cv).detectMarkers(gray, corners, ids, rejected);
    for (let i = 0; i < ids.rows; i++) {
      const id = ids.data32S[i];
      if (id < 0 || id > 3 || found.has(id)) continue;
      const c = corners.get(i);
      const d = c.data32F;
      found.set(id, [
        [d[0], d[1]],
        [d[2], d[3]],
        [d[4], d[5]],
        [d[6], d[7]],
      ]);
      c.delete();
    }
  } finally {
    corners.delete();
    ids.delete();
    rejected.delete();
  }
  return found;
}

/**
 * The homography from the markers found (3 or 4: with 3, their 12 corners still fix it, a bit
 * less firmly), or null when fewer than 3 are visible.
 */
export async function sheetHomography(gray: Mat, layout: SheetLayout): Promise<Homography | null> {
  const cv = await loadCv();
  const found = detectMarkers(cv, gray);
  if (found.size < 3) return null;
  const src: number[] = [];
  const dst: number[] = [];
  for (const mk of layout.markers) {
    const img = found.get(mk.id);
    if (!img) continue;
    markerCorners(mk).forEach((p, k) => {
      src.push(p[0], p[1]);
      dst.push(img[k][0], img[k][1]);
    });
  }
  const srcMat = cv.matFromArray(src.length / 2, 1, cv.CV_32FC2, src);
  const dstMat = cv.matFromArray(dst.length / 2, 1, cv.CV_32FC2, dst);
  let h: Mat | undefined;
  try {
    h = cv.findHomography(srcMat, dstMat, 0);
    if (h.empty()) return null;
    const out = Array.from(h.data64F);
    if (!out.every(Number.isFinite)) return null;
    // The markers must agree with one flat sheet: every corner within one marker cell of where the
    // homography puts it. Generous on purpose (a phone lens bends the sheet by a few pixels); a
    // marker-like pattern elsewhere or a sheet folded in two is off by far more.
    const cell = (Math.hypot(out[0], out[3]) * layout.markers[0].w) / 6;
    for (let i = 0; i < src.length; i += 2) {
      const [x, y] = project(out, src[i], src[i + 1]);
      if (Math.hypot(x - dst[i], y - dst[i + 1]) > cell + 2) return null;
    }
    return out;
  } catch {
    // OpenCV throws (a number) on degenerate points: no usable markers.
    return null;
  } finally {
    srcMat.delete();
    dstMat.delete();
    h?.delete();
  }
}

export function project(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/** h · [[s,0,ox],[0,s,oy],[0,0,1]]: output pixel (u,v) of a warp at 1/s pixels per point, from (ox,oy). */
export function composeScale(h: Homography, s: number, ox: number, oy: number): Homography {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) {
    const [a, b, c] = [h[r * 3], h[r * 3 + 1], h[r * 3 + 2]];
    out.push(a * s, b * s, a * ox + b * oy + c);
  }
  return out;
}

/**
 * Warps a region of the photo into an upright grey image: output pixel (u,v) shows sheet point
 * (ox + u/scale, oy + v/scale). The caller deletes the result.
 */
export function warpRegion(
  cv: Cv,
  gray: Mat,
  h: Homography,
  scale: number,
  ox: number,
  oy: number,
  w: number,
  hgt: number,
): Mat {
  const m = cv.matFromArray(3, 3, cv.CV_64F, composeScale(h, 1 / scale, ox, oy));
  const out = new cv.Mat();
  try {
    cv.warpPerspective(
      gray,
      out,
      m,
      new cv.Size(w, hgt),
      cv.INTER_LINEAR | cv.WARP_INVERSE_MAP,
      cv.BORDER_CONSTANT,
      new cv.Scalar(255),
    );
  } finally {
    m.delete();
  }
  return out;
}

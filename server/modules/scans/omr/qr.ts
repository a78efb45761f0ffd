// The sheet id from the QR code, read by jsQR on an upright, enlarged crop of the QR box (the
// homography is known by then, so jsQR never has to search the whole photo).
import jsQR from 'jsqr';
import type { Mat } from '@techstark/opencv-js';
import type { Cv } from './opencv.ts';
import { warpRegion, type Homography } from './markers.ts';
import type { Box } from './sheet-layout.ts';

const QR_SCALE = 4;
const PAD = 10;

export function readQr(cv: Cv, gray: Mat, h: Homography, box: Box): string | null {
  const w = Math.round((box.w + 2 * PAD) * QR_SCALE);
  const crop = warpRegion(cv, gray, h, QR_SCALE, box.x - PAD, box.y - PAD, w, w);
  try {
    const g = crop.data;
    const rgba = new Uint8ClampedArray(w * w * 4);
    for (let i = 0; i < w * w; i++) {
      const v = g[i];
      rgba[i * 4] = v;
      rgba[i * 4 + 1] = v;
      rgba[i * 4 + 2] = v;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, w, w, { inversionAttempts: 'dontInvert' });
    return code?.data ? code.data : null;
  } finally {
    crop.delete();
  }
}

// The WebP rendition of a course SVG (src/shared/content-figure.ts says why a chapter shows it):
// drawn by sharp at twice the SVG's own size, lossless (line art and labels stay sharp, and it is
// smaller than a lossy one for such drawings). Each process draws a figure once and keeps it while
// the file is unchanged; the rendering is deterministic, so every process serves the same bytes.
import sharp from 'sharp';

/** Twice the SVG's 72-dpi size: sharp for a phone's 2–3× screen at the figure's column width. */
const DENSITY = 144;

const drawn = new Map<string, { mtimeMs: number; webp: Promise<Buffer> }>();

/** The rendition of the SVG at `path` (kept per path and the modification time the caller read). */
export function rasterOf(path: string, mtimeMs: number): Promise<Buffer> {
  const kept = drawn.get(path);
  if (kept && kept.mtimeMs === mtimeMs) return kept.webp;
  const webp = sharp(path, { density: DENSITY }).webp({ lossless: true, effort: 4 }).toBuffer();
  drawn.set(path, { mtimeMs, webp });
  // A failed drawing is not kept: the next request tries again.
  webp.catch(() => drawn.delete(path));
  return webp;
}

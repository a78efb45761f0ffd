// How a course figure is shown. An SVG drawn by <img> gets a document of its own, laid out and
// painted on the page's main thread while the page loads (issue 24 §1: up to 10 ms of a fast
// host per figure, ×10 on a cheap phone); a raster is decoded off it. So a chapter shows an SVG
// figure as its WebP rendition at twice its size (server/modules/content-media), and the SVG
// stays the source of truth that content files name.

const SVG_SRC = /\.svg$/; // lower case, as content-schema.ts allows

/** The suffix of the raster rendition of an SVG in /media/content: `x.svg` → `x.svg.webp`. */
export const RASTER_SUFFIX = '.webp';

/** The URL a chapter's <img> loads for a figure whose content names `src`. */
export function figureSrc(src: string): string {
  return SVG_SRC.test(src) ? `${src}${RASTER_SUFFIX}` : src;
}

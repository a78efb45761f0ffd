// A course SVG is served as itself and as its WebP rendition (`x.svg.webp`), which a chapter
// shows (src/shared/content-figure.ts): twice the SVG's own size, lossless, with the same caching
// and the same refusal of anything that is not a plain name of an existing figure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { CONTENT_MEDIA_DIR } from '../../server/modules/content-media/routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('course figures', () => {
  it('serves an SVG as itself and as a WebP twice its size', async () => {
    const svg = await get('/media/content/bio-neuron.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.rawPayload.equals(readFileSync(join(CONTENT_MEDIA_DIR, 'bio-neuron.svg')))).toBe(true);
    const own = await sharp(join(CONTENT_MEDIA_DIR, 'bio-neuron.svg')).metadata();

    const webp = await get('/media/content/bio-neuron.svg.webp');
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe(svg.headers['cache-control']);
    expect(webp.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(webp.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', own.width! * 2, own.height! * 2]);
    // Drawn once per process: the second answer is the same bytes.
    expect((await get('/media/content/bio-neuron.svg.webp')).rawPayload.equals(webp.rawPayload)).toBe(true);
  });

  it('has no rendition of a missing figure, of a raster, or of a name that is not plain', async () => {
    for (const url of [
      '/media/content/nu-exista.svg.webp',
      '/media/content/bio-neuron.png.webp',
      '/media/content/bio-neuron.svg.webp.webp',
      '/media/content/..%2Fcontent.json.svg.webp',
      '/media/content/.bio-neuron.svg.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toBe('image/webp');
    }
  });
});

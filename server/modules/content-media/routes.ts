// Static media outside /api: course images shipped with the content (server/db/seed/content/media),
// part of the release on every machine. Uploaded photos are served by server/modules/media from the
// media store. Only plain file names are served; `x.svg.webp` is the raster rendition of x.svg
// (raster.ts).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { plainString } from '../../../src/shared/input-rules.ts';
import { RASTER_SUFFIX } from '../../../src/shared/content-figure.ts';
import { rasterOf } from './raster.ts';

export const prefix = '';

export const CONTENT_MEDIA_DIR = join(import.meta.dirname, '..', '..', 'db', 'seed', 'content', 'media');
/** A plain name: no slashes, no leading dot. */
const NAME = '[A-Za-z0-9][A-Za-z0-9_-]{0,120}';
/** One dot (the extension). */
export const SAFE_FILE = new RegExp(`^${NAME}\\.(svg|png|jpe?g|webp|gif)$`);
/** The raster rendition of an SVG: `x.svg.webp` (src/shared/content-figure.ts). */
const RASTER_FILE = new RegExp(`^(${NAME}\\.svg)\\${RASTER_SUFFIX}$`);

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** The file's path and its modification time; 404 when it is not a file there. */
function existing(dir: string, file: string): { path: string; mtimeMs: number } {
  const path = join(dir, file);
  const stat = existsSync(path) ? statSync(path) : undefined;
  if (!stat?.isFile()) throw notFound('FORM_ROUTE_NOT_FOUND');
  return { path, mtimeMs: stat.mtimeMs };
}

function headers(reply: FastifyReply, cache: string): FastifyReply {
  return (
    reply
      .header('cache-control', cache)
      .header('x-content-type-options', 'nosniff')
      // An SVG opened directly must not run scripts.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  );
}

async function send(reply: FastifyReply, dir: string, file: string, cache: string) {
  const raster = RASTER_FILE.exec(file);
  if (raster) {
    const { path, mtimeMs } = existing(dir, raster[1]!);
    const webp = await rasterOf(path, mtimeMs).catch(() => {
      throw notFound('FORM_ROUTE_NOT_FOUND'); // an SVG sharp cannot draw has no rendition
    });
    return headers(reply, cache).type('image/webp').send(webp);
  }
  if (!SAFE_FILE.test(file)) throw notFound('FORM_ROUTE_NOT_FOUND');
  const { path } = existing(dir, file);
  return headers(reply, cache).type(TYPES[extname(file).toLowerCase()]!).send(createReadStream(path));
}

const params = z.object({ file: plainString(200) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/content/:file',
    { schema: { tags: ['content'], params, summary: 'Imaginile cursurilor' } },
    async (req, reply) =>
      send(
        reply,
        CONTENT_MEDIA_DIR,
        req.params.file,
        'public, max-age=2592000, stale-while-revalidate=86400',
      ),
  );
};
export default routes;

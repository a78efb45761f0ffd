// Uploaded files served at /media/… (outside /api/v1) from the media store (server/lib/media-store:
// the local directory or S3-compatible storage), so every process serves what any of them stored.
// Names are random and never reused, so they are cached for a year. Only safe names: no traversal,
// no dot-files.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SAFE_MEDIA_FILE } from '../../lib/images.ts';
import { notFound } from '../../lib/errors.ts';
import { plainString } from '../../../src/shared/input-rules.ts';
import { mediaType, type MediaFolder } from '../../lib/media-store/port.ts';

export const prefix = '';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sends a stored file with its validators; 404 for an unsafe or unknown name. */
export async function sendStoredMedia(
  req: FastifyRequest,
  reply: FastifyReply,
  folder: MediaFolder,
  file: string,
): Promise<FastifyReply> {
  if (!SAFE_MEDIA_FILE.test(file)) throw notFound('FORM_ROUTE_NOT_FOUND');
  const found = await req.server.media.get(folder, file);
  if (!found) throw notFound('FORM_ROUTE_NOT_FOUND');
  reply.header('cache-control', IMMUTABLE).header('etag', found.etag).header('x-content-type-options', 'nosniff');
  if (req.headers['if-none-match'] === found.etag) {
    found.body.destroy();
    return reply.code(304).send();
  }
  return reply
    .header('last-modified', found.lastModified.toUTCString())
    .header('content-length', found.size)
    .type(mediaType(file))
    .send(found.body);
}

const params = z.object({ file: plainString(200) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/media/avatars/:file', { schema: { tags: ['media'], params } }, (req, reply) =>
    sendStoredMedia(req, reply, 'avatars', req.params.file),
  );
  // Explanation photos of users' grids (server/modules/grids/photo.ts).
  app.get('/media/grids/:file', { schema: { tags: ['grids'], params, summary: 'Pozele explicațiilor' } }, (req, reply) =>
    sendStoredMedia(req, reply, 'grids', req.params.file),
  );
};
export default routes;

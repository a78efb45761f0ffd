// Uploaded files under DATA_DIR/media served at /media/… (outside /api/v1). Names are random
// and never reused, so they are cached for a year. Only safe names: no traversal, no dot-files.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAFE_MEDIA_FILE } from '../../lib/images.ts';
import { notFound } from '../../lib/errors.ts';
import { plainString } from '../../../src/shared/input-rules.ts';

export const prefix = '';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const root = join(app.config.dataDir, 'media');

  app.get(
    '/media/avatars/:file',
    { schema: { tags: ['media'], params: z.object({ file: plainString(200) }) } },
    async (req, reply) => {
      const { file } = req.params;
      if (!SAFE_MEDIA_FILE.test(file)) throw notFound('FORM_ROUTE_NOT_FOUND');
      const path = join(root, 'avatars', file);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw notFound('FORM_ROUTE_NOT_FOUND');
      const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('last-modified', info.mtime.toUTCString())
        .header('content-length', info.size)
        .type(TYPES[file.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream')
        .send(createReadStream(path));
    },
  );
};
export default routes;

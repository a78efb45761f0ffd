// Grids API: my grids, add/edit/delete (author only), explanation photo, one grid with the
// premium gate, and the public preview (signed link or a free sample).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gridBody, gridPatchBody } from '../../../src/shared/grid-schema.ts';
import { viewerOf } from '../content/viewer.ts';
import { GRID_COLUMNS, serializeGrid, type GridRow } from './serialize.ts';
import * as service from './service.ts';
import { readUpload, removeGridPhoto, storeGridPhoto } from './photo.ts';
import { previewSecret, verifyPreview } from './preview.ts';
import { notFound } from '../../lib/errors.ts';
import { idParams } from './params.ts';
import { plainString } from '../../../src/shared/input-rules.ts';

const tags = ['grids'];
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const me = async (req: Parameters<typeof viewerOf>[1]) => (await viewerOf(app.db, req))!;

  app.get(
    '/grids/mine',
    { preHandler: app.authenticate, schema: { tags, security, summary: 'Grilele adăugate de mine' } },
    async (req) => service.listMine(app.db, await me(req)),
  );

  app.get(
    '/grids/preview',
    {
      schema: {
        tags,
        summary: 'Grilă prin link de previzualizare semnat (public)',
        querystring: z.object({
          grid: plainString(20).optional(),
          expires: plainString(20).optional(),
          signature: plainString(200).optional(),
        }),
      },
    },
    async (req) => {
      const id = verifyPreview(await previewSecret(app.db, app.config), req.query);
      const g = await service.findGrid(app.db, id);
      if (!g) throw notFound('FORM_GRID_NOT_FOUND');
      return { grid: serializeGrid(g, null, { forceAnswers: true }) };
    },
  );

  app.get(
    '/grids/preview/sample',
    {
      schema: {
        tags,
        summary: 'Câteva grile gratuite, cu răspunsuri, fără cont',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(10).default(3) }),
      },
    },
    async (req) => {
      const rows = await app.db.query<GridRow>(
        `select ${GRID_COLUMNS} from grids g join chapters c on c.id = g.chapter_id
          where g.is_published and not g.is_premium and not c.is_premium order by random() limit $1`,
        [req.query.limit],
      );
      return { grids: rows.map((g) => serializeGrid(g, null)) };
    },
  );

  app.get(
    '/grids/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: idParams, summary: 'O grilă (premium doar pentru premium)' },
    },
    async (req) => service.getGrid(app.db, req.params.id, await me(req)),
  );

  app.post(
    '/grids',
    { preHandler: app.authenticate, schema: { tags, security, body: gridBody, summary: 'Adaugă o grilă' } },
    async (req, reply) => {
      const result = await service.createGrid(app.db, await me(req), req.body);
      return reply.code(201).send(result);
    },
  );

  app.put(
    '/grids/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: idParams, body: gridPatchBody, summary: 'Modifică grila ta' },
    },
    async (req) => service.updateOwnGrid(app.db, req.params.id, await me(req), req.body),
  );

  app.delete(
    '/grids/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: idParams, summary: 'Șterge grila ta' },
    },
    async (req) => service.deleteOwnGrid(app.db, req.params.id, await me(req), app.media),
  );

  app.post(
    '/grids/:id/photo',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        params: idParams,
        consumes: ['multipart/form-data'],
        summary: 'Poza explicației (jpg/png, max 2 MB)',
      },
    },
    async (req) => {
      const viewer = await me(req);
      const g = await service.ownGrid(app.db, req.params.id, viewer);
      const buf = await readUpload(req, 'photo');
      return storeGridPhoto(app.db, g, buf, app.media, viewer);
    },
  );

  app.delete(
    '/grids/:id/photo',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: idParams, summary: 'Șterge poza explicației' },
    },
    async (req) => {
      const viewer = await me(req);
      const g = await service.ownGrid(app.db, req.params.id, viewer);
      return removeGridPhoto(app.db, g, app.media, viewer);
    },
  );
};
export default routes;

// Favourite grids: list with the grid data, add (409 when already there), remove (404 when not).
// The app's offline queue (src/offline/grid-actions.ts) takes that 409 / 404 as done, so a retried
// add or remove is harmless.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.ts';
import { viewerOf } from '../content/viewer.ts';
import { visibleGrid } from '../grids/service.ts';
import { id, idParam } from '../../../src/shared/input-rules.ts';
import { GRID_COLUMNS, serializeGrid, type GridRow } from '../grids/serialize.ts';

const tags = ['favorites'];
const security = [{ bearer: [] }];
const gridId = id('FORM_GRID_NOT_FOUND');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/favorites',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Grilele favorite, cele mai noi întâi' },
    },
    async (req) => {
      const viewer = (await viewerOf(app.db, req))!;
      const rows = await app.db.query<
        GridRow & {
          favorited_at: Date | string;
          chapter_title: string;
          chapter_slug: string;
          manual_slug: string;
        }
      >(
        `select ${GRID_COLUMNS}, f.created_at as favorited_at, c.title as chapter_title, c.slug as chapter_slug, m.slug as manual_slug
         from favorites f join grids g on g.id = f.grid_id join chapters c on c.id = g.chapter_id join manuals m on m.id = c.manual_id
        where f.user_id = $1 and (g.is_published or g.author_id = $1)
        order by f.created_at desc, g.id desc`,
        [viewer.id],
      );
      return {
        favorites: rows.map((r) => ({
          grid_id: r.id,
          created_at: new Date(r.favorited_at).toISOString(),
          chapter: {
            id: r.chapter_id,
            slug: r.chapter_slug,
            title: r.chapter_title,
            manual_slug: r.manual_slug,
          },
          grid: serializeGrid(r, viewer),
        })),
      };
    },
  );

  app.post(
    '/favorites',
    {
      onRequest: app.authenticate,
      schema: { tags, security, body: z.object({ grid_id: gridId }), summary: 'Adaugă o grilă la favorite' },
    },
    async (req, reply) => {
      const viewer = (await viewerOf(app.db, req))!;
      const g = await visibleGrid(app.db, req.body.grid_id, viewer);
      const row = await app.db.one(
        'insert into favorites (user_id, grid_id) values ($1, $2) on conflict do nothing returning grid_id',
        [viewer.id, g.id],
      );
      if (!row) throw conflict('FORM_GRID_ALREADY_FAVORITE');
      return reply.code(201).send({ success: 'FAVORITE_ADDED', grid_id: g.id });
    },
  );

  app.delete(
    '/favorites/:gridId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        params: z.object({ gridId: idParam() }),
        summary: 'Scoate o grilă de la favorite',
      },
    },
    async (req) => {
      const row = await app.db.one(
        'delete from favorites where user_id = $1 and grid_id = $2 returning grid_id',
        [req.auth!.id, req.params.gridId],
      );
      if (!row) throw notFound('FORM_GRID_NOT_FAVORITE');
      return { success: 'FAVORITE_REMOVED', grid_id: req.params.gridId };
    },
  );
};
export default routes;

// A personal note per grid (issue 11 §5): private to its author, bounded text, written offline
// on the device and sent later, so the later edit wins (by the device's `updated_at`) and a
// retried PUT changes nothing. An empty text removes the note. Another user's note is never
// read: every query is keyed by the caller's id.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteBody } from '../../../src/shared/grid-actions-schema.ts';
import { viewerOf } from '../content/viewer.ts';
import { visibleGrid } from '../grids/service.ts';
import { idParams } from '../grids/params.ts';
import { getNote, putNote } from './service.ts';

const tags = ['grids'];
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/grids/:id/note',
    { onRequest: app.authenticate, schema: { tags, security, params: idParams, summary: 'Notița mea la o grilă' } },
    async (req) => {
      const viewer = (await viewerOf(app.db, req))!;
      const g = await visibleGrid(app.db, req.params.id, viewer);
      return { note: await getNote(app.db, viewer.id, g.id) };
    },
  );

  app.put(
    '/grids/:id/note',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: idParams, body: noteBody, summary: 'Salvează (sau șterge, cu text gol) notița mea la o grilă' },
    },
    async (req) => {
      const viewer = (await viewerOf(app.db, req))!;
      const g = await visibleGrid(app.db, req.params.id, viewer);
      const note = await putNote(app.db, viewer.id, g.id, req.body.text, req.body.updated_at);
      return { success: 'NOTE_SAVED', note };
    },
  );
};
export default routes;

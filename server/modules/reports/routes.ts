// Reporting a mistake in a grid: stored open until an admin resolves it (admin module). A report
// may carry the client's id (a report queued offline and retried): the same id answers with the
// same report (200) instead of storing a second one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportReason } from '../../../src/shared/validation.ts';
import { reportClientId } from '../../../src/shared/grid-actions-schema.ts';
import { viewerOf } from '../content/viewer.ts';
import { visibleGrid } from '../grids/service.ts';
import { idParams } from '../grids/params.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/grids/:id/report',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 hour',
          keyGenerator: (req) => `report:${req.auth?.id ?? req.ip}`,
        },
      },
      schema: {
        tags: ['grids'],
        security: [{ bearer: [] }],
        params: idParams,
        body: z.object({ reason: reportReason, client_id: reportClientId }),
        summary: 'Raportează o greșeală în grilă',
      },
    },
    async (req, reply) => {
      const viewer = (await viewerOf(app.db, req))!;
      const g = await visibleGrid(app.db, req.params.id, viewer);
      const clientId = req.body.client_id ?? null;
      const row = await app.db.one<{ id: number }>(
        `insert into grid_reports (grid_id, user_id, reason, client_id) values ($1, $2, $3, $4)
         on conflict (user_id, client_id) where client_id is not null do nothing returning id`,
        [g.id, viewer.id, req.body.reason, clientId],
      );
      if (row) return reply.code(201).send({ success: 'GRID_REPORTED', report_id: row.id });
      const same = await app.db.one<{ id: number }>('select id from grid_reports where user_id = $1 and client_id = $2', [viewer.id, clientId]);
      return reply.code(200).send({ success: 'GRID_REPORTED', report_id: same!.id });
    },
  );
};
export default routes;

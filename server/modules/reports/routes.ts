// Reporting a mistake in a grid: stored open until an admin resolves it (admin module).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportReason } from '../../../src/shared/validation.ts';
import { viewerOf } from '../content/viewer.ts';
import { visibleGrid } from '../grids/service.ts';
import { idParams } from '../grids/params.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/grids/:id/report',
    {
      preHandler: app.authenticate,
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
        body: z.object({ reason: reportReason }),
        summary: 'Raportează o greșeală în grilă',
      },
    },
    async (req, reply) => {
      const viewer = (await viewerOf(app.db, req))!;
      const g = await visibleGrid(app.db, req.params.id, viewer);
      const row = await app.db.one<{ id: number }>(
        'insert into grid_reports (grid_id, user_id, reason) values ($1, $2, $3) returning id',
        [g.id, viewer.id, req.body.reason],
      );
      return reply.code(201).send({ success: 'GRID_REPORTED', report_id: row!.id });
    },
  );
};
export default routes;

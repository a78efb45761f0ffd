// Item statistics (issue 9 §4): the admin's content-quality queue beside the report queue, and the
// recomputation — by an admin on demand and by every process on a timer (the one statement is
// idempotent, so two processes recomputing at once only repeat the work).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ITEM_STATS_LOW_FACILITY, ITEM_STATS_REFRESH_MS } from '../../../src/shared/item-stats.ts';
import { qualityQueue, refreshGridStats } from './queries.ts';
import { refreshPeerAccuracy } from '../stats/peer-refresh.ts';

const QUEUE_LIMIT = 200;

const routes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };
  app.get('/admin/content-quality', { preHandler: app.requireAdmin, schema: { ...schema, summary: 'Grile de verificat: discriminare negativă, foarte puțin rezolvate, raportate' } }, async () => ({
    grids: await qualityQueue(app.db, ITEM_STATS_LOW_FACILITY, QUEUE_LIMIT),
  }));
  app.post('/admin/grid-stats/refresh', { preHandler: app.requireAdmin, schema: { ...schema, summary: 'Recalculează statisticile grilelor' } }, async () => ({
    success: 'GRID_STATS_REFRESHED' as const,
    grids: await refreshGridStats(app.db),
    peers: await refreshPeerAccuracy(app.db),
  }));

  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    refreshGridStats(app.db)
      .then(() => refreshPeerAccuracy(app.db))
      .catch((err: unknown) => app.log.error({ err }, 'grid statistics not refreshed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, ITEM_STATS_REFRESH_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
export default routes;

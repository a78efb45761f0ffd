import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stats } from './queries.ts';

// The statistics screen (/statistici).
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        description: 'Totaluri, acuratețe pe manual și capitol, progres pe zile, capitolele cele mai slabe.',
      },
    },
    async (req) => stats(app.db, req.auth!.id),
  );
};
export default routes;

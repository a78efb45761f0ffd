// GET /search (issue 30 §3): grids and chapter paragraphs, for a signed-in candidate. The guard runs
// onRequest (401 before the query is read); the rate limit counts per user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_RATE, searchQuery } from '../../../src/shared/search-rules.ts';
import { viewerOf } from '../content/viewer.ts';
import * as service from './service.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          ...SEARCH_RATE,
          keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `search:${req.auth?.id ?? req.ip}`,
        },
      },
      schema: {
        tags: ['search'],
        security: [{ bearer: [] }],
        querystring: searchQuery,
        summary: 'Caută în grile și în capitole (fără diacritice, prefixe de cuvinte), cu potrivirile marcate',
      },
    },
    async (req) => service.search(app.db, (await viewerOf(app.db, req))!, req.query),
  );
};
export default routes;

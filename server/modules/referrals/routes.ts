// GET /referrals: the signed-in user's personal code and link, who joined through it and what it
// earned. Authenticated before anything is read; only one's own referrals are ever listed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REFERRAL_REWARD_DAYS } from '../../../src/shared/referral-rules.ts';
import { syncRewardDays } from './queries.ts';
import { referralsOf } from './service.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  await syncRewardDays(app.db, REFERRAL_REWARD_DAYS);
  app.get(
    '/referrals',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['referrals'],
        security: [{ bearer: [] }],
        summary: 'Codul și linkul meu de recomandare, cine s-a înscris prin el și ce am câștigat',
      },
    },
    async (req) => referralsOf(app.db, req.auth!.id),
  );
};

export default routes;

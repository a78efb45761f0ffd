import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoringProfileBody } from '../../../src/shared/test-schema.ts';
import { listProfiles, saveProfile } from './service.ts';

// Public list of the per-centre scoring profiles (the offline app grades with them too) and the
// admin editor.
const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['scoring'];
  app.get(
    '/scoring-profiles',
    {
      schema: {
        tags,
        description: 'Profilurile de punctare ale centrelor (date, editabile de administratori).',
      },
    },
    async () => ({ profiles: await listProfiles(app.db) }),
  );
  app.put(
    '/admin/scoring-profiles/:slug',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{2,60}$/, 'FORM_SCORING_PROFILE_NOT_FOUND') }),
        body: scoringProfileBody,
      },
    },
    async (req) => ({
      success: 'SCORING_PROFILE_SAVED' as const,
      profile: await saveProfile(app.db, req.params.slug, req.body, req.auth!.id),
    }),
  );
};
export default routes;

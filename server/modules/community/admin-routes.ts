// Community moderation (issue 7 §5): admins only (app.requireAdmin: 401 without a token, 403
// FORM_ADMIN_REQUIRED for others), before any input is read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  commentParams,
  hiddenBody,
  pinnedBody,
  proposalParams,
  proposalStatusBody,
  teamReplyBody,
} from '../../../src/shared/community-rules.ts';
import { viewerOf } from '../content/viewer.ts';
import * as admin from './admin.ts';
import { setStatus } from './proposals.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireAdmin;
  const viewer = async (req: FastifyRequest) => (await viewerOf(app.db, req))!;

  app.get(
    '/admin/community/reports',
    { onRequest, schema: { tags, security, summary: 'Comentariile raportate, cele mai vechi raportări întâi' } },
    async (req) => admin.queue(app.db, await viewer(req)),
  );

  app.post(
    '/admin/community/comments/:id/hidden',
    { onRequest, schema: { tags, security, params: commentParams, body: hiddenBody, summary: 'Ascunde sau reafișează un comentariu' } },
    async (req) => admin.setHidden(app, req.params.id, req.body.hidden),
  );

  app.post(
    '/admin/community/comments/:id/pinned',
    { onRequest, schema: { tags, security, params: commentParams, body: pinnedBody, summary: 'Fixează sau desfixează un comentariu' } },
    async (req) => admin.setPinned(app, req.params.id, req.body.pinned),
  );

  app.post(
    '/admin/community/comments/:id/dismiss',
    { onRequest, schema: { tags, security, params: commentParams, summary: 'Respinge raportările unui comentariu' } },
    async (req) => admin.dismiss(app.db, req.params.id),
  );

  app.post(
    '/admin/community/comments/:id/team-reply',
    {
      onRequest,
      schema: { tags, security, params: commentParams, body: teamReplyBody, summary: 'Răspunde în numele echipei' },
    },
    async (req, reply) => reply.code(201).send(await admin.teamReply(app, await viewer(req), req.params.id, req.body.body)),
  );

  app.post(
    '/admin/community/proposals/:id/status',
    {
      onRequest,
      schema: { tags, security, params: proposalParams, body: proposalStatusBody, summary: 'Stabilește starea unei propuneri' },
    },
    async (req) => setStatus(app.db, req.auth!.id, req.params.id, req.body.status),
  );
};
export default routes;

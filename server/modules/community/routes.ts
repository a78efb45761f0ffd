// Community (issue 7 §5): comments under grids and chapters, the community lists, the public
// /comunitate list, proposals (proposal-routes.ts) and moderation (admin-routes.ts). Guards run
// onRequest, so a request without a token gets 401 before its input is read. Writing, voting and
// reporting are rate-limited per signed-in user (the key is the user id, never client input).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  chapterParams,
  commentParams,
  commentsQuery,
  editCommentBody,
  newCommentBody,
  reportCommentBody,
  threadsQuery,
} from '../../../src/shared/community-rules.ts';
import { viewerOf } from '../content/viewer.ts';
import * as comments from './service.ts';
import { publicThreads, threads } from './threads.ts';
import { publicChapterComments } from './public-comments.ts';
import proposalRoutes from './proposal-routes.ts';
import adminRoutes from './admin-routes.ts';
import { COMMENT_REPORT_RATE, COMMENT_VOTE_RATE, COMMENT_WRITE_RATE, PUBLIC_READ_RATE, perUser } from './rates.ts';

const tags = ['community'];
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const viewer = async (req: FastifyRequest) => (await viewerOf(app.db, req))!;

  app.get(
    '/comments',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        querystring: commentsQuery,
        summary: 'Comentariile de sub o grilă sau un capitol, cu răspunsurile lor (fixate, apoi votate, apoi noi)',
      },
    },
    async (req) => comments.list(app.db, await viewer(req), req.query),
  );

  app.post(
    '/comments',
    {
      onRequest: app.authenticate,
      config: perUser('comment-write', COMMENT_WRITE_RATE),
      schema: {
        tags,
        security,
        body: newCommentBody,
        summary: 'Scrie un comentariu sau, cu parent_id, un răspuns',
      },
    },
    async (req, reply) => reply.code(201).send(await comments.create(app, await viewer(req), req.body)),
  );

  app.patch(
    '/comments/:id',
    {
      onRequest: app.authenticate,
      config: perUser('comment-write', COMMENT_WRITE_RATE),
      schema: { tags, security, params: commentParams, body: editCommentBody, summary: 'Modifică propriul comentariu' },
    },
    async (req) => comments.edit(app, await viewer(req), req.params.id, req.body.body),
  );

  app.delete(
    '/comments/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        params: commentParams,
        summary: 'Șterge propriul comentariu (rămâne „comentariu șters” dacă are răspunsuri)',
      },
    },
    async (req) => comments.remove(app, await viewer(req), req.params.id),
  );

  app.post(
    '/comments/:id/vote',
    {
      onRequest: app.authenticate,
      config: perUser('comment-vote', COMMENT_VOTE_RATE),
      schema: { tags, security, params: commentParams, summary: 'Votează un comentariu; a doua oară retrage votul' },
    },
    async (req) => comments.vote(app, await viewer(req), req.params.id),
  );

  app.post(
    '/comments/:id/report',
    {
      onRequest: app.authenticate,
      config: perUser('comment-report', COMMENT_REPORT_RATE),
      schema: {
        tags,
        security,
        params: commentParams,
        body: reportCommentBody,
        summary: 'Raportează un comentariu echipei (o dată de persoană)',
      },
    },
    async (req, reply) =>
      reply.code(201).send(await comments.report(app.db, await viewer(req), req.params.id, req.body.reason)),
  );

  app.get(
    '/community/threads',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        querystring: threadsQuery,
        summary: 'Discuțiile din comunitate (utile sau recente), din grilele și capitolele pe care le poți vedea',
      },
    },
    async (req) => threads(app.db, await viewer(req), req.query.sort ?? 'useful', req.query.page ?? 1),
  );

  app.get(
    '/community/public',
    {
      config: { rateLimit: { ...PUBLIC_READ_RATE, keyGenerator: (req: { ip: string }) => `community-public:${req.ip}` } },
      schema: {
        tags,
        summary: 'Cele mai utile discuții recente, fără cont (doar conținut gratuit; fără e-mailuri sau id-uri de persoane)',
      },
    },
    async () => publicThreads(app.db),
  );

  app.get(
    '/community/public/chapters/:id/comments',
    {
      config: { rateLimit: { ...PUBLIC_READ_RATE, keyGenerator: (req: { ip: string }) => `community-public:${req.ip}` } },
      schema: {
        tags,
        params: chapterParams,
        summary:
          'Discuția unui capitol gratuit, fără cont: doar citire, fără comentarii ascunse sau șterse, fără e-mailuri sau id-uri de persoane',
      },
    },
    async (req) => publicChapterComments(app.db, req.params.id),
  );

  await app.register(proposalRoutes);
  await app.register(adminRoutes);
};
export default routes;

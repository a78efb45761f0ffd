// 'Decide the future' (issue 7 §5): proposals listed, submitted and voted by signed-in users.
// The status is set by admins (admin-routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newProposalBody, proposalParams, proposalsQuery } from '../../../src/shared/community-rules.ts';
import * as proposals from './proposals.ts';
import { COMMENT_VOTE_RATE, PROPOSAL_WRITE_RATE, perUser } from './rates.ts';

const tags = ['community'];
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;

  app.get(
    '/proposals',
    {
      onRequest: app.authenticate,
      schema: { tags, security, querystring: proposalsQuery, summary: 'Propunerile de funcții (cele mai votate sau cele noi)' },
    },
    async (req) => proposals.list(app.db, me(req), req.query),
  );

  app.post(
    '/proposals',
    {
      onRequest: app.authenticate,
      config: perUser('proposal-write', PROPOSAL_WRITE_RATE),
      schema: { tags, security, body: newProposalBody, summary: 'Propune o funcție nouă' },
    },
    async (req, reply) => reply.code(201).send(await proposals.create(app.db, me(req), req.body)),
  );

  app.post(
    '/proposals/:id/vote',
    {
      onRequest: app.authenticate,
      config: perUser('proposal-vote', COMMENT_VOTE_RATE),
      schema: { tags, security, params: proposalParams, summary: 'Votează o propunere; a doua oară retrage votul' },
    },
    async (req) => proposals.vote(app.db, me(req), req.params.id),
  );
};
export default routes;

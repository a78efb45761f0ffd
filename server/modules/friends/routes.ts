// Friends (issue 7 §2): find people, friend requests (send, accept, reject, cancel), remove a
// friend, block and unblock. Every route acts for the signed-in user on their own rows only: no
// route takes another user's friend list, and an e-mail is shown only among friends.
// Guards run onRequest, so a request without a token gets 401 before its input is read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../src/shared/input-rules.ts';
import { otherUserBody, searchQuery } from '../../../src/shared/friend-rules.ts';
import * as friends from './service.ts';
import { endConversation, friendsChanged } from './live.ts';
import { friendRequestAccepted, friendRequestReceived } from '../notifications/triggers.ts';

const tags = ['friends'];
const security = [{ bearer: [] }];
const userParams = z.object({ userId: idParam('FORM_USER_NOT_FOUND') });

/** Keyed by the signed-in user (the rate-limit hook runs after app.authenticate in onRequest). */
const perUser = (name: string, max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `${name}:${req.auth?.id ?? req.ip}`,
  },
});
/** Requests sent: enough for a study group, too few to spam the whole user base. */
export const FRIEND_REQUEST_RATE = { max: 30, timeWindow: '1 hour' };
/** Searches: an exact e-mail answers whether that address has an account, so they are counted too. */
export const FRIEND_SEARCH_RATE = { max: 60, timeWindow: '1 minute' };

const routes: FastifyPluginAsyncZod = async (app) => {
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;

  app.get(
    '/friends',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Prietenii mei, cererile primite și trimise, codul meu de invitație',
      },
    },
    async (req) => friends.overview(app.db, me(req)),
  );

  app.get(
    '/friends/search',
    {
      onRequest: app.authenticate,
      config: perUser('friend-search', FRIEND_SEARCH_RATE.max, FRIEND_SEARCH_RATE.timeWindow),
      schema: {
        tags,
        security,
        querystring: searchQuery,
        summary: 'Caută persoane după nume, e-mail exact sau cod de invitație',
      },
    },
    async (req) => friends.search(app.db, me(req), req.query),
  );

  app.post(
    '/friends/requests',
    {
      onRequest: app.authenticate,
      config: perUser('friend-request', FRIEND_REQUEST_RATE.max, FRIEND_REQUEST_RATE.timeWindow),
      schema: {
        tags,
        security,
        body: otherUserBody,
        summary: 'Trimite o cerere de prietenie (o acceptă dacă persoana ți-a trimis deja una)',
      },
    },
    async (req, reply) => {
      const r = await friends.sendRequest(app.db, me(req), req.body.user_id);
      // Asking someone who had already asked you accepts their request (sendRequest's rule).
      if (r.success === 'FRIENDSHIP_ACCEPTED') await friendRequestAccepted(app, me(req), req.body.user_id);
      else await friendRequestReceived(app, me(req), req.body.user_id);
      await friendsChanged(app, me(req), req.body.user_id, r.success === 'FRIENDSHIP_ACCEPTED' ? 'accepted' : 'request');
      return reply.code(r.status).send({ success: r.success, user_id: req.body.user_id });
    },
  );

  app.post(
    '/friends/requests/:userId/accept',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: userParams, summary: 'Acceptă cererea primită de la o persoană' },
    },
    async (req) => {
      const success = await friends.answerRequest(app.db, me(req), req.params.userId, true);
      await friendRequestAccepted(app, me(req), req.params.userId);
      await friendsChanged(app, me(req), req.params.userId, 'accepted');
      return { success, user_id: req.params.userId };
    },
  );

  app.post(
    '/friends/requests/:userId/reject',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: userParams, summary: 'Respinge cererea primită de la o persoană' },
    },
    async (req) => {
      const success = await friends.answerRequest(app.db, me(req), req.params.userId, false);
      await friendsChanged(app, me(req), req.params.userId, 'rejected');
      return { success, user_id: req.params.userId };
    },
  );

  app.delete(
    '/friends/requests/:userId',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: userParams, summary: 'Anulează cererea trimisă unei persoane' },
    },
    async (req) => {
      const success = await friends.cancelRequest(app.db, me(req), req.params.userId);
      await friendsChanged(app, me(req), req.params.userId, 'cancelled');
      return { success, user_id: req.params.userId };
    },
  );

  app.get(
    '/friends/blocks',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Persoanele pe care le-am blocat' } },
    async (req) => friends.blockedList(app.db, me(req)),
  );

  app.post(
    '/friends/blocks',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        body: otherUserBody,
        summary: 'Blochează o persoană: prietenia și cererile dintre voi dispar',
      },
    },
    async (req, reply) => {
      const success = await friends.block(app.db, me(req), req.body.user_id);
      await endConversation(app, me(req), req.body.user_id);
      await friendsChanged(app, me(req), req.body.user_id, 'blocked');
      return reply.code(201).send({ success, user_id: req.body.user_id });
    },
  );

  app.delete(
    '/friends/blocks/:userId',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: userParams, summary: 'Deblochează o persoană' },
    },
    async (req) => {
      const success = await friends.unblock(app.db, me(req), req.params.userId);
      await friendsChanged(app, me(req), req.params.userId, 'unblocked');
      return { success, user_id: req.params.userId };
    },
  );

  app.delete(
    '/friends/:userId',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: userParams, summary: 'Șterge un prieten' },
    },
    async (req) => {
      const success = await friends.removeFriend(app.db, me(req), req.params.userId);
      await endConversation(app, me(req), req.params.userId);
      await friendsChanged(app, me(req), req.params.userId, 'removed');
      return { success, user_id: req.params.userId };
    },
  );
};
export default routes;

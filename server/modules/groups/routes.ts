// Group tests (issue 10, SPEC §2 /grup/*, §5, §6, §8). Every route authenticates first (401
// before validation), validates with the zod schemas of src/shared/group-schema.ts, and the
// service checks premium, membership and creator rights under the group row lock.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGroupBody,
  groupAnswerBody,
  groupAnswerParams,
  groupHashParams,
  groupUserBody,
  joinByCodeBody,
  readyBody,
} from '../../../src/shared/group-schema.ts';
import { createGroup } from './create.ts';
import { inviteUser } from './invite.ts';
import { changeCreator, join, joinByCode, kick, leave, setReady, start, stop } from './members.ts';
import { answer } from './answers.ts';
import { groupHistory, groupResults, groupState } from './state.ts';
import { retestMissed } from './retest.ts';
import { friendsForGroup } from './queries.ts';

/** Keyed by the signed-in user (the rate-limit hook runs after app.authenticate in onRequest). */
const perUser = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `${name}:${req.auth?.id ?? req.ip}`,
  },
});
/** A few groups a minute is a busy study session; more is a script. */
export const GROUP_CREATE_RATE = 10;
/** Reads and answers: a refresh storm or a flaky connection retrying, well above a human's pace. */
export const GROUP_ACTION_RATE = 240;

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['groups'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: app.authenticate, config: perUser('group', GROUP_ACTION_RATE) };
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;
  const params = groupHashParams;

  app.post(
    '/groups',
    { onRequest: app.authenticate, config: perUser('group-create', GROUP_CREATE_RATE), schema: { tags, security, body: createGroupBody, summary: 'Creează un test de grup și invită prieteni' } },
    async (req, reply) => reply.code(201).send({ success: 'GROUP_TEST_CREATED', ...(await createGroup(app, me(req), req.body)) }),
  );
  app.get('/groups', { ...auth, schema: { tags, security, summary: 'Istoricul testelor de grup' } }, async (req) => groupHistory(app.db, me(req)));
  app.get('/groups/friends', { ...auth, schema: { tags, security, summary: 'Prietenii mei, cu cine poate fi invitat (Premium)' } }, async (req) => ({
    friends: await friendsForGroup(app.db, me(req)),
  }));
  app.post('/groups/join', { ...auth, schema: { tags, security, body: joinByCodeBody, summary: 'Intră într-un test de grup cu codul de invitație' } }, async (req) =>
    joinByCode(app, me(req), req.body.code),
  );
  app.get('/groups/:hash', { ...auth, schema: { tags, security, params, summary: 'Starea testului de grup (sala de așteptare, grila deschisă, clasament)' } }, async (req) =>
    groupState(app, me(req), req.params.hash),
  );
  app.post('/groups/:hash/join', { ...auth, schema: { tags, security, params, summary: 'Acceptă invitația' } }, async (req) => join(app, me(req), req.params.hash));
  app.post('/groups/:hash/ready', { ...auth, schema: { tags, security, params, body: readyBody, summary: 'Marchează „gata”' } }, async (req) =>
    setReady(app, me(req), req.params.hash, req.body.ready),
  );
  app.post('/groups/:hash/invite', { ...auth, schema: { tags, security, params, body: groupUserBody, summary: 'Invită un prieten (creatorul)' } }, async (req) =>
    inviteUser(app, me(req), req.params.hash, req.body.user_id),
  );
  app.post('/groups/:hash/start', { ...auth, schema: { tags, security, params, summary: 'Pornește testul (creatorul, minimum 2 participanți)' } }, async (req) =>
    start(app, me(req), req.params.hash),
  );
  app.post('/groups/:hash/kick', { ...auth, schema: { tags, security, params, body: groupUserBody, summary: 'Elimină un participant (creatorul)' } }, async (req) =>
    kick(app, me(req), req.params.hash, req.body.user_id),
  );
  app.post('/groups/:hash/creator', { ...auth, schema: { tags, security, params, body: groupUserBody, summary: 'Schimbă creatorul (creatorul)' } }, async (req) =>
    changeCreator(app, me(req), req.params.hash, req.body.user_id),
  );
  app.post('/groups/:hash/stop', { ...auth, schema: { tags, security, params, summary: 'Oprește testul (creatorul)' } }, async (req) => stop(app, me(req), req.params.hash));
  app.post('/groups/:hash/leave', { ...auth, schema: { tags, security, params, summary: 'Părăsește testul' } }, async (req) => leave(app, me(req), req.params.hash));
  app.put(
    '/groups/:hash/answers/:position',
    { ...auth, schema: { tags, security, params: groupAnswerParams, body: groupAnswerBody, summary: 'Răspunsul la grila deschisă (unul pe grilă)' } },
    async (req) => ({ answer: await answer(app, me(req), req.params.hash, req.params.position, req.body) }),
  );
  app.get('/groups/:hash/results', { ...auth, schema: { tags, security, params, summary: 'Rezultatele, după încheiere' } }, async (req) =>
    groupResults(app, me(req), req.params.hash),
  );
  app.post('/groups/:hash/retest', { ...auth, schema: { tags, security, params, summary: 'Test de exersare din grilele greșite de grup' } }, async (req, reply) =>
    reply.code(201).send({ success: 'TEST_CREATED', test: await retestMissed(app, me(req), req.params.hash) }),
  );
};
export default routes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerBody,
  countBody,
  createTestBody,
  gridFiltersBody,
  historyQuery,
  remainingBody,
  syncBody,
} from '../../../src/shared/test-schema.ts';
import { abandon, finish, getTest, history, remove, setRemaining } from './service.ts';
import { availableGrids, createTest } from './create.ts';
import { putAnswer } from './answers.ts';
import { ranking, results } from './results.ts';
import { syncTests } from './sync.ts';
import type { AvailableGridsResponse, SyncResponse, TestCreatedResponse } from '../../../src/shared/practice-payloads.ts';
import { createWeakTest } from '../stats/weak.ts';
import { idParam, plainString } from '../../../src/shared/input-rules.ts';
import { startReviewQueue, type ReviewQueue } from '../review/deferred.ts';

// Tests engine (SPEC §2 tests routes). Everything is the caller's own: another user's test is 404.
// GET /user/tests-count lives in the user module (it reads the same `tests` table).
const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tests'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: app.authenticate }; // before body validation: 401 comes first
  const idParams = z.object({ id: plainString(64) });
  // A finish's spaced-repetition reviews go to the review queue (review/deferred.ts) when it is on.
  let reviews: ReviewQueue | null = null;
  if (app.config.REVIEW_QUEUE) {
    app.addHook('onReady', async () => {
      reviews = await startReviewQueue(app);
    });
    app.addHook('onClose', async () => reviews?.stop());
  }

  app.post('/tests', { ...auth, schema: { tags, security, body: createTestBody } }, async (req, reply) => {
    const { test, created } = await createTest(app.db, req.auth!.id, req.body);
    return reply.code(created ? 201 : 200).send({ success: 'TEST_CREATED', test } satisfies TestCreatedResponse);
  });

  app.post(
    '/tests/available',
    { ...auth, schema: { tags, security, body: gridFiltersBody, description: 'Câte grile permit filtrele constructorului de teste.' } },
    async (req): Promise<AvailableGridsResponse> => ({ available: await availableGrids(app.db, req.auth!.id, req.body) }),
  );

  app.post(
    '/tests/sync',
    {
      ...auth,
      schema: {
        tags,
        security,
        body: syncBody,
        description: 'Încărcarea testelor făcute offline; idempotentă după id-urile generate de client.',
      },
    },
    async (req): Promise<SyncResponse> => {
      const tests = await syncTests(app.db, req.auth!.id, req.body.tests);
      for (const t of tests) app.metrics.outboxSyncs.inc({ outcome: t.status });
      return { success: 'TEST_SYNCED', tests };
    },
  );

  app.post('/tests/weak', { ...auth, schema: { tags, security, body: countBody } }, async (req, reply) => {
    const test = await createWeakTest(app.db, req.auth!.id, req.body?.count ?? 20);
    return reply.code(201).send({ success: 'TEST_CREATED', test } satisfies TestCreatedResponse);
  });

  app.get('/tests', { ...auth, schema: { tags, security, querystring: historyQuery } }, async (req) =>
    history(app.db, req.auth!.id, req.query.status, req.query.page),
  );

  app.get('/tests/:id', { ...auth, schema: { tags, security, params: idParams } }, async (req) =>
    getTest(app.db, req.auth!.id, req.params.id),
  );

  app.put(
    '/tests/:id/answers/:gridId',
    {
      ...auth,
      schema: {
        tags,
        security,
        params: idParams.extend({ gridId: idParam() }),
        body: answerBody,
      },
    },
    async (req) => putAnswer(app.db, req.auth!.id, req.params.id, req.params.gridId, req.body),
  );

  app.post(
    '/tests/:id/remaining',
    { ...auth, schema: { tags, security, params: idParams, body: remainingBody } },
    async (req) => setRemaining(app.db, req.auth!.id, req.params.id, req.body.remaining_s),
  );

  app.post('/tests/:id/finish', { ...auth, schema: { tags, security, params: idParams } }, async (req) => {
    const queue = reviews;
    const out = await finish(app.db, req.auth!.id, req.params.id, queue !== null);
    // Not awaited into the answer's latency budget on failure: the mark stays, and the user's next
    // review read (catchUpReviews) or a later finish's job makes it good.
    if (queue) await queue.send(out.test.id).catch((err: unknown) => req.log.warn({ err }, 'review not queued'));
    return out;
  });
  app.post('/tests/:id/abandon', { ...auth, schema: { tags, security, params: idParams } }, async (req) =>
    abandon(app.db, req.auth!.id, req.params.id),
  );
  app.delete('/tests/:id', { ...auth, schema: { tags, security, params: idParams } }, async (req) =>
    remove(app.db, req.auth!.id, req.params.id),
  );
  app.get('/tests/:id/results', { ...auth, schema: { tags, security, params: idParams } }, async (req) =>
    results(app.db, req.auth!.id, req.params.id),
  );
  app.get('/tests/:id/ranking', { ...auth, schema: { tags, security, params: idParams } }, async (req) =>
    ranking(app.db, req.auth!.id, req.params.id),
  );
};
export default routes;

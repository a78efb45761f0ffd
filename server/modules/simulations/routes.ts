// Simulations (issue 9 §1; SPEC §2 /teste/simulare/*). Candidates: list, open by uuid, start (a
// test of kind 'simulation' solved through /tests/*) and the result with rank. Admins: build a
// paper to a centre's format from the grid bank, publish it. Authentication comes first (401
// before validation); reads and starts are rate-limited per user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSimulationBody,
  simulationIdParams,
  simulationListQuery,
  type SimulationCreated,
  type SimulationDetail,
  type SimulationPublished,
  type SimulationStarted,
} from '../../../src/shared/simulation-schema.ts';
import { plainString } from '../../../src/shared/input-rules.ts';
import { createSimulation, list, publishedSimulation, publishSimulation, startSimulation } from './service.ts';
import { serializeSimulation } from './queries.ts';
import { simulationResult } from './results.ts';
import { admissionEstimate, saveThreshold } from './estimate.ts';
import { readinessHistory } from './readiness.ts';
import { readinessQuery, type ReadinessList } from '../../../src/shared/readiness/index.ts';
import { admissionThresholdBody, admissionThresholdParams } from '../../../src/shared/simulation-schema.ts';

const perUser = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `${name}:${req.auth?.id ?? req.ip}`,
  },
});
/** Browsing the lists and results: well above a human's pace. */
export const SIMULATION_READ_RATE = 240;
/** Starting or resuming: a few a minute is a candidate; more is a script. */
export const SIMULATION_START_RATE = 30;

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['simulations'];
  const security = [{ bearer: [] }];
  const read = { onRequest: app.authenticate, config: perUser('sim-read', SIMULATION_READ_RATE) };

  app.get(
    '/simulations',
    {
      ...read,
      schema: {
        tags,
        security,
        querystring: simulationListQuery,
        description: 'Simulările publicate: pe centru și variantă, pe sursă sau după tip, cu încercările mele.',
      },
    },
    async (req) => list(app.db, req.auth!.id, req.query),
  );
  app.get('/simulations/:id', { ...read, schema: { tags, security, params: simulationIdParams } }, async (req) => ({
    simulation: serializeSimulation(await publishedSimulation(app.db, req.auth!.id, req.params.id)),
  }) satisfies SimulationDetail);
  app.post(
    '/simulations/:id/start',
    {
      onRequest: app.authenticate,
      config: perUser('sim-start', SIMULATION_START_RATE),
      schema: { tags, security, params: simulationIdParams, description: 'Începe (sau reia) simularea: un test de tip „simulation”.' },
    },
    async (req, reply) => {
      const { test, created } = await startSimulation(app.db, req.auth!.id, req.params.id);
      return reply.code(created ? 201 : 200).send({ success: 'TEST_CREATED', test, created } satisfies SimulationStarted);
    },
  );
  app.get(
    '/simulations/estimate',
    {
      ...read,
      schema: {
        tags,
        security,
        querystring: z.object({ center: z.string({ error: 'FORM_CENTER_INVALID' }).regex(/^[a-z0-9-]{2,60}$/, 'FORM_CENTER_INVALID') }),
        description: 'Estimarea admiterii: intervalul notelor mele la simulările centrului față de ultimele medii de admitere (cu surse).',
      },
    },
    async (req) => admissionEstimate(app.db, req.auth!.id, req.query.center),
  );
  app.get(
    '/simulations/estimate/history',
    {
      ...read,
      schema: {
        tags,
        security,
        querystring: readinessQuery,
        description:
          'Evoluția estimării admiterii (issue 31 §3): pe centrele planului de studiu (sau centrul meu, ori `center`), nota după fiecare simulare și săptămânal din exersare, cu interval, ultimul prag de admitere (cu sursă) și distanța până la el.',
      },
    },
    async (req) => (await readinessHistory(app.db, req.auth!.id, req.query.center)) satisfies ReadinessList,
  );
  app.put(
    '/admin/admission-thresholds/:center/:specialization/:year',
    { onRequest: app.requireAdmin, schema: { tags, security, params: admissionThresholdParams, body: admissionThresholdBody } },
    async (req) => saveThreshold(app.db, req.auth!.id, req.params, req.body),
  );
  app.get(
    '/tests/:id/simulation',
    { ...read, schema: { tags, security, params: z.object({ id: plainString(64) }) } },
    async (req) => simulationResult(app.db, req.auth!.id, req.params.id),
  );

  app.post(
    '/admin/simulations',
    { onRequest: app.requireAdmin, schema: { tags, security, body: createSimulationBody } },
    async (req, reply) =>
      reply.code(201).send({
        success: 'SIMULATION_CREATED',
        simulation: await createSimulation(app.db, req.auth!.id, req.body),
      } satisfies SimulationCreated),
  );
  app.get(
    '/admin/simulations',
    { onRequest: app.requireAdmin, schema: { tags, security, querystring: simulationListQuery, description: 'Toate simulările, și ciornele.' } },
    async (req) => list(app.db, req.auth!.id, req.query, true),
  );
  app.post(
    '/admin/simulations/:id/publish',
    { onRequest: app.requireAdmin, schema: { tags, security, params: simulationIdParams } },
    async (req) =>
      ({
        success: 'SIMULATION_PUBLISHED',
        simulation: await publishSimulation(app.db, req.auth!.id, req.params.id),
      }) satisfies SimulationPublished,
  );
};
export default routes;

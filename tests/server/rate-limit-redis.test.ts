// Rate limits over several processes (REDIS_URL): the counters live in Redis, so a client that
// spreads its requests over two processes gets the same limit as on one. Without Redis each
// process counts alone (the control case shows the difference the store makes).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb } from './helpers.ts';
import { CONTACT_RATE } from '../../server/modules/contact/routes.ts';
import type { FastifyInstance } from 'fastify';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `grilio-test:${randomBytes(6).toString('hex')}:`;

// An invalid body still counts: the limit runs before validation, so a flood costs nothing.
const contact = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: '', email: 'x', message: '' } });

let close: () => Promise<void>;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  const opened = await openTestDb();
  close = opened.close;
  const shared: Record<string, string> = { REDIS_URL, REALTIME_REDIS_PREFIX: prefix };
  for (const env of [shared, shared, {}, {}])
    apps.push((await buildTestApp(opened.db, env)).app);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await close?.();
  const redis = new Redis(REDIS_URL);
  const left = await redis.keys(`${prefix}*`);
  if (left.length) await redis.del(...left);
  redis.disconnect();
});

async function spread(a: FastifyInstance, b: FastifyInstance): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i <= CONTACT_RATE.max; i++) codes.push((await contact(i % 2 ? b : a)).statusCode);
  return codes;
}

describe('rate limits across processes', () => {
  it('with Redis, requests spread over two processes share one limit', async () => {
    const codes = await spread(apps[0]!, apps[1]!);
    expect(codes.slice(0, CONTACT_RATE.max).every((c) => c === 422)).toBe(true);
    expect(codes[CONTACT_RATE.max]).toBe(429);
    // Both processes now refuse this address.
    expect((await contact(apps[0]!)).statusCode).toBe(429);
    const refused = await contact(apps[1]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { general: ['FORM_TOO_MANY_REQUESTS'] } });
  });

  it('without Redis, each process counts alone (what the store changes)', async () => {
    const codes = await spread(apps[2]!, apps[3]!);
    expect(codes.every((c) => c === 422)).toBe(true);
  });
});

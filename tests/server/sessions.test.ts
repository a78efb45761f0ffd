// Token cache and revocation (issue 12 §3): a cached token costs no query, revocation acts at once
// in this process and, through Redis, in every other one; last_used_at is written once a minute.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../../server/db/db.ts';
import { afterReplySettled } from '../../server/lib/after-reply.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { revokeTokens, TOKEN_CACHE_TTL_MS } from '../../server/lib/sessions.ts';
import { redisInvalidation } from '../../server/lib/token-invalidation.ts';
import { buildTestApp, countingDb, openTestDb } from './helpers.ts';
import { createUser, DEFAULT_PASSWORD } from './users-fixture.ts';
import { lacks } from '../needs-tool.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let shared: Awaited<ReturnType<typeof openTestDb>>;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  shared = await openTestDb();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await shared.close();
});

/** A settable clock: the cache life and the last_used_at minute only pass when a test moves it. */
function clock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms), setTo: (ms: number) => (now = ms) };
}


async function appOn(db: Db, env: Record<string, string> = {}, now?: () => number): Promise<FastifyInstance> {
  const { app } = await buildTestApp(db, env, { clock: now });
  apps.push(app);
  return app;
}

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
const logout = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/logout', headers: { authorization: `Bearer ${token}` } });
const isAuthQuery = (s: string) => /from auth_tokens/.test(s);
const isLastUsedWrite = (s: string) => /update auth_tokens set last_used_at/.test(s);

describe('one process, no Redis', () => {
  it('a cached token costs no query; a change behind the cache shows after one cache life', async () => {
    const time = clock();
    const { db, sql } = countingDb(shared.db);
    const app = await appOn(db, {}, time.now);
    const u = await createUser(shared.db);
    expect((await me(app, u.token)).statusCode).toBe(200);
    expect(sql.filter(isAuthQuery)).toHaveLength(1);
    expect((await me(app, u.token)).statusCode).toBe(200);
    expect(sql.filter(isAuthQuery)).toHaveLength(1);
    // Revoked outside revokeTokens (by hand in SQL): the cache does not know until its entry ages out.
    await shared.db.query('update auth_tokens set revoked_at = now() where user_id = $1', [u.id]);
    expect((await me(app, u.token)).statusCode).toBe(200);
    time.advance(TOKEN_CACHE_TTL_MS);
    expect((await me(app, u.token)).statusCode).toBe(401);
  });

  it('sign-out takes effect at once, for a token the cache holds', async () => {
    const app = await appOn(shared.db, {}, clock().now);
    const u = await createUser(shared.db);
    expect((await me(app, u.token)).statusCode).toBe(200);
    expect((await logout(app, u.token)).statusCode).toBe(200);
    expect((await me(app, u.token)).statusCode).toBe(401);
  });

  it('a password change signs out the other cached sessions at once and keeps its own', async () => {
    const app = await appOn(shared.db, {}, clock().now);
    const u = await createUser(shared.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: u.email, password: DEFAULT_PASSWORD },
    });
    const other = login.json().token as string;
    expect((await me(app, other)).statusCode).toBe(200);
    const change = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/password',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { current_password: DEFAULT_PASSWORD, password: 'parola-noua-456', password_confirmation: 'parola-noua-456' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(app, other)).statusCode).toBe(401);
    expect((await me(app, u.token)).statusCode).toBe(200);
  });

  it('a revocation inside a transaction is not undone by a read before its commit', async () => {
    const app = await appOn(shared.db, {}, clock().now);
    const u = await createUser(shared.db);
    await shared.db.tx(async (tx) => {
      await revokeTokens(app, { userId: u.id }, tx);
      // PGlite runs one transaction at a time, so the concurrent read is only possible on PostgreSQL.
      if (shared.db.kind === 'postgres') expect((await me(app, u.token)).statusCode).toBe(200);
    });
    expect((await me(app, u.token)).statusCode).toBe(401);
  });

  it('records last_used_at at most once a minute per token, after the answer', async () => {
    const time = clock();
    const { db, sql } = countingDb(shared.db);
    const app = await appOn(db, {}, time.now);
    const u = await createUser(shared.db);
    // The minutes count from the token's own last use (its issue): a slow machine may take seconds
    // between starting the clock and issuing the token.
    const lastUsedAt = async () => {
      const row = await shared.db.one<{ last_used_at: Date }>('select last_used_at from auth_tokens where token_hash = $1', [hashToken(u.token)]);
      return new Date(row!.last_used_at).getTime();
    };
    time.setTo(await lastUsedAt());
    const writes = async () => (await afterReplySettled(), sql.filter(isLastUsedWrite).length);
    for (let i = 0; i < 5; i++) expect((await me(app, u.token)).statusCode).toBe(200);
    expect(await writes()).toBe(0); // the token was issued a moment ago
    time.advance(61_000);
    for (let i = 0; i < 5; i++) await me(app, u.token);
    expect(await writes()).toBe(1);
    time.advance(30_000);
    for (let i = 0; i < 5; i++) await me(app, u.token);
    expect(await writes()).toBe(1);
    time.advance(31_000);
    await me(app, u.token);
    expect(await writes()).toBe(2);
    expect(await lastUsedAt()).toBe(time.now());
  });

  it('while revocations may be missed (Redis away), it reads every token from the database', async () => {
    const { db, sql } = countingDb(shared.db);
    const app = await appOn(db, {}, clock().now);
    app.sessions.invalidation = { listening: false, publish: async () => {}, close: async () => {} };
    const u = await createUser(shared.db);
    expect((await me(app, u.token)).statusCode).toBe(200);
    expect((await me(app, u.token)).statusCode).toBe(200);
    expect(sql.filter(isAuthQuery)).toHaveLength(2);
    await shared.db.query('update auth_tokens set revoked_at = now() where user_id = $1', [u.id]);
    expect((await me(app, u.token)).statusCode).toBe(401);
  });

  it('a Redis that does not answer at start leaves the cache off; revoking still works', async () => {
    const errors: string[] = [];
    const log = { warn: () => {}, info: () => {}, error: (...args: unknown[]) => void errors.push(String(args[1])) };
    const inv = await redisInvalidation({
      url: 'redis://127.0.0.1:1',
      channel: 'x',
      onRevoked: () => {},
      onResubscribed: () => {},
      log: log as unknown as Parameters<typeof redisInvalidation>[0]['log'],
    });
    expect(inv.listening).toBe(false);
    await inv.publish(1);
    await inv.close();
    expect(errors).toEqual(['redis not reachable at start: token cache off until it is', 'token revocation not published to redis']);
  });
});

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const redisUp = await redisAnswers();
describe.skipIf(lacks(`Redis at ${REDIS_URL}`, redisUp, 'redis-server; .ci/run uses the machine\'s own'))('two processes on one database, through Redis', () => {
  it('sign-out on A makes the token fail on B at once, not after the cache life', async () => {
    const env = { REDIS_URL, SESSIONS_REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
    // B's clock never moves: its cache entry cannot age out, only the Redis message can evict it.
    const a = await appOn(shared.db, env, clock().now);
    const b = await appOn(shared.db, env, clock().now);
    expect(a.sessions.invalidation.listening && b.sessions.invalidation.listening).toBe(true);
    const u = await createUser(shared.db);
    expect((await me(b, u.token)).statusCode).toBe(200);
    expect(b.sessions.cache.get(hashToken(u.token))).toBeDefined();
    expect((await logout(a, u.token)).statusCode).toBe(200);
    // Redis delivers to B's connection while A waits for its own copy; B reads it on its next turn.
    await vi.waitFor(() => expect(b.sessions.cache.get(hashToken(u.token))).toBeUndefined(), { timeout: 15_000, interval: 5 });
    expect((await me(b, u.token)).statusCode).toBe(401);
  });

  it('a password change on A signs out the sessions B holds; another deployment prefix is not told', async () => {
    const env = { REDIS_URL, SESSIONS_REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
    const a = await appOn(shared.db, env, clock().now);
    const b = await appOn(shared.db, env, clock().now);
    const elsewhere = await appOn(shared.db, { REDIS_URL, SESSIONS_REDIS_PREFIX: `other-${randomBytes(6).toString('hex')}:` }, clock().now);
    const u = await createUser(shared.db);
    const login = await a.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: u.email, password: DEFAULT_PASSWORD } });
    const other = login.json().token as string;
    expect((await me(b, other)).statusCode).toBe(200);
    expect((await me(elsewhere, other)).statusCode).toBe(200);
    const change = await a.inject({
      method: 'PUT',
      url: '/api/v1/user/password',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { current_password: DEFAULT_PASSWORD, password: 'parola-noua-456', password_confirmation: 'parola-noua-456' },
    });
    expect(change.statusCode).toBe(200);
    await vi.waitFor(() => expect(b.sessions.cache.get(hashToken(other))).toBeUndefined(), { timeout: 15_000, interval: 5 });
    expect((await me(b, other)).statusCode).toBe(401);
    // Same database, other channel: its cache still trusts the token (nobody told it).
    expect(elsewhere.sessions.cache.get(hashToken(other))).toBeDefined();
  });

  it('a process that lost its Redis connection reads the database, and starts empty once back', async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    const env = { REDIS_URL, SESSIONS_REDIS_PREFIX: prefix };
    const b = await appOn(shared.db, env, clock().now);
    const admin = new Redis(REDIS_URL);
    const clients = (await admin.client('LIST')) as string;
    const subscriber = clients.split('\n').find((line) => line.includes(` name=${prefix}revoked:`));
    const a = await appOn(shared.db, env, clock().now);
    const u = await createUser(shared.db);
    expect((await me(b, u.token)).statusCode).toBe(200);
    expect(b.sessions.cache.get(hashToken(u.token))).toBeDefined();
    await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(subscriber!)![1]!);
    await vi.waitFor(() => expect(b.sessions.invalidation.listening).toBe(false), { timeout: 15_000, interval: 5 });
    // A's announcement is lost for B, which reads the database meanwhile.
    expect((await logout(a, u.token)).statusCode).toBe(200);
    expect((await me(b, u.token)).statusCode).toBe(401);
    await vi.waitFor(() => expect(b.sessions.invalidation.listening).toBe(true), { timeout: 15_000, interval: 20 });
    // Back on its cache, which was emptied: the token it held before the drop is not trusted.
    expect((await me(b, u.token)).statusCode).toBe(401);
    admin.disconnect();
  });
});

// Bearer tokens: every /api request with `Authorization: Bearer …` is resolved to req.auth.
// A revoked, expired or unknown token counts as no token; routes that need one answer 401.
// Tokens are resolved from an in-memory cache (server/lib/token-cache.ts, 30 s life) so that a
// request costs no database round trip; revocation evicts them at once (server/lib/sessions.ts);
// last_used_at is written at most once a minute per token, after the answer.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken } from '../lib/tokens.ts';
import { unauthorized, forbidden } from '../lib/errors.ts';
import { afterReply } from '../lib/after-reply.ts';
import { createSessions, LAST_USED_INTERVAL_MS } from '../lib/sessions.ts';
import type { CachedToken } from '../lib/token-cache.ts';
import { API_PREFIX } from '../../src/shared/constants.ts';

type Row = { token_id: number; user_id: number; expires_at: Date; last_used_at: Date };

export type AuthPluginOptions = { /** The token cache's clock (tests move it). */ now?: () => number };

/** The token's entry from the cache, when it may be used and is there. */
function cached(app: FastifyInstance, hash: string): CachedToken | undefined {
  // Not listening for revocations (Redis away): the cache might be stale, the database is not.
  return app.sessions.invalidation.listening ? app.sessions.cache.get(hash) : undefined;
}

/** The token's entry from the database (and then cached); undefined when not valid. */
async function load(app: FastifyInstance, hash: string): Promise<CachedToken | undefined> {
  const { cache, invalidation } = app.sessions;
  const useCache = invalidation.listening;
  const row = await app.db.one<Row>(
    `select id as token_id, user_id, expires_at, last_used_at from auth_tokens
      where token_hash = $1 and revoked_at is null and expires_at > now()`,
    [hash],
  );
  if (!row) return undefined;
  const entry: CachedToken = {
    tokenId: row.token_id,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at).getTime(),
    lastUsedAt: new Date(row.last_used_at).getTime(),
    loadedAt: cache.now(),
  };
  if (useCache) cache.set(hash, entry);
  return entry;
}

/** Records the use of a token, at most once a minute, off the request path (errors are logged). */
function noteUse(app: FastifyInstance, entry: CachedToken): void {
  const now = app.sessions.cache.now();
  if (now - entry.lastUsedAt < LAST_USED_INTERVAL_MS) return;
  entry.lastUsedAt = now;
  afterReply(app.log, 'last_used_at update', async () => {
    // The condition keeps several processes from writing the same minute twice.
    await app.db.query(
      `update auth_tokens set last_used_at = $2 where id = $1 and last_used_at < $2::timestamptz - interval '1 minute'`,
      [entry.tokenId, new Date(now)],
    );
  });
}

export default fp<AuthPluginOptions>(async (app, opts) => {
  app.decorate('sessions', await createSessions(app.config, app.log, opts.now));
  app.addHook('onClose', async () => app.sessions.invalidation.close());
  app.decorateRequest('auth', null);
  const accept = (req: FastifyRequest, entry: CachedToken | undefined) => {
    if (!entry) return;
    noteUse(app, entry);
    req.auth = { id: entry.userId, tokenId: entry.tokenId };
  };
  // Callback style, so that a token found in the cache (nearly every request) costs no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith(API_PREFIX)) return done();
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return done();
    const token = header.slice(7).trim();
    if (token.length < 20 || token.length > 200) return done();
    const hash = hashToken(token);
    const hit = cached(app, hash);
    if (hit) {
      accept(req, hit);
      return done();
    }
    load(app, hash).then((entry) => {
      accept(req, entry);
      done();
    }, done);
  });
  app.decorate('authenticate', (req, _reply, done) => done(req.auth ? undefined : unauthorized()));
  // Admin rights are read from the database on each admin call (rare), never from the cache:
  // taking them away (npm run admin:grant -- --revoke, another process) acts at once.
  app.decorate('requireAdmin', async (req) => {
    if (!req.auth) throw unauthorized();
    const row = await app.db.one<{ is_admin: boolean }>('select is_admin from users where id = $1', [req.auth.id]);
    if (!row) throw unauthorized();
    if (!row.is_admin) throw forbidden('FORM_ADMIN_REQUIRED');
  });
  // Authentication before parsing and validation on every route (401, never 400/422, without a
  // token), whichever hook the route names it in: a guard given as preHandler moves to onRequest.
  const guards: unknown[] = [app.authenticate, app.requireAdmin];
  app.addHook('onRoute', (route) => {
    const list = <T>(h: T | T[] | undefined): T[] => (Array.isArray(h) ? h : h ? [h] : []);
    const pre = list(route.preHandler);
    const moved = pre.filter((h) => guards.includes(h));
    if (!moved.length) return;
    route.preHandler = pre.filter((h) => !guards.includes(h));
    route.onRequest = [...list(route.onRequest), ...(moved as unknown as typeof pre)] as typeof route.onRequest;
  });
});

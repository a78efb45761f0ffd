// Bearer tokens: every /api request with `Authorization: Bearer …` is resolved to req.auth.
// A revoked, expired or unknown token counts as no token; routes that need one answer 401.
import fp from 'fastify-plugin';
import { hashToken } from '../lib/tokens.ts';
import { unauthorized, forbidden } from '../lib/errors.ts';
import { API_PREFIX } from '../../src/shared/constants.ts';

type Row = { token_id: number; user_id: number; is_admin: boolean };

export default fp(async (app) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(API_PREFIX)) return;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    if (token.length < 20 || token.length > 200) return;
    const row = await app.db.one<Row>(
      `update auth_tokens t set last_used_at = now()
        from users u
       where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now() and u.id = t.user_id
       returning t.id as token_id, t.user_id, u.is_admin`,
      [hashToken(token)],
    );
    if (row) req.auth = { id: row.user_id, tokenId: row.token_id, isAdmin: row.is_admin };
  });
  app.decorate('authenticate', async (req) => {
    if (!req.auth) throw unauthorized();
  });
  app.decorate('requireAdmin', async (req) => {
    if (!req.auth) throw unauthorized();
    if (!req.auth.isAdmin) throw forbidden('FORM_ADMIN_REQUIRED');
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

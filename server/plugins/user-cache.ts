// The users rows of GET /user kept in memory (server/lib/user-row-cache.ts), dropped when the
// database announces a change (migration 028). Several processes on one PostgreSQL each hear
// every commit over LISTEN/NOTIFY, so no Redis is needed here: unlike a token revocation, a row
// change is made by triggers as well as by the app, and only the database sees them all.
import fp from 'fastify-plugin';
import { UserRowCache } from '../lib/user-row-cache.ts';

export const USER_CHANGED_CHANNEL = 'grilio_user_changed';
/** Changes are announced, so the life only bounds what nobody foresaw. */
export const USER_CACHE_TTL_MS = 60_000;
export const USER_CACHE_MAX_ENTRIES = 20_000;

export type UserCachePluginOptions = { /** The cache's clock (tests move it). */ now?: () => number };

export default fp<UserCachePluginOptions>(async (app, opts) => {
  const cache = new UserRowCache({ ttlMs: USER_CACHE_TTL_MS, maxEntries: USER_CACHE_MAX_ENTRIES, now: opts.now });
  // The schema of this app's users table: announcements from the same database's other schemas
  // (the tests give each file one) are someone else's.
  const own = await app.db.one<{ schema: string }>(
    `select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = 'users'::regclass`,
  );
  const prefix = `${own!.schema}:`;
  const stop = await app.db.listen(
    USER_CHANGED_CHANNEL,
    (payload) => {
      if (!payload.startsWith(prefix)) return;
      const id = Number(payload.slice(prefix.length));
      if (Number.isSafeInteger(id)) cache.changed(id);
    },
    (listening) => {
      if (!listening) app.log.warn('user change announcements not heard: user cache off until they are');
      cache.setListening(listening);
    },
  );
  app.decorate('userCache', cache);
  app.addHook('onClose', async () => stop());
});

// What the app factory decorates Fastify with. Modules extend this by declaration merging
// in their own files when they add a decoration.
import type { HookHandlerDoneFunction } from 'fastify';
import type { Db } from './db/db.ts';
import type { AppConfig } from './config.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { Realtime } from './modules/realtime/realtime.ts';
import type { Hub } from './modules/realtime/hub.ts';
import type { Maintenance } from './plugins/maintenance.ts';
import type { Sessions } from './lib/sessions.ts';
import type { UserRowCache } from './lib/user-row-cache.ts';
import type { MediaStore } from './lib/media-store/port.ts';

/** Who a valid bearer token belongs to (admin rights are read from the database where needed). */
export type AuthUser = { id: number; tokenId: number };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    mailer: Mailer;
    /** Uploaded media (server/lib/media-store): the local directory or S3-compatible storage. */
    media: MediaStore;
    /** draining: a shutdown has begun (readiness answers 503 so the load balancer stops sending). */
    lifecycle: { draining: boolean };
    realtime: Realtime;
    realtimeHub: Hub;
    maintenance: Maintenance;
    /** Token cache and revocation (server/lib/sessions.ts; revoke through revokeTokens only). */
    sessions: Sessions;
    /** The rows GET /user answers with, dropped on every announced change (server/plugins/user-cache.ts). */
    userCache: UserRowCache;
    /** Route guard (onRequest; given as preHandler it is moved to onRequest): 401 unless a valid bearer token is present.
     *  Callback style: it runs on nearly every API request, and an async hook would cost each a promise. */
    authenticate: (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    /** Route guard like authenticate: 401 without token, 403 FORM_ADMIN_REQUIRED unless admin. */
    requireAdmin: (req: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set when a valid bearer token came with the request (also on public routes). */
    auth: AuthUser | null;
  }
}

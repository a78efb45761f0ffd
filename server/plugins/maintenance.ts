// Maintenance mode is a flag file (DATA_DIR/maintenance.flag, or MAINTENANCE_FILE), so
// `npm run maintenance -- on|off` (another process) switches a running server without a restart.
// While on, /api answers 503. Processes that share the file switch together: `npm run cluster`
// points all of its processes at one; machines of their own need a shared path or the command on each.
import { existsSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../src/shared/constants.ts';

/** How long a look at the flag file holds: a switch by another process takes effect within this. */
export const MAINTENANCE_REREAD_MS = 500;

export class Maintenance {
  readonly file: string;
  private on = false;
  private readAt = -Infinity;
  constructor(dataDir: string, file?: string) {
    this.file = file ?? join(dataDir, 'maintenance.flag');
  }
  /** The flag, looked up at most every MAINTENANCE_REREAD_MS: a stat on every API request cost as
   *  much as the rest of a cached GET /user (issue 24 §3). A switch made here counts at once. */
  isOn(): boolean {
    const now = Date.now();
    if (now - this.readAt >= MAINTENANCE_REREAD_MS) {
      this.on = existsSync(this.file);
      this.readAt = now;
    }
    return this.on;
  }
  set(on: boolean): void {
    if (on) {
      mkdirSync(join(this.file, '..'), { recursive: true });
      writeFileSync(this.file, new Date().toISOString());
    } else rmSync(this.file, { force: true });
    this.on = on;
    this.readAt = Date.now();
  }
}

export default fp(async (app) => {
  const maintenance = new Maintenance(app.config.dataDir, app.config.MAINTENANCE_FILE);
  app.decorate('maintenance', maintenance);
  // Synchronous: an async hook costs a promise per request, and this one rarely has anything to do.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith(API_PREFIX) && maintenance.isOn()) {
      reply.code(503).header('retry-after', '60').send({ errors: { general: ['MAINTENANCE_MODE'] } });
      return;
    }
    done();
  });
});

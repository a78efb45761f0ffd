// Maintenance mode is a flag file (DATA_DIR/maintenance.flag, or MAINTENANCE_FILE), so
// `npm run maintenance -- on|off` (another process) switches a running server without a restart.
// While on, /api answers 503. Processes that share the file switch together: `npm run cluster`
// points all of its processes at one; machines of their own need a shared path or the command on each.
import { existsSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../src/shared/constants.ts';

export class Maintenance {
  readonly file: string;
  constructor(dataDir: string, file?: string) {
    this.file = file ?? join(dataDir, 'maintenance.flag');
  }
  /** One stat per API request: cheap, and a switch takes effect on the very next call. */
  isOn(): boolean {
    return existsSync(this.file);
  }
  set(on: boolean): void {
    if (on) {
      mkdirSync(join(this.file, '..'), { recursive: true });
      writeFileSync(this.file, new Date().toISOString());
    } else rmSync(this.file, { force: true });
  }
}

export default fp(async (app) => {
  const maintenance = new Maintenance(app.config.dataDir, app.config.MAINTENANCE_FILE);
  app.decorate('maintenance', maintenance);
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith(API_PREFIX) && maintenance.isOn()) {
      reply.code(503).header('retry-after', '60').send({ errors: { general: ['MAINTENANCE_MODE'] } });
    }
  });
});

// Maintenance mode is a flag file under DATA_DIR, so `npm run maintenance -- on|off`
// (another process) switches a running server without a restart. While on, /api answers 503.
import { existsSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../src/shared/constants.ts';

export class Maintenance {
  readonly file: string;
  private cached = false;
  private checkedAt = 0;
  constructor(dataDir: string) {
    this.file = join(dataDir, 'maintenance.flag');
  }
  isOn(now = Date.now()): boolean {
    if (now - this.checkedAt > 500) {
      this.cached = existsSync(this.file);
      this.checkedAt = now;
    }
    return this.cached;
  }
  set(on: boolean): void {
    if (on) {
      mkdirSync(join(this.file, '..'), { recursive: true });
      writeFileSync(this.file, new Date().toISOString());
    } else rmSync(this.file, { force: true });
    this.checkedAt = 0;
  }
}

export default fp(async (app) => {
  const maintenance = new Maintenance(app.config.dataDir);
  app.decorate('maintenance', maintenance);
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith(API_PREFIX) && maintenance.isOn()) {
      reply.code(503).header('retry-after', '60').send({ errors: { general: ['MAINTENANCE_MODE'] } });
    }
  });
});

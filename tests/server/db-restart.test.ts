// PostgreSQL restarted under a running app (issue 21 §3): while it is away the API answers 503 with
// Retry-After and the code FORM_SERVICE_UNAVAILABLE (never 500, and the process does not die of an
// idle connection's error), and it answers again once the database is back, without a restart.
// The restart is a proxy cutting every connection: the shared PostgreSQL itself is not stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, openTestDb } from './helpers.ts';
import { bearer, createUser } from './users-fixture.ts';
import { openDb } from '../../server/db/open.ts';
import type { Db } from '../../server/db/db.ts';
import { startTcpProxy, type TcpProxy } from './faults/tcp-proxy.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL restarted (PostgreSQL only: PGlite lives inside the process)', () => {
  let opened: Awaited<ReturnType<typeof openTestDb>>;
  let proxy: TcpProxy;
  let viaProxy: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    opened = await openTestDb();
    const target = new URL(url!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const schema = (await opened.db.one<{ s: string }>('select current_schema() as s'))!.s;
    viaProxy = await openDb({ databaseUrl: proxied.toString(), dataDir: null, schema });
    app = (await buildTestApp(viaProxy)).app;
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.up().catch(() => undefined);
    await viaProxy?.close().catch(() => undefined);
    await proxy?.close();
    await opened?.close();
  });

  it('answers 503 with Retry-After while the database is away, and recovers by itself', async () => {
    const u = await createUser(opened.db);
    const get = () => app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(u.token) });
    expect((await get()).statusCode).toBe(200);

    await proxy.down();
    const away = await get();
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({ errors: { general: ['FORM_SERVICE_UNAVAILABLE'] } });
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    const live = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    // Idle pooled connections died with the restart: the process must still be here to answer.
    await new Promise((r) => setTimeout(r, 200));

    await proxy.up();
    await expect.poll(async () => (await get()).statusCode, { timeout: 15_000, interval: 250 }).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
  });
});

// GET /metrics (issue 21 §4): off without METRICS_TOKEN, 404 without the right bearer, and with it
// Prometheus text with the request latency by route pattern (never a raw path with ids), 5xx
// counts, realtime connections, job queue depth and age, and the offline outbox's syncs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, openTestDb } from './helpers.ts';
import { bearer, createUser } from './users-fixture.ts';
import { startScanQueue, SCAN_QUEUE } from '../../server/modules/scans/queue.ts';

const TOKEN = 'metrics-test-token-0123456789';
let opened: Awaited<ReturnType<typeof openTestDb>>;
let app: FastifyInstance;
let off: FastifyInstance;
// A queue schema of this file's own: on PostgreSQL other files' (and runs') jobs share the database.
const jobs = `jobs_${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  opened = await openTestDb();
  app = (await buildTestApp(opened.db, { METRICS_TOKEN: TOKEN, JOBS_SCHEMA: jobs })).app;
  off = (await buildTestApp(opened.db)).app;
});
afterAll(async () => {
  await Promise.all([app?.close(), off?.close()]);
  await opened?.db.exec(`drop schema if exists ${jobs} cascade`);
  await opened?.close();
});

const scrape = (a: FastifyInstance, token?: string) =>
  a.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN and needs the exact bearer with it', async () => {
    expect((await scrape(off, TOKEN)).statusCode).toBe(404);
    expect((await scrape(app)).statusCode).toBe(404);
    expect((await scrape(app, TOKEN + 'x')).statusCode).toBe(404);
    expect((await scrape(app, TOKEN.slice(0, -1))).statusCode).toBe(404);
    const ok = await scrape(app, TOKEN);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route pattern, 5xx answers, outbox syncs, connections and queued jobs', async () => {
    const u = await createUser(opened.db);
    const id = randomUUID();
    await app.inject({ method: 'GET', url: `/api/v1/tests/${id}`, headers: bearer(u.token) });
    const sync = await app.inject({
      method: 'POST',
      url: '/api/v1/tests/sync',
      headers: bearer(u.token),
      payload: { tests: [{ id: randomUUID(), source: 'nope' }] },
    });
    expect(sync.statusCode).toBeLessThan(500);
    // A queued job nobody works on: depth 1 and an age.
    const queue = await startScanQueue(app, null);
    await queue.send(randomUUID());
    const text = (await scrape(app, TOKEN)).body;
    await queue.stop();

    expect(text).toMatch(/grilio_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/tests\/:id",status="4xx"\} 1/);
    expect(text).not.toContain(id);
    expect(text).toMatch(new RegExp(`grilio_job_queue_depth\\{queue="${SCAN_QUEUE}",state="created"\\} 1`));
    expect(text).toMatch(new RegExp(`grilio_job_queue_oldest_seconds\\{queue="${SCAN_QUEUE}"\\} [0-9.e-]+`));
    expect(text).toMatch(/grilio_realtime_connections 0/);
    expect(text).toContain('# TYPE grilio_outbox_syncs_total counter');
    expect(text).toContain('# TYPE grilio_http_errors_total counter');
  });
});

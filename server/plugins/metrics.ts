// Metrics for operators (issue 21 §4): GET /metrics in Prometheus' text format (prom-client), one
// registry per app (tests build several apps in one process). Off unless METRICS_TOKEN is set, and
// then only with `Authorization: Bearer <METRICS_TOKEN>`: the figures say how busy the service is
// and which routes fail, nothing a visitor should read. Every process reports its own figures; the
// queue figures come from the shared database, so any one process's are the cluster's.
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { notFound } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export type Metrics = {
  registry: Registry;
  /** Tests handed in by the offline outbox (POST /tests/sync), by what the server did with them. */
  outboxSyncs: Counter<'outcome'>;
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The status label by the status' first digit (a string built per request was an allocation each). */
const STATUS_CLASS = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

type QueueRow = { name: string; state: string; n: number; oldest_s: number | null };

export default fp(async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'grilio_' });

  const duration = new Histogram({
    name: 'grilio_http_request_duration_seconds',
    help: 'API and page requests by route pattern, method and status class',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'grilio_http_errors_total',
    help: 'Answers 5xx by status (503: a backing service away or maintenance; 500: a bug)',
    labelNames: ['status'],
    registers: [registry],
  });
  const outboxSyncs = new Counter({
    name: 'grilio_outbox_syncs_total',
    help: 'Tests handed in by the offline outbox, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'grilio_realtime_connections',
    help: 'Open realtime (websocket) connections on this process',
    registers: [registry],
    collect() {
      this.set(app.realtimeHub?.connectionCount ?? 0);
    },
  });
  const queueDepth = new Gauge({
    name: 'grilio_job_queue_depth',
    help: 'Jobs waiting or running, by queue and state (shared database: the whole cluster)',
    labelNames: ['queue', 'state'],
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: 'grilio_job_queue_oldest_seconds',
    help: 'Age of the oldest job waiting to start, by queue',
    labelNames: ['queue'],
    registers: [registry],
  });

  async function collectQueues(): Promise<void> {
    queueDepth.reset();
    queueAge.reset();
    // The queue tables exist once pg-boss has started on this database; before that (42P01), nothing waits.
    const rows = await app.db
      .query<QueueRow>(
        `select name, state::text as state, count(*)::int as n,
                extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry')))::float8 as oldest_s
           from ${app.config.JOBS_SCHEMA}.job where state in ('created', 'retry', 'active') group by 1, 2`,
      )
      .catch((err: unknown) => {
        if ((err as { code?: string }).code !== '42P01') app.log.warn({ err }, 'job queue metrics');
        return [] as QueueRow[];
      });
    const oldest = new Map<string, number>();
    for (const r of rows) {
      queueDepth.set({ queue: r.name, state: r.state }, r.n);
      if (r.oldest_s !== null) oldest.set(r.name, Math.max(r.oldest_s, oldest.get(r.name) ?? 0));
    }
    for (const [queue, seconds] of oldest) queueAge.set({ queue }, seconds);
  }

  app.decorate('metrics', { registry, outboxSyncs } satisfies Metrics);

  // Synchronous: it runs for every request, and an async hook would cost each one a promise.
  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern, never the raw URL: ids in paths would make a series per user.
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const statusClass = STATUS_CLASS[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`;
    duration.observe({ method: req.method, route, status: statusClass }, reply.elapsedTime / 1000);
    if (status >= 500) errors.inc({ status: String(status) });
    done();
  });

  const token = app.config.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = req.headers.authorization?.replace(/^Bearer /i, '') ?? '';
    if (!token || !sameSecret(given, token)) throw notFound('FORM_ROUTE_NOT_FOUND');
    await collectQueues();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
});

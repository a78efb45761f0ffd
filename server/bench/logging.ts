// What request logging costs (issue 12 §3), as CPU time per request: a route answering {ok:true}
// through app.inject, 10 000 times, with stdout a pipe that the parent drains (as a log collector
// would). CPU time (process.cpuUsage) rather than wall time, so a busy machine blurs it less.
// Modes: no logger; Fastify's default (two lines per request through pino's default stdout, which
// is asynchronous); one line per request with synchronous writes (pino.destination sync: true);
// one line, asynchronous (what the app runs, server/lib/logger.ts). Then the
// same 10 000 requests with a reader that has stopped reading (a stalled collector: the pipe
// fills): a synchronous logger stops the server; the asynchronous one keeps answering.
import { fork } from 'node:child_process';
import Fastify, { type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { loggerOptions, OneLinePerRequest } from '../lib/logger.ts';

const MODES: Record<string, () => FastifyServerOptions> = {
  'no logger': () => ({ logger: false }),
  'default: 2 lines, async': () => ({ logger: { level: 'info' } }),
  '1 line, sync': () => ({
    logger: { level: 'info', stream: pino.destination({ dest: 1, sync: true }) },
    logController: new OneLinePerRequest(),
  }),
  '1 line, async (the app)': () => ({ logger: loggerOptions('info'), logController: new OneLinePerRequest() }),
};
const REQUESTS = 10_000;

type Sample = { mode: string; cpuUs: number; sysUs: number };

async function measure(mode: string): Promise<Sample> {
  const app = Fastify(MODES[mode]!());
  app.get('/api/v1/bench', async () => ({ ok: true }));
  await app.ready();
  for (let i = 0; i < 2000; i++) await app.inject({ url: '/api/v1/bench' });
  const start = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) await app.inject({ url: '/api/v1/bench' });
  const used = process.cpuUsage(start);
  await app.close();
  return { mode, cpuUs: (used.user + used.system) / REQUESTS, sysUs: used.system / REQUESTS };
}

/**
 * The mode measured in a child. With `stallAfterMs`, its stdout is never read and the child is
 * given that long to finish (undefined: it did not, it is blocked).
 */
function inChild(mode: string, stallAfterMs?: number): Promise<Sample | undefined> {
  const stalled = stallAfterMs !== undefined;
  const child = fork(new URL(import.meta.url).pathname, [mode], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  if (!stalled) child.stdout!.resume();
  return new Promise((resolve, reject) => {
    const timer = stalled ? setTimeout(() => (child.kill('SIGKILL'), resolve(undefined)), stallAfterMs) : undefined;
    child.once('message', (m) => {
      clearTimeout(timer);
      // A stalled child would block flushing its buffer on exit: it has answered, end it.
      if (stalled) child.kill('SIGKILL');
      resolve(m as Sample);
    });
    child.once('exit', (code, signal) => !signal && code && reject(new Error(`logging bench child exited ${code}`)));
  });
}

export async function runLoggingBench(rounds = 2): Promise<void> {
  const samples = new Map<string, number[]>();
  let slowestMs = 0;
  const sys = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++)
    for (const mode of Object.keys(MODES)) {
      const started = performance.now();
      const s = (await inChild(mode))!;
      slowestMs = Math.max(slowestMs, performance.now() - started);
      (samples.get(mode) ?? samples.set(mode, []).get(mode)!).push(s.cpuUs);
      (sys.get(mode) ?? sys.set(mode, []).get(mode)!).push(s.sysUs);
    }
  console.log(`\n== request logging, CPU per request (app.inject, stdout piped, ${REQUESTS} requests, best of ${rounds})`);
  const base = Math.min(...samples.get('no logger')!);
  for (const [mode, xs] of samples) {
    const best = Math.min(...xs);
    const extra = mode === 'no logger' ? '' : `  +${(best - base).toFixed(1)} µs for logging`;
    console.log(`${mode.padEnd(26)}${best.toFixed(1).padStart(8)} µs (system ${Math.min(...sys.get(mode)!).toFixed(1)} µs)${extra}`);
  }
  console.log('with a log reader that has stopped reading:');
  // Three times the slowest run with a reader: ample for a child that is not blocked.
  const limit = Math.round(3 * slowestMs);
  for (const mode of ['1 line, sync', '1 line, async (the app)']) {
    const s = await inChild(mode, limit);
    const what = s ? `answered all ${REQUESTS}, ${s.cpuUs.toFixed(1)} µs each` : `blocked (not done after ${(limit / 1000).toFixed(0)} s)`;
    console.log(`${mode.padEnd(26)}${what}`);
  }
}

if (process.argv[2] && process.send) process.send(await measure(process.argv[2]));

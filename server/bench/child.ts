// A bench's server half in a process of its own (api-server.ts, groups-server.ts, bare-server.ts,
// hooks-server.ts), so the load generator does not share its event loop. The child sends one IPC
// message when it is ready and exits on 'close'; on 'cpu' it answers with the CPU time it has used
// (user + system, µs), so a bench can price a request in the server's CPU rather than in wall
// time, which a machine shared with other work blurs more; other questions go to the child's own
// handler. Its log lines are read and dropped, as a log collector would read a pipe.
import { fork } from 'node:child_process';
import type { FastifyInstance } from 'fastify';

export type BenchServer<Ready> = {
  ready: Ready;
  /** CPU time the server process has used so far, µs. */
  cpu: () => Promise<number>;
  /** A question for the child's own handler (serveBenchApps' `answer`), and its answer. */
  ask: (question: object) => Promise<unknown>;
  close: () => Promise<void>;
};

export function forkBenchServer<Ready>(script: URL, env: Record<string, string>): Promise<BenchServer<Ready>> {
  const child = fork(script.pathname, [], {
    env: { ...process.env, ...env },
    // BENCH_PROFILE=dir: a V8 CPU profile of the server process, written there when it ends.
    execArgv: process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  child.stdout!.resume();
  // Answers, in the order asked.
  const waiting: Array<(answer: unknown) => void> = [];
  const ask = (question: unknown) =>
    new Promise<unknown>((done) => {
      waiting.push(done);
      child.send(question as object);
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
    child.once('message', (ready) => {
      child.removeAllListeners('exit');
      child.on('message', (m) => {
        if (typeof m === 'object' && m !== null && 'answer' in m) waiting.shift()?.((m as { answer: unknown }).answer);
      });
      resolve({
        ready: ready as Ready,
        cpu: () => ask('cpu') as Promise<number>,
        ask,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.send('close');
          }),
      });
    });
  });
}

/** The child's half for several apps (hooks-server.ts): each listens on a free port of its own.
 *  Sends `ready(ports)` to the parent, answers 'cpu' and, through `answer`, other questions, and
 *  on 'close' closes the apps, then runs `cleanup` (database, data folder) and exits. */
export async function serveBenchApps(
  apps: FastifyInstance[],
  ready: (ports: number[]) => unknown,
  cleanup: () => Promise<void>,
  answer?: (question: object) => Promise<unknown>,
): Promise<void> {
  const ports: number[] = [];
  for (const app of apps) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    ports.push(typeof address === 'object' && address ? address.port : 0);
  }
  process.send!(ready(ports));
  process.on('message', async (m) => {
    if (m === 'cpu') {
      const used = process.cpuUsage();
      process.send!({ answer: used.user + used.system });
      return;
    }
    if (typeof m === 'object' && m !== null && answer) {
      process.send!({ answer: await answer(m) });
      return;
    }
    if (m !== 'close') return;
    for (const app of apps) await app.close();
    await cleanup();
    process.exit(0);
  });
}

/** The child's half for one app: as serveBenchApps, with `ready(port)`. */
export function serveBench(app: FastifyInstance, ready: (port: number) => unknown, cleanup: () => Promise<void>): Promise<void> {
  return serveBenchApps([app], (ports) => ready(ports[0]!), cleanup);
}

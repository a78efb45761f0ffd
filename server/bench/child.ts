// A bench's server half in a process of its own (api-server.ts, groups-server.ts), so the load
// generator does not share its event loop. The child sends one IPC message when it is ready and
// exits on 'close'; its log lines are read and dropped, as a log collector would read a pipe.
import { fork } from 'node:child_process';
import type { FastifyInstance } from 'fastify';

export function forkBenchServer<Ready>(script: URL, env: Record<string, string>): Promise<{ ready: Ready; close: () => Promise<void> }> {
  const child = fork(script.pathname, [], {
    env: { ...process.env, ...env },
    // BENCH_PROFILE=dir: a V8 CPU profile of the server process, written there when it ends.
    execArgv: process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  child.stdout!.resume();
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
    child.once('message', (ready) => {
      child.removeAllListeners('exit');
      resolve({
        ready: ready as Ready,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.send('close');
          }),
      });
    });
  });
}

/** The child's half: listens on a free port, sends `ready(port)` to the parent, and on 'close'
 *  closes the app, then runs `cleanup` (database, data folder) and exits. */
export async function serveBench(app: FastifyInstance, ready: (port: number) => unknown, cleanup: () => Promise<void>): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!(ready(typeof address === 'object' && address ? address.port : 0));
  process.on('message', async (m) => {
    if (m !== 'close') return;
    await app.close();
    await cleanup();
    process.exit(0);
  });
}

// A bench's server half in a process of its own (api-server.ts, groups-server.ts, bare-server.ts,
// hooks-server.ts), so the load generator does not share its event loop. The child sends one IPC
// message when it is ready and exits on 'close'; on 'cpu' it answers with the CPU time it has used
// (user + system, µs), so a bench can price a request in the server's CPU rather than in wall
// time, which a machine shared with other work blurs more; on 'profile-start' and 'profile-stop'
// it records a V8 CPU profile meanwhile and answers with the file it wrote. Its log lines are read
// and dropped, as a log collector would read a pipe.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export type BenchServer<Ready> = {
  ready: Ready;
  /** CPU time the server process has used so far, µs. */
  cpu: () => Promise<number>;
  /** Starts a CPU profile of the server process (sampling every `intervalUs`). */
  profileStart: (intervalUs: number) => Promise<void>;
  /** Stops it: the .cpuprofile file written (the caller removes it). */
  profileStop: () => Promise<string>;
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
        profileStart: async (intervalUs) => void (await ask({ profileStart: intervalUs })),
        profileStop: () => ask('profile-stop') as Promise<string>,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.send('close');
          }),
      });
    });
  });
}

/** The child's half: listens on a free port, sends `ready(port)` to the parent, answers 'cpu' and
 *  the profile questions, and on 'close' closes the app, then runs `cleanup` (database, data
 *  folder) and exits. */
export async function serveBench(app: FastifyInstance, ready: (port: number) => unknown, cleanup: () => Promise<void>): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!(ready(typeof address === 'object' && address ? address.port : 0));
  let profiler: Session | undefined;
  process.on('message', async (m) => {
    if (m === 'cpu') {
      const used = process.cpuUsage();
      process.send!({ answer: used.user + used.system });
      return;
    }
    if (typeof m === 'object' && m !== null && 'profileStart' in m) {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: (m as { profileStart: number }).profileStart });
      await profiler.post('Profiler.start');
      process.send!({ answer: true });
      return;
    }
    if (m === 'profile-stop' && profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      const file = join(tmpdir(), `grilio-bench-${process.pid}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      process.send!({ answer: file });
      return;
    }
    if (m !== 'close') return;
    await app.close();
    await cleanup();
    process.exit(0);
  });
}

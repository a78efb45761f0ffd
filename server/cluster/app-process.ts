// One app process of the cluster: started with its own port and DATA_DIR, ready once
// /api/v1/health/ready answers 200, started again if it dies, stopped with SIGTERM (it drains and
// closes, server/main.ts) and killed if it has not ended in 20 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(import.meta.dirname, '..', 'main.ts');
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

export type AppProcessOptions = { name: string; port: number; env: NodeJS.ProcessEnv };

export class AppProcess {
  private child: ChildProcess | null = null;
  private wanted = false;
  private readonly o: AppProcessOptions;
  constructor(o: AppProcessOptions) {
    this.o = o;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    this.wanted = true;
    this.spawn();
    await this.ready();
  }

  private spawn(): void {
    const child = spawn(process.execPath, [MAIN], { env: this.o.env, stdio: ['ignore', 'inherit', 'inherit'] });
    this.child = child;
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      if (!this.wanted) return;
      console.error(`[cluster] ${this.o.name} ended (${signal ?? code}); starting it again`);
      setTimeout(() => {
        if (this.wanted && !this.child) this.spawn();
      }, 500);
    });
  }

  async ready(): Promise<void> {
    const until = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < until) {
      const ok = await fetch(`http://127.0.0.1:${this.o.port}/api/v1/health/ready`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.o.name} not ready in ${READY_TIMEOUT_MS / 1000} s`);
  }

  async stop(): Promise<void> {
    this.wanted = false;
    const child = this.child;
    if (!child) return;
    const ended = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await ended;
    clearTimeout(timer);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}

// What the exam day costs the machine (examday.ts): once a second, the CPU time (utime + stime
// from /proc/<pid>/stat) of the cluster's app processes, its nginx (master and workers) and the
// PostgreSQL backends serving the bench database, and the number of those backends (max kept).
// A process first seen during the run counts from zero; one seen before, from its first sample.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

const TICK = 100; // USER_HZ: clock ticks per second on Linux

function cpuTicks(pid: number): { ticks: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ticks: Number(f[11]) + Number(f[12]), ppid: Number(f[1]) };
  } catch {
    return null;
  }
}

function pidFrom(file: string): number | null {
  try {
    return Number(readFileSync(file, 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

export type Group = 'app' | 'nginx' | 'postgres';
export type ProbeResult = { cpuSeconds: Record<Group, number>; maxConnections: number; samples: number };

export class Probe {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, { ticks: number; group: Group }>();
  private maxConnections = 0;
  private samples = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly clusterDir: string;
  private readonly admin: pg.Client;
  private readonly database: string;

  constructor(clusterDir: string, admin: pg.Client, database: string) {
    this.clusterDir = clusterDir;
    this.admin = admin;
    this.database = database;
  }

  private async pids(): Promise<Map<number, Group>> {
    const out = new Map<number, Group>();
    for (const entry of readdirSync(this.clusterDir)) {
      const pid = entry.startsWith('app-') ? pidFrom(join(this.clusterDir, entry, 'server.pid')) : null;
      if (pid) out.set(pid, 'app');
    }
    const master = pidFrom(join(this.clusterDir, 'nginx', 'nginx.pid'));
    if (master) {
      out.set(master, 'nginx');
      for (const p of readdirSync('/proc')) if (/^\d+$/.test(p) && cpuTicks(Number(p))?.ppid === master) out.set(Number(p), 'nginx');
    }
    const rows = await this.admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [this.database]);
    this.maxConnections = Math.max(this.maxConnections, rows.rows.length);
    for (const r of rows.rows) out.set(r.pid, 'postgres');
    return out;
  }

  async sample(): Promise<void> {
    for (const [pid, group] of await this.pids()) {
      const t = cpuTicks(pid);
      if (!t) continue;
      if (!this.first.has(pid)) this.first.set(pid, this.samples === 0 ? t.ticks : 0);
      this.last.set(pid, { ticks: t.ticks, group });
    }
    this.samples++;
  }

  start(): Promise<void> {
    this.timer = setInterval(() => void this.sample().catch(() => undefined), 1000);
    return this.sample();
  }

  /** CPU seconds of every group together so far (a fresh sample), to split the run into phases. */
  async total(): Promise<number> {
    await this.sample();
    let sum = 0;
    for (const [pid, { ticks }] of this.last) sum += (ticks - (this.first.get(pid) ?? 0)) / TICK;
    return sum;
  }

  async stop(): Promise<ProbeResult> {
    if (this.timer) clearInterval(this.timer);
    await this.sample();
    const cpuSeconds: Record<Group, number> = { app: 0, nginx: 0, postgres: 0 };
    for (const [pid, { ticks, group }] of this.last) cpuSeconds[group] += (ticks - (this.first.get(pid) ?? 0)) / TICK;
    return { cpuSeconds, maxConnections: this.maxConnections, samples: this.samples };
  }
}

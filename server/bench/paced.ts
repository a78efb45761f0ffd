// Paced load where each candidate keeps its own rhythm: every connection sends one request each
// 1/rate s from a random moment of the first period, as candidates answering on their own would.
// (autocannon's connectionRate starts every connection's timer together, so its paced rows are
// the same requests sent in bursts of all connections at once: the worst case, kept beside this.)
// Latency is timed per request on one monotonic clock; p50 and p99 are read from all of them.
import { Agent, request } from 'node:http';

export type PacedRequest = { method: string; path: string; headers: Record<string, string>; body?: string };
export type PacedResult = { requests: number; p50: number; p99: number; bad: number; sample?: string };

function send(agent: Agent, port: number, r: PacedRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** `next(i)` gives candidate i's next request; each candidate has one keep-alive connection. */
export async function pacedLoad(port: number, candidates: number, rate: number, seconds: number, next: (i: number) => PacedRequest): Promise<PacedResult> {
  const period = 1000 / rate;
  const end = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let bad = 0;
  let sample: string | undefined;
  const one = async (i: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let due = performance.now() + Math.random() * period;
    try {
      while (due < end) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const t0 = performance.now();
        try {
          const res = await send(agent, port, next(i));
          latencies.push(performance.now() - t0);
          if (res.status >= 300) {
            bad++;
            sample ??= `${res.status} ${res.body.slice(0, 200)}`;
          }
        } catch (err) {
          bad++;
          sample ??= String(err);
        }
        // The next answer comes one period after this one was due, not after the reply: a slow
        // reply does not slow the candidate down (no coordinated omission).
        due += period;
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: candidates }, (_, i) => one(i)));
  const sorted = latencies.sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), bad, ...(sample ? { sample } : {}) };
}

// One share of the exam-day candidates (examday.ts), in a worker thread so the load does not share
// the orchestrator's event loop. Each candidate, on its own clock: opens a websocket at a random
// moment of the opening window and subscribes to private-user.{id} through /broadcasting/auth,
// starts the simulation (POST /simulations/:id/start) and opens the paper (GET /tests/:id),
// saves an answer about every `answerEveryMs` (jittered ±50 %, up to every grid), then finishes
// at a random moment of the finish window. Requests go through one keep-alive agent per thread,
// each with the candidate's own X-Forwarded-For (10.x.y.z: candidates come from many addresses).
// Out: { report } once every candidate is done — latencies per step and errors by kind.
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'node:http';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export type Candidate = { id: number; token: string };
export type ShareData = {
  port: number;
  key: string;
  simulationId: string;
  candidates: Candidate[];
  /** Date.now() of the exam's start; windows relative to it. */
  t0: number;
  openMs: number;
  examMs: number;
  finishMs: number;
  answerEveryMs: number;
};
export type ShareReport = {
  ws: number[];
  start: number[];
  open: number[];
  answer: number[];
  finish: number[];
  errors: Record<string, number>;
  saved: number;
  /** Answers saved in the opening window, between the windows, and in the finish window. */
  byPhase: [number, number, number];
  tests: string[];
};

const d = workerData as ShareData;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const report: ShareReport = { ws: [], start: [], open: [], answer: [], finish: [], errors: {}, saved: 0, byPhase: [0, 0, 0], tests: [] };
const fail = (kind: string) => (report.errors[kind] = (report.errors[kind] ?? 0) + 1);
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
const ip = (id: number) => `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;

function call(c: Candidate, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: d.port,
        method,
        path: `/api/v1${path}`,
        agent,
        headers: {
          authorization: `Bearer ${c.token}`,
          'x-forwarded-for': ip(c.id),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (s: string) => (text += s));
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* an error page from nginx */
          }
          resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - t });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A request that counts its latency into `into` when 2xx, and its failure by step and status otherwise. */
async function step(c: Candidate, name: keyof ShareReport & ('start' | 'open' | 'answer' | 'finish'), method: string, path: string, body?: unknown) {
  try {
    const r = await call(c, method, path, body);
    if (r.status >= 200 && r.status < 300) {
      report[name].push(r.ms);
      return r.json;
    }
    fail(`${name} ${r.status}`);
  } catch (err) {
    fail(`${name} ${(err as Error).message.slice(0, 40)}`);
  }
  return null;
}

/** The candidate's socket, subscribed to its private-user channel (resolves null on failure). */
function openSocket(c: Candidate): Promise<WebSocket | null> {
  const t = performance.now();
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${d.port}/app/${d.key}?protocol=7&client=js&version=8.4.0`, {
      headers: { 'x-forwarded-for': ip(c.id) },
    });
    let settled = false;
    const give = (ok: boolean, kind?: string) => {
      if (settled) return;
      settled = true;
      if (kind) fail(`ws ${kind}`);
      if (ok) report.ws.push(performance.now() - t);
      else {
        // Counted once, as the reason above, not again as a close.
        (ws as WebSocket & { done?: boolean }).done = true;
        ws.terminate();
      }
      resolve(ok ? ws : null);
    };
    ws.on('message', async (raw) => {
      const m = JSON.parse(String(raw)) as { event: string; data: string | object };
      if (m.event === 'pusher:connection_established') {
        const socket_id = (JSON.parse(String(m.data)) as { socket_id: string }).socket_id;
        const channel = `private-user.${c.id}`;
        const res = await call(c, 'POST', '/broadcasting/auth', { socket_id, channel_name: channel }).catch(() => null);
        if (!res || res.status !== 200) return give(false, `auth ${res?.status ?? 'network'}`);
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: (res.json as { auth: string }).auth } }));
      } else if (m.event === 'pusher_internal:subscription_succeeded') give(true);
      // As pusher-js: a silent connection is pinged by the server and must answer, or it is closed (4201).
      else if (m.event === 'pusher:ping') ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      else if (m.event === 'pusher:error') {
        // The protocol sends this one's data as an object, not as a JSON string like the others.
        const err = (typeof m.data === 'string' ? JSON.parse(m.data) : m.data) as { code?: number; message?: string };
        const what = `pusher:error ${err.code ?? ''} ${(err.message ?? '').slice(0, 40)}`;
        if (settled) fail(`ws ${what}`);
        else give(false, what);
      }
    });
    ws.on('error', (err) => give(false, err.message.slice(0, 40)));
    ws.on('close', (code) => {
      // A socket the server closes before the candidate is done is an error of the exam.
      if (!(ws as WebSocket & { done?: boolean }).done) fail(`ws closed ${code}`);
    });
  });
}

async function candidate(c: Candidate): Promise<void> {
  await sleepUntil(d.t0 + Math.random() * d.openMs);
  const ws = await openSocket(c);
  const started = (await step(c, 'start', 'POST', `/simulations/${d.simulationId}/start`)) as { test?: { id: string } } | null;
  const testId = started?.test?.id;
  if (!testId) return void ws?.close();
  report.tests.push(testId);
  const paper = (await step(c, 'open', 'GET', `/tests/${testId}`)) as { grids?: { id: number }[] } | null;
  const grids = paper?.grids ?? [];
  const finishAt = d.t0 + d.examMs - d.finishMs + Math.random() * d.finishMs;
  let due = Date.now() + d.answerEveryMs * (0.5 + Math.random());
  for (const grid of grids) {
    if (due >= finishAt - 1000) break;
    await sleepUntil(due);
    const body = { id: randomUUID(), marked: [['A', 'B', 'C', 'D', 'E'][grid.id % 5]!] };
    if (await step(c, 'answer', 'PUT', `/tests/${testId}/answers/${grid.id}`, body)) {
      report.saved++;
      const at = Date.now() - d.t0;
      report.byPhase[at < d.openMs ? 0 : at < d.examMs - d.finishMs ? 1 : 2]++;
    }
    // The next answer one period after this one was due, not after the reply (no coordinated omission).
    due += d.answerEveryMs * (0.5 + Math.random());
  }
  await sleepUntil(finishAt);
  await step(c, 'finish', 'POST', `/tests/${testId}/finish`);
  if (ws) {
    (ws as WebSocket & { done?: boolean }).done = true;
    ws.close();
  }
}

await Promise.all(d.candidates.map((c) => candidate(c).catch((err: Error) => fail(`crash ${err.message.slice(0, 40)}`))));
agent.destroy();
parentPort!.postMessage({ report });

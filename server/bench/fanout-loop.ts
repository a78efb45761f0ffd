// The server's share of a fan-out, alone: the synchronous loop that writes one message to 2,000
// websocket connections, the prepared frame written to each socket (conn.ts sendPrepared, what
// the hub does) against one shared Buffer through ws.send (what it did before), alternated 30
// times, medians. The receiving clients live in two worker threads of this process; each round
// waits until every client has the message. Run: node server/bench/fanout-loop.ts
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket, { WebSocketServer } from 'ws';
import { prepare, send, sendPrepared } from '../modules/realtime/conn.ts';

const N = Number(process.env.BENCH_CLIENTS ?? 2000);
const ROUNDS = 30;

if (!isMainThread) {
  const { port, n } = workerData as { port: number; n: number };
  let got = 0;
  for (let i = 0; i < n; i += 100)
    await Promise.all(
      Array.from(
        { length: Math.min(100, n - i) },
        () =>
          new Promise((res, rej) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}`);
            ws.on('open', res);
            ws.on('error', rej);
            ws.on('message', () => (got += 1));
          }),
      ),
    );
  parentPort!.postMessage('ready');
  setInterval(() => parentPort!.postMessage({ got }), 5);
} else {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const sockets: WebSocket[] = [];
  wss.on('connection', (s) => sockets.push(s));
  const got = [0, 0];
  const workers = [0, 1].map(() => new Worker(new URL(import.meta.url), { workerData: { port, n: N / 2 } }));
  await Promise.all(
    workers.map(
      (w, k) =>
        new Promise<void>((ready) =>
          w.on('message', (m: 'ready' | { got: number }) => (m === 'ready' ? ready() : (got[k] = m.got))),
        ),
    ),
  );
  const text = JSON.stringify({ event: 'bench', channel: 'private-bench.fanout', data: JSON.stringify({ seq: 1, text: 'Un mesaj pentru toți' }) });
  const times = { prepared: [] as number[], wsSend: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const mode of ['prepared', 'wsSend'] as const) {
      const target = got[0]! + got[1]! + N;
      const t0 = performance.now();
      if (mode === 'prepared') {
        const frame = prepare(text);
        for (const s of sockets) sendPrepared(s, frame);
      } else {
        const buf = Buffer.from(text);
        for (const s of sockets) send(s, buf);
      }
      times[mode].push(performance.now() - t0);
      while (got[0]! + got[1]! < target) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 30));
    }
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
  console.log(
    `send loop over ${N} sockets, ${ROUNDS} rounds (ms): prepared median ${median(times.prepared).toFixed(1)}, min ${Math.min(...times.prepared).toFixed(1)} · ws.send median ${median(times.wsSend).toFixed(1)}, min ${Math.min(...times.wsSend).toFixed(1)}`,
  );
  process.exit(0);
}

// One share of the fan-out bench's websocket clients, in its own worker thread (fanout.ts starts
// several), so that receiving and parsing the frames does not compete with the publisher's
// thread. Each client subscribes to its own private-user.{i} and to the shared channel; on each
// `bench` event it notes process.hrtime.bigint() — CLOCK_MONOTONIC, one clock for every thread
// and process of the machine, the same the publisher reads before its publish call.
// Protocol with the parent: in { ports, from, to, creds, shared } (workerData); out 'ready',
// then { seq, done: true } once every client of this share has message seq; on 'report' it
// answers with each receipt time (ns, as strings: bigint does not cross postMessage in arrays
// cheaply) and then closes its sockets.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { channelAuth } from '../modules/realtime/protocol.ts';

type Data = { ports: number[]; from: number; to: number; creds: { key: string; secret: string }; shared: string };
const { ports, from, to, creds, shared } = workerData as Data;
const port = parentPort!;

/** seq → receipt times of this share's clients (hrtime ns). */
const receipts = new Map<number, bigint[]>();
const sockets: WebSocket[] = [];

function openClient(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ports[i % ports.length]}/app/${creds.key}?protocol=7&client=js&version=8.4.0`);
    sockets.push(ws);
    let pending = 2;
    ws.on('message', (raw) => {
      const at = process.hrtime.bigint();
      const m = JSON.parse(String(raw)) as { event: string; data: string };
      if (m.event === 'bench') {
        // A real client parses the payload too: it is part of the delivery.
        const { seq } = JSON.parse(m.data) as { seq: number };
        let list = receipts.get(seq);
        if (!list) receipts.set(seq, (list = []));
        list.push(at);
        if (list.length === to - from) port.postMessage({ seq, done: true });
      } else if (m.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(m.data) as { socket_id: string }).socket_id;
        for (const channel of [`private-user.${i + 1}`, shared]) {
          const auth = channelAuth(creds.key, creds.secret, socketId, channel);
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
        }
      } else if (m.event === 'pusher_internal:subscription_succeeded') {
        if (--pending === 0) resolve();
      } else if (m.event === 'pusher:error') reject(new Error(m.data));
    });
    ws.on('error', reject);
  });
}

// Slices of 50 so the handshakes do not pile up.
for (let i = from; i < to; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, to - i) }, (_, k) => openClient(i + k)));
}
port.postMessage('ready');
port.on('message', (msg) => {
  if (msg !== 'report') return;
  const out: Record<number, string[]> = {};
  for (const [seq, list] of receipts) out[seq] = list.map(String);
  port.postMessage({ report: out, clients: to - from });
  for (const ws of sockets) ws.terminate();
  port.close();
});

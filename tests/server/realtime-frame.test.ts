// The fan-out frame (server/modules/realtime/conn.ts): encoded and framed once, written as is to
// every recipient's socket. Read back by a real ws client at each length encoding of RFC 6455
// (7-bit, 16-bit, 64-bit), in order with frames ws itself sent, and not written to a closed socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { prepare, send, sendPrepared } from '../../server/modules/realtime/conn.ts';

let wss: WebSocketServer;
let url = '';
beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of wss.clients) c.terminate();
  await new Promise((r) => wss.close(r));
});

async function pair(): Promise<{ server: WebSocket; client: WebSocket; got: string[] }> {
  const serverSide = new Promise<WebSocket>((r) => wss.once('connection', r));
  const client = new WebSocket(url);
  const got: string[] = [];
  client.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    got.push(String(data));
  });
  await new Promise((r) => client.once('open', r));
  return { server: await serverSide, client, got };
}
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('prepared fan-out frames', () => {
  it('arrive intact at every length encoding, in order with ws’s own frames', async () => {
    const { server, client, got } = await pair();
    const texts = ['a', 'ă'.repeat(60), 'x'.repeat(125), 'y'.repeat(126), 'ș'.repeat(40_000), 'z'.repeat(70_000)];
    for (const t of texts) {
      const frame = JSON.stringify({ event: 'e', data: t });
      sendPrepared(server, prepare(frame));
      send(server, JSON.stringify({ event: 'after', data: t.length }));
    }
    await until(() => got.length === texts.length * 2);
    expect(got).toEqual(texts.flatMap((t) => [JSON.stringify({ event: 'e', data: t }), JSON.stringify({ event: 'after', data: t.length })]));
    client.close();
  });

  it('one prepared frame serves many sockets; a closed one is skipped', async () => {
    const a = await pair();
    const b = await pair();
    const c = await pair();
    c.server.close();
    await new Promise((r) => c.client.once('close', r));
    const frame = prepare('{"event":"bench","data":"{}"}');
    for (const p of [a, b, c]) sendPrepared(p.server, frame);
    await until(() => a.got.length === 1 && b.got.length === 1);
    expect(a.got).toEqual(['{"event":"bench","data":"{}"}']);
    expect(b.got).toEqual(['{"event":"bench","data":"{}"}']);
    expect(c.got).toEqual([]);
    a.client.close();
    b.client.close();
  });
});

// Activity timeout and ping/pong (Pusher protocol): the server tells the client its activity
// timeout, pings a connection that has been silent that long, and closes it with 4201 when the
// ping goes unanswered. Timeouts of one second keep the test short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { connect, dataOf, open, pings } from './fixtures/ws.ts';
import { ERR } from '../../server/modules/realtime/protocol.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ REALTIME_ACTIVITY_TIMEOUT_S: '1', REALTIME_PONG_TIMEOUT_S: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

describe('activity timeout', () => {
  it('pings a silent connection and closes it with 4201 when the ping goes unanswered', async () => {
    const c = open(`ws://${base}/app/${t.app.config.PUSHER_KEY}?protocol=7`);
    expect(dataOf(await c.next('pusher:connection_established')).activity_timeout).toBe(1);
    await c.next('pusher:ping');
    expect(await c.closed).toBe(ERR.PONG_NOT_RECEIVED);
  });

  it('keeps a connection that answers every ping', async () => {
    const c = await connect(base, t.app.config.PUSHER_KEY);
    for (let i = 0; i < 3; i++) {
      await c.next('pusher:ping');
      c.ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
    }
    expect(await pings(c)).toBe(true);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    c.ws.close();
  });
});

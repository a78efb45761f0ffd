// Connections per client address (issue 11 §2): over the cap the server answers the Pusher
// protocol's 4100 (over capacity, retry after backing off) and closes; other addresses are not affected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { connect, open, pings } from './fixtures/ws.ts';
import { ERR } from '../../server/modules/realtime/protocol.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ REALTIME_CONNECTIONS_PER_IP: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

describe('connections per IP', () => {
  it('closes the fourth connection from one address with 4100 and accepts again once one leaves', async () => {
    const key = t.app.config.PUSHER_KEY;
    const first = await Promise.all([connect(base, key), connect(base, key), connect(base, key)]);
    const fourth = open(`ws://${base}/app/${key}`);
    const error = await fourth.next('pusher:error');
    expect(error.data).toMatchObject({ code: ERR.OVER_CAPACITY });
    expect(await fourth.closed).toBe(ERR.OVER_CAPACITY);
    expect(t.app.realtimeHub.connectionCount).toBe(3);
    for (const c of first) expect(await pings(c)).toBe(true);

    first[0]!.ws.close();
    await first[0]!.closed;
    const again = await connect(base, key);
    expect(await pings(again)).toBe(true);
    for (const c of [again, ...first.slice(1)]) c.ws.close();
  });

  it('an unknown app key is refused with 4001 and does not count', async () => {
    const c = open(`ws://${base}/app/wrong`);
    expect((await c.next('pusher:error')).data).toMatchObject({ code: ERR.UNKNOWN_APP });
    expect(await c.closed).toBe(ERR.UNKNOWN_APP);
  });
});

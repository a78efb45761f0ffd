// The queue in front of the PostgreSQL pool (server/db/pool-slots.ts): a busy pool makes requests
// wait their turn, not fail after the 5 s meant for a server that is away (issue 29: 50 concurrent
// payments on a loaded machine answered errors); a server that is away still fails them at once.
import { describe, expect, it } from 'vitest';
import { PoolSlots } from '../../server/db/pool-slots.ts';
import { unavailableError } from '../../server/plugins/errors.ts';

describe('PoolSlots', () => {
  it('gives the free slots at once and the rest in arrival order as slots come back', async () => {
    const slots = new PoolSlots(2, 60_000);
    await slots.acquire();
    await slots.acquire();
    const order: number[] = [];
    const waits = [1, 2, 3].map((n) => slots.acquire().then(() => order.push(n)));
    expect(slots.queued).toBe(3);
    slots.release();
    slots.release();
    slots.release();
    await Promise.all(waits);
    expect(order).toEqual([1, 2, 3]);
    expect(slots.queued).toBe(0);
  });

  it('a request that waited too long fails as unavailable (503), and its place is given up', async () => {
    const slots = new PoolSlots(1, 30);
    await slots.acquire();
    const err = await slots.acquire().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(unavailableError(err)).toBe(true);
    expect(slots.queued).toBe(0);
    slots.release();
    await slots.acquire(); // the slot came back to the pool, not to the request that gave up
  });

  it('while connections fail, a request that would queue fails at once; one with a free slot still tries', async () => {
    const slots = new PoolSlots(1, 60_000);
    await slots.acquire();
    slots.connectFailed();
    const refused = slots.acquire();
    expect(slots.queued).toBe(0); // not waiting behind the hung connection
    await expect(refused).rejects.toThrow(/connection timeout/);
    slots.release();
    await slots.acquire();
  });

  it("node-postgres' own pool timeout is answered 503 too, not 500", () => {
    expect(unavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });
});

// Who may ask the pool for a connection, and how long to wait for one (issue 29: 50 concurrent
// payments on a loaded machine answered 503). node-postgres has one timeout for two waits: a free
// connection of a full pool, and a new connection to the server. Five seconds is right for the
// second (PostgreSQL away: answer 503 soon, the client retries) and wrong for the first (every
// connection busy with other requests: the request should queue, as it would on a single
// connection). So requests queue here, first come first served, for a slot of the pool's size;
// with a slot the pool always has a connection to give or may open one, and its 5 s bound only
// prices a connection that cannot be made. While the server is away (a connection failed in the
// last few seconds) a request that would queue fails at once instead, as it did before.
export const POOL_QUEUE_WAIT_MS = 30_000;
const DOWN_WINDOW_MS = 5_000;

export class PoolSlots {
  private free: number;
  private readonly waiting: Array<{ grant: () => void; timer: NodeJS.Timeout }> = [];
  private lastFailure = 0;
  private readonly waitMs: number;

  constructor(size: number, waitMs = POOL_QUEUE_WAIT_MS) {
    this.free = size;
    this.waitMs = waitMs;
  }

  /** Resolves when this request may ask the pool; rejects (a 'connection timeout', 503) after waitMs. */
  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    if (Date.now() - this.lastFailure < DOWN_WINDOW_MS) return Promise.reject(queueTimeout());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(queueTimeout());
        }, this.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** The slot goes to the longest waiting request, else back to the pool. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.free++;
  }

  /** A connection could not be made: while it lasts, new requests do not queue behind the hung ones. */
  connectFailed(): void {
    this.lastFailure = Date.now();
  }

  get queued(): number {
    return this.waiting.length;
  }
}

// Worded as node-postgres words its own, so server/plugins/errors.ts answers it with 503.
const queueTimeout = () => new Error('timeout exceeded when trying to connect (connection timeout: every pooled connection busy)');

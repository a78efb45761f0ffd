// LISTEN/NOTIFY on node-postgres (Db.listen, issue 12 §3), by two paths, both needed:
// - a connection of its own per listener, listening for as long as the process runs: it hears
//   the commits of every process. While it is down the listener is told that notifications may
//   be missed (onState(false)); it reconnects with a growing pause and says so once listening.
// - every pooled connection listens too: PostgreSQL hands a session its own notifications with
//   its commit, before the commit's reply, so this process hears its own writes before the code
//   that made them goes on. The dedicated connection would hear them only a moment later, after
//   a read on another connection could have used what they changed.
// Needs connections held per session (PostgreSQL directly, or a pooler in session mode).
import pg from 'pg';

type Handler = (payload: string) => void;

const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

export class PgNotifications {
  private readonly handlers = new Map<string, Set<Handler>>();
  // Which channels each pooled connection listens on, and its LISTEN in flight.
  private readonly pooled = new WeakMap<pg.PoolClient, { channels: Set<string>; ready?: Promise<void> }>();
  private readonly clientConfig: pg.ClientConfig;

  constructor(clientConfig: pg.ClientConfig) {
    this.clientConfig = clientConfig;
  }

  async listen(channel: string, onPayload: Handler, onState: (listening: boolean) => void): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    const dedicated = new DedicatedListener(this.clientConfig, channel, onPayload, onState);
    await dedicated.start();
    return async () => {
      set.delete(onPayload);
      await dedicated.stop();
    };
  }

  /**
   * Makes a pooled connection listen on every channel before its next query (postgres.ts calls
   * this on each checkout); undefined when it already does, so the common case costs no wait.
   * Awaited rather than queued: node-postgres will refuse a query while another one runs.
   */
  prepare(client: pg.PoolClient): Promise<void> | undefined {
    let state = this.pooled.get(client);
    if (!state) {
      this.pooled.set(client, (state = { channels: new Set() }));
      client.on('notification', (msg) => {
        for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
    }
    if (state.ready) return state.ready;
    const missing = [...this.handlers.keys()].filter((c) => !state.channels.has(c));
    if (!missing.length) return undefined;
    const listening = state;
    missing.forEach((c) => listening.channels.add(c));
    listening.ready = client.query(missing.map((c) => `listen ${c}`).join('; ')).then(
      () => {
        listening.ready = undefined;
      },
      (err: unknown) => {
        missing.forEach((c) => listening.channels.delete(c));
        listening.ready = undefined;
        throw err;
      },
    );
    return listening.ready;
  }
}

class DedicatedListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private delay = RETRY_FIRST_MS;
  private timer: NodeJS.Timeout | undefined;

  private readonly config: pg.ClientConfig;
  private readonly channel: string;
  private readonly onPayload: Handler;
  private readonly onState: (listening: boolean) => void;

  constructor(config: pg.ClientConfig, channel: string, onPayload: Handler, onState: (listening: boolean) => void) {
    this.config = config;
    this.channel = channel;
    this.onPayload = onPayload;
    this.onState = onState;
  }

  /** Resolves once listening: the first connection must work, as the pool's did. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.onPayload(msg.payload ?? '');
    });
    // An error on a live connection ends it; 'end' then takes over.
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(`listen ${this.channel}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    client.once('end', () => this.lost(client));
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.delay = RETRY_FIRST_MS;
    this.onState(true);
  }

  private lost(client: pg.Client): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    this.onState(false);
    this.retry();
  }

  private retry(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.connect().catch(() => {
        this.delay = Math.min(this.delay * 2, RETRY_MAX_MS);
        this.retry();
      });
    }, this.delay);
  }
}

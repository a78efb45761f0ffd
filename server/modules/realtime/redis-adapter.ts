// Several server processes on one Redis (REDIS_URL): every frame published on one process is
// delivered by all (pub/sub on `<prefix>bus`), presence members live in per-process Redis hashes
// (redis-scripts.ts), and each process refreshes a heartbeat key. When a heartbeat expires, the
// survivors remove that process's members and announce member_removed, so a crashed process
// leaves no ghost members. Ideas from soketi's horizontal/Redis adapters; single Redis, not Cluster.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { BusMessage, ClusterAdapter, LocalNode } from './adapter.ts';
import { encode, type Member } from './protocol.ts';
import { CLEAR_DEAD, JOIN, LEAVE, MEMBERS } from './redis-scripts.ts';

type Log = { warn: (obj: object, msg: string) => void };
export type RedisAdapterOptions = { url: string; prefix: string; nodeTtlMs: number; log?: Log };

export class RedisAdapter implements ClusterAdapter {
  readonly id = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly o: RedisAdapterOptions;
  private node: LocalNode | null = null;
  private timer: NodeJS.Timeout | null = null;
  private beat: Promise<void> | null = null;
  private closed = false;

  constructor(o: RedisAdapterOptions) {
    this.o = o;
    const opts = { maxRetriesPerRequest: 3, connectTimeout: 5000, lazyConnect: true };
    // While Redis is away a publish waits in ioredis' offline queue for at most 3 reconnection
    // attempts (maxRetriesPerRequest), then fails and the hub logs it (the API call still answers).
    // Failing at once instead lost the first frames after Redis came back, before the client
    // reconnected: a socket on another process never re-reads, so they were gone for good.
    this.pub = new Redis(o.url, opts);
    this.sub = new Redis(o.url, opts);
    for (const client of [this.pub, this.sub])
      client.on('error', (err) => o.log?.warn({ err }, 'realtime redis'));
  }

  private key(...parts: string[]): string {
    return this.o.prefix + parts.join(':');
  }

  async start(node: LocalNode): Promise<void> {
    this.node = node;
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.sub.on('message', (_channel: string, raw: string) => this.onBus(raw));
    await this.sub.subscribe(this.key('bus'));
    await this.heartbeat();
    this.timer = setInterval(
      () => {
        if (!this.closed) void this.tick();
      },
      Math.max(100, Math.floor(this.o.nodeTtlMs / 3)),
    );
    this.timer.unref();
  }

  private onBus(raw: string): void {
    let msg: BusMessage & { from?: string };
    try {
      msg = JSON.parse(raw) as BusMessage & { from?: string };
    } catch {
      return;
    }
    if (msg.from === this.id) return;
    delete msg.from;
    this.node?.deliver(msg);
  }

  async publish(msg: BusMessage): Promise<void> {
    await this.pub.publish(this.key('bus'), JSON.stringify({ ...msg, from: this.id }));
  }

  async join(channel: string, member: Member): Promise<{ first: boolean; members: Member[] }> {
    const info = JSON.stringify(member.user_info ?? null);
    const [first, flat] = (await this.pub.eval(
      JOIN,
      0,
      this.o.prefix,
      this.id,
      channel,
      member.user_id,
      info,
    )) as [number, string[]];
    return { first: first === 1, members: toMembers(flat) };
  }

  async leave(channel: string, userId: string): Promise<boolean> {
    return (await this.pub.eval(LEAVE, 0, this.o.prefix, this.id, channel, userId)) === 1;
  }

  async members(channel: string): Promise<Member[]> {
    return toMembers((await this.pub.eval(MEMBERS, 0, this.o.prefix, this.id, channel)) as string[]);
  }

  subscriptions(channel: string, count: number): void {
    const key = this.key('node', this.id, 'subs');
    const done = count > 0 ? this.pub.hset(key, channel, count) : this.pub.hdel(key, channel);
    done.catch((err: unknown) => this.o.log?.warn({ err }, 'realtime redis subscription count'));
  }

  async channels(): Promise<Map<string, number>> {
    const total = new Map(this.node?.localChannels() ?? []);
    for (const other of await this.liveOthers()) {
      const counts = await this.pub.hgetall(this.key('node', other, 'subs'));
      for (const [name, n] of Object.entries(counts)) total.set(name, (total.get(name) ?? 0) + Number(n));
    }
    return total;
  }

  private async liveOthers(): Promise<string[]> {
    const others = (await this.pub.smembers(this.key('nodes'))).filter((n) => n !== this.id);
    const alive = await Promise.all(others.map((n) => this.pub.exists(this.key('node', n, 'alive'))));
    return others.filter((_, i) => alive[i] === 1);
  }

  private tick(): Promise<void> {
    // One beat at a time, and none once closing has begun (it would bring the process back).
    this.beat ??= (async () => {
      try {
        await this.heartbeat();
        await this.clearDead();
      } catch (err) {
        this.o.log?.warn({ err }, 'realtime redis heartbeat');
      } finally {
        this.beat = null;
      }
    })();
    return this.beat;
  }

  /**
   * Refreshes this process's heartbeat. If the process had been taken for dead (a pause longer
   * than the TTL) and its members cleared, it announces them again from its own connections.
   */
  private async heartbeat(): Promise<void> {
    const [, added] = (await this.pub
      .multi()
      .set(this.key('node', this.id, 'alive'), '1', 'PX', this.o.nodeTtlMs)
      .sadd(this.key('nodes'), this.id)
      .exec()) as [[Error | null, unknown], [Error | null, number]];
    if (added[1] !== 1 || !this.node) return;
    for (const [channel, member] of this.node.allLocalMembers()) {
      const { first } = await this.join(channel, member);
      if (first)
        this.announce({
          channel,
          frame: encode('pusher_internal:member_added', member, channel),
          exceptUserId: member.user_id,
        });
    }
    for (const [channel, count] of this.node.localChannels()) this.subscriptions(channel, count);
  }

  /** Removes the members of processes whose heartbeat expired, in one atomic step per process. */
  private async clearDead(): Promise<void> {
    for (const dead of await this.pub.smembers(this.key('nodes'))) {
      if (dead === this.id || (await this.pub.exists(this.key('node', dead, 'alive')))) continue;
      const gone = (await this.pub.eval(CLEAR_DEAD, 0, this.o.prefix, dead)) as string[];
      for (let i = 0; i + 1 < gone.length; i += 2) {
        const channel = gone[i]!;
        this.announce({
          channel,
          frame: encode('pusher_internal:member_removed', { user_id: gone[i + 1] }, channel),
        });
      }
    }
  }

  /** A frame this adapter decided on: to this process's connections and to the others. */
  private announce(msg: BusMessage): void {
    this.node?.deliver(msg);
    this.publish(msg).catch((err: unknown) => this.o.log?.warn({ err }, 'realtime redis publish'));
  }

  /** Graceful stop: the hub has already removed this process's members; forget the process. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beat;
    try {
      await this.pub.del(
        this.key('node', this.id, 'alive'),
        this.key('node', this.id, 'pc'),
        this.key('node', this.id, 'subs'),
      );
      await this.pub.srem(this.key('nodes'), this.id);
    } catch (err) {
      this.o.log?.warn({ err }, 'realtime redis close');
    }
    this.sub.disconnect();
    await this.pub.quit().catch(() => this.pub.disconnect());
  }
}

/** Flat [id, info, id, info…] from Redis → members, one per user. */
function toMembers(flat: string[]): Member[] {
  const seen = new Map<string, Member>();
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const user_id = flat[i]!;
    if (seen.has(user_id)) continue;
    let info: unknown = null;
    try {
      info = JSON.parse(flat[i + 1]!);
    } catch {
      /* stored by us as JSON; a broken value shows as null */
    }
    seen.set(user_id, info === null ? { user_id } : { user_id, user_info: info });
  }
  return [...seen.values()];
}

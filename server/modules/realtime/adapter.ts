// How the hub shares channels and presence with the other server processes. LocalAdapter: one
// process, nothing to share. RedisAdapter (redis-adapter.ts): several processes on one Redis.
import type { Member } from './protocol.ts';

/**
 * A frame for a channel's subscribers (or a user's connections), the end of a user's connections,
 * or a user taken off one channel (every process evicts its own connections of that user).
 */
export type BusMessage =
  | { channel: string; frame: string; exceptSocketId?: string; exceptUserId?: string }
  | { terminateUser: string }
  | { evict: { channel: string; userId: string } };

/** What an adapter may ask of the hub of its own process. */
export interface LocalNode {
  deliver(msg: BusMessage): void;
  localMembers(channel: string): Member[];
  /** Channel → subscriptions held by this process. */
  localChannels(): Map<string, number>;
  allLocalMembers(): Iterable<[string, Member]>;
}

export interface ClusterAdapter {
  start(node: LocalNode): Promise<void>;
  /** To the other processes (the hub has delivered to its own connections already). */
  publish(msg: BusMessage): Promise<void>;
  /** This process's first connection of the user joined; `first`: the user was nowhere else. */
  join(channel: string, member: Member): Promise<{ first: boolean; members: Member[] }>;
  /** This process's last connection of the user left; true when no other process has the user. */
  leave(channel: string, userId: string): Promise<boolean>;
  members(channel: string): Promise<Member[]>;
  /** This process now holds `count` subscriptions to the channel. */
  subscriptions(channel: string, count: number): void;
  /** Channel → subscriptions over every live process. */
  channels(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export class LocalAdapter implements ClusterAdapter {
  private node: LocalNode | null = null;
  async start(node: LocalNode): Promise<void> {
    this.node = node;
  }
  async publish(): Promise<void> {}
  async join(channel: string): Promise<{ first: boolean; members: Member[] }> {
    return { first: true, members: this.node?.localMembers(channel) ?? [] };
  }
  async leave(): Promise<boolean> {
    return true;
  }
  async members(channel: string): Promise<Member[]> {
    return this.node?.localMembers(channel) ?? [];
  }
  subscriptions(): void {}
  async channels(): Promise<Map<string, number>> {
    return this.node?.localChannels() ?? new Map();
  }
  async close(): Promise<void> {}
}

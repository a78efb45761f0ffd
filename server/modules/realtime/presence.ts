// Presence members of this process, counted once per user: a user with three tabs on a channel is
// one member. The hub asks the cluster adapter about other processes only when this process's
// count for a user goes 0 → 1 (join) or 1 → 0 (leave).
import type { Member } from './protocol.ts';

type Entry = { member: Member; conns: Set<object> };

export class LocalPresence {
  private readonly channels = new Map<string, Map<string, Entry>>();

  /** Records one connection of the member; true when it is this user's first here. */
  add(channel: string, member: Member, conn: object): boolean {
    let users = this.channels.get(channel);
    if (!users) this.channels.set(channel, (users = new Map()));
    const entry = users.get(member.user_id);
    if (entry) {
      entry.conns.add(conn);
      return false;
    }
    users.set(member.user_id, { member, conns: new Set([conn]) });
    return true;
  }

  /** Forgets one connection of the user; true when it was this user's last here. */
  remove(channel: string, userId: string, conn: object): boolean {
    const users = this.channels.get(channel);
    const entry = users?.get(userId);
    if (!users || !entry || !entry.conns.delete(conn) || entry.conns.size > 0) return false;
    users.delete(userId);
    if (users.size === 0) this.channels.delete(channel);
    return true;
  }

  members(channel: string): Member[] {
    return [...(this.channels.get(channel)?.values() ?? [])].map((e) => e.member);
  }

  /** Every (channel, member) held here: what a process re-announces after losing its shared state. */
  *all(): Generator<[string, Member]> {
    for (const [channel, users] of this.channels) for (const e of users.values()) yield [channel, e.member];
  }
}

/** The presence block of pusher_internal:subscription_succeeded, one entry per user. */
export function presenceData(members: Member[]) {
  const hash: Record<string, unknown> = {};
  for (const m of members) if (!(m.user_id in hash)) hash[m.user_id] = m.user_info ?? null;
  const ids = Object.keys(hash);
  return { ids, hash, count: ids.length };
}

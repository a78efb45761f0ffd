// Group events go to presence-group.{hash} (members only: realtime/channel-rules.ts), one event
// name with a typed payload of ids and small public facts. Best effort: a lost event is repaired
// by the client's next GET (timer end, reconnect), so a failed publish is logged, never thrown.
import type { FastifyInstance } from 'fastify';
import { GROUP_EVENT, groupChannel, type GroupEvent } from '../../../src/shared/group-payloads.ts';

export async function publishGroup(app: FastifyInstance, hash: string, events: GroupEvent[]): Promise<void> {
  if (!events.length) return;
  try {
    await app.realtime.triggerBatch(events.map((data) => ({ channel: groupChannel(hash), name: GROUP_EVENT, data })));
  } catch (err) {
    app.log.warn({ err, hash }, 'group event not delivered');
  }
}

/**
 * Takes a member who lost access (kicked, left) off the group's channel on every process, after
 * the events that tell them so went out: channel-rules.ts checks membership only at subscribe.
 */
export async function evictFromGroup(app: FastifyInstance, hash: string, userId: number): Promise<void> {
  try {
    await app.realtime.evict(groupChannel(hash), userId);
  } catch (err) {
    app.log.warn({ err, hash, userId }, 'group member not evicted from the channel');
  }
}

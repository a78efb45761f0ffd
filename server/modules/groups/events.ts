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

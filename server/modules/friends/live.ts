// When two people may no longer talk (a block, or the friendship removed), their open
// conversation channel (presence-convo.{a}.{b}, realtime/channel-rules.ts) must stop carrying
// anything between them: access is checked only at subscribe, so both are evicted from it on
// every process. Best effort after the change committed: a failure is logged, never thrown.
import type { FastifyInstance } from 'fastify';
import { convoChannel } from '../realtime/channel-rules.ts';

export async function endConversation(app: FastifyInstance, a: number, b: number): Promise<void> {
  const channel = convoChannel(a, b);
  try {
    await Promise.all([app.realtime.evict(channel, a), app.realtime.evict(channel, b)]);
  } catch (err) {
    app.log.warn({ err, channel }, 'conversation channel not closed');
  }
}

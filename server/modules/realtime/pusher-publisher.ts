// Publishes to an external Pusher-compatible engine (Pusher, Soketi, Reverb — or another Grilio
// server's HTTP API) with the official `pusher` library, so requests are signed exactly as Pusher
// signs them.
import Pusher from 'pusher';
import type { BatchEvent, PublishOptions, Realtime } from './realtime.ts';

export type PusherTarget = {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port?: number;
  useTLS: boolean;
};

/** Pusher accepts at most 10 events in one batch_events call. */
const BATCH_SIZE = 10;

export class PusherPublisher implements Realtime {
  private readonly client: Pusher;
  constructor(t: PusherTarget) {
    this.client = new Pusher({
      appId: t.appId,
      key: t.key,
      secret: t.secret,
      host: t.host,
      port: String(t.port ?? (t.useTLS ? 443 : 80)),
      useTLS: t.useTLS,
      timeout: 10_000,
    });
  }

  async trigger(
    channel: string | string[],
    event: string,
    data: unknown,
    opts: PublishOptions = {},
  ): Promise<void> {
    await this.client.trigger(
      channel,
      event,
      data,
      opts.exceptSocketId ? { socket_id: opts.exceptSocketId } : undefined,
    );
  }

  async triggerBatch(events: BatchEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += BATCH_SIZE)
      await this.client.triggerBatch(events.slice(i, i + BATCH_SIZE));
  }

  async sendToUser(userId: string | number, event: string, data: unknown): Promise<void> {
    await this.client.sendToUser(String(userId), event, data);
  }

  /**
   * Pusher's HTTP API cannot take a user off one channel; it can end all their connections
   * (POST /users/{id}/terminate_connections, honoured by Pusher and Soketi for signed-in users).
   * pusher-js then reconnects and subscribes again, and the channel's authorisation, which no
   * longer grants this channel, refuses it; their other channels come back as they were.
   */
  async evict(_channel: string, userId: string | number): Promise<void> {
    await this.client.terminateUserConnections(String(userId));
  }
}

// The one publisher port of the server: app code publishes through it, and it goes either to the
// built-in hub (shared with the other processes through Redis when REDIS_URL is set) or, with
// PUSHER_HOST, to an external Pusher-compatible engine through the official `pusher` library.
export type PublishOptions = {
  /** The connection that caused the event, which already knows (Pusher's socket_id). */
  exceptSocketId?: string;
};

export type BatchEvent = { channel: string; name: string; data: unknown; socket_id?: string };

export interface Realtime {
  trigger(channel: string | string[], event: string, data: unknown, opts?: PublishOptions): Promise<void>;
  triggerBatch(events: BatchEvent[]): Promise<void>;
  /** To every connection signed in (pusher:signin) as this user, on any process. */
  sendToUser(userId: string | number, event: string, data: unknown): Promise<void>;
  /**
   * Takes the user off the channel on every process (access was withdrawn: kicked, left, blocked):
   * no further event reaches them there, and presence members see them leave. Access is checked
   * only at subscribe, so without this an open socket would keep listening.
   */
  evict(channel: string, userId: string | number): Promise<void>;
}

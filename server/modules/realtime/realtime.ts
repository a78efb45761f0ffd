// Server side of realtime: publish an event on a channel. The Pusher-protocol websocket
// server (pusher-server.ts) delivers to connected clients; when PUSHER_HOST points at an
// external engine (Soketi, Reverb, Pusher) events go through its HTTP API instead.
export interface Realtime {
  trigger(channel: string, event: string, data: unknown): Promise<void>;
}

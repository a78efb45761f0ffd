// Publishes through the HTTP API of an external Pusher-compatible engine (Soketi, Reverb, Pusher).
import { createHash } from 'node:crypto';
import { sign } from './protocol.ts';
import type { Realtime } from './realtime.ts';

export class HttpPublisher implements Realtime {
  private readonly opts: { appId: string; key: string; secret: string; baseUrl: string };
  constructor(opts: { appId: string; key: string; secret: string; baseUrl: string }) {
    this.opts = opts;
  }
  async trigger(channel: string, event: string, data: unknown): Promise<void> {
    const body = JSON.stringify({ name: event, channel, data: JSON.stringify(data) });
    const path = `/apps/${this.opts.appId}/events`;
    const params = new URLSearchParams({
      auth_key: this.opts.key,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: createHash('md5').update(body).digest('hex'),
    });
    const sorted = [...params.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join('&');
    params.set('auth_signature', sign(this.opts.secret, `POST\n${path}\n${sorted}`));
    const res = await fetch(`${this.opts.baseUrl}${path}?${params}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (!res.ok) throw new Error(`realtime publish failed: ${res.status}`);
  }
}

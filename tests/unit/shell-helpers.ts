// Helpers for the shell unit tests: a fetch stub that answers by path.
import { vi } from 'vitest';
import type { User } from '../../src/shared/types.ts';

export type Reply = { status?: number; json?: unknown; text?: string; throws?: boolean };

export function stubFetch(routes: Record<string, Reply | ((req: Request) => Reply)>) {
  const calls: { method: string; path: string; body: string; headers: Headers }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const body = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.clone().text();
    calls.push({ method: req.method, path: url.pathname, body, headers: req.headers });
    const key = `${req.method} ${url.pathname}`;
    const found = routes[key] ?? routes[url.pathname];
    const reply = typeof found === 'function' ? found(req) : found;
    if (!reply) return new Response(JSON.stringify({ errors: { general: ['FORM_ROUTE_NOT_FOUND'] } }), { status: 404, headers: { 'content-type': 'application/json' } });
    if (reply.throws) throw new TypeError('Failed to fetch');
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(text, { status: reply.status ?? 200, headers: { 'content-type': reply.text ? 'text/html' : 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export function makeUser(over: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Ana Maria Popescu',
    email: 'ana@example.com',
    avatar_thumb_src: null,
    avatar_src: null,
    remaining_premium_days: -1,
    is_premium: false,
    is_admin: false,
    theme: 'light',
    manual_id: 1,
    manual_ids: [1],
    specialization_id: 2,
    center_id: 3,
    email_verified_at: '2026-01-01T00:00:00.000Z',
    last_notification_seen_date: null,
    acknowledged_info_banner: false,
    auth_provider: 'password',
    sound_effects: true,
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

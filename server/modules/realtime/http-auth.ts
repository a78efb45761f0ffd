// Pusher's HTTP API authentication: query parameters auth_key, auth_timestamp (within 600 s of
// now), auth_version 1.0, body_md5 (MD5 of the body, when there is one) and auth_signature, the
// HMAC-SHA256 with the app secret of "METHOD\npath\nquery" — every other parameter with a
// lowercased key, sorted by key, as key=value joined with &.
import { createHash } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';
import { sign } from './protocol.ts';

export const MAX_CLOCK_SKEW_S = 600;

export type SignedRequest = { method: string; path: string; query: string; body: string };

/** Null when the request is signed with this key and secret, else why not (for the 401 answer). */
export function signatureProblem(
  req: SignedRequest,
  key: string,
  secret: string,
  nowS = Date.now() / 1000,
): string | null {
  const params = new URLSearchParams(req.query);
  if (params.get('auth_key') !== key) return 'Unknown auth_key';
  const ts = Number(params.get('auth_timestamp'));
  if (!Number.isInteger(ts) || Math.abs(nowS - ts) > MAX_CLOCK_SKEW_S)
    return `Timestamp expired: not within ${MAX_CLOCK_SKEW_S} s of the server's time`;
  if (params.get('auth_version') !== '1.0') return 'Unsupported auth_version';
  if (req.body.length > 0 && params.get('body_md5') !== createHash('md5').update(req.body).digest('hex'))
    return 'Invalid body_md5';
  const signature = params.get('auth_signature');
  if (!signature) return 'Missing auth_signature';
  const pairs = [...params]
    .filter(([k]) => k !== 'auth_signature')
    .map(([k, v]) => [k.toLowerCase(), v] as const);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const expected = sign(secret, `${req.method.toUpperCase()}\n${req.path}\n${query}`);
  return safeEqual(signature, expected) ? null : 'Invalid signature';
}

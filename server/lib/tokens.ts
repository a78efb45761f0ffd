// Opaque random tokens: the client holds the token, the database only its SHA-256.
import { randomBytes, hash, timingSafeEqual } from 'node:crypto';

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  // The one-shot form: no Hash object per call (every authenticated request hashes its token).
  return hash('sha256', token, 'hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

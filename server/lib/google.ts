// Verification of a Google Identity Services ID token (the `credential` of the sign-in button).
// Keys come from GOOGLE_JWKS_URL (cached by jose) unless a key set is injected (tests).
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import { badRequest } from './errors.ts';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export type GoogleIdentity = { sub: string; email: string; name: string | null };

const remoteSets = new Map<string, JWTVerifyGetKey>();

/** One cached remote key set per URL (jose refetches on unknown kid, with a cooldown). */
export function remoteGoogleKeys(url: string): JWTVerifyGetKey {
  let set = remoteSets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 3_600_000,
    });
    remoteSets.set(url, set);
  }
  return set;
}

function displayName(payload: Record<string, unknown>): string | null {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const full =
    str(payload.name) || [str(payload.given_name), str(payload.family_name)].filter(Boolean).join(' ');
  return full ? full.replace(/\s+/gu, ' ').slice(0, 120) : null;
}

/**
 * Checks signature, issuer, audience (GOOGLE_CLIENT_ID), expiry and email_verified.
 * Throws 422 FORM_GOOGLE_NOT_CONFIGURED without a client id, 422 FORM_GOOGLE_TOKEN_INVALID otherwise.
 */
export async function verifyGoogleCredential(
  config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_JWKS_URL'>,
  credential: string,
  keys?: JWTVerifyGetKey,
): Promise<GoogleIdentity> {
  const clientId = config.GOOGLE_CLIENT_ID;
  if (!clientId) throw badRequest('FORM_GOOGLE_NOT_CONFIGURED');
  let payload: Record<string, unknown>;
  try {
    const result = await jwtVerify(credential, keys ?? remoteGoogleKeys(config.GOOGLE_JWKS_URL), {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      algorithms: ['RS256'],
      clockTolerance: 30,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    payload = result.payload as Record<string, unknown>;
  } catch {
    // Bad signature, wrong audience/issuer, expired, malformed, or keys unreachable: all the same to the client.
    throw badRequest('FORM_GOOGLE_TOKEN_INVALID');
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  const sub = typeof payload.sub === 'string' ? payload.sub : '';
  if (!sub || !email || email.length > 254 || !verified) throw badRequest('FORM_GOOGLE_TOKEN_INVALID');
  return { sub, email, name: displayName(payload) };
}

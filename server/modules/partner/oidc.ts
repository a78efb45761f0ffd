// The partner platform seen through openid-client (panva's certified OpenID Connect client):
// discovery, the authorization URL with PKCE (S256), state and nonce, and the code exchange whose
// ID token is checked there (signature against the discovered JWKS, issuer, audience, expiry,
// nonce). Nothing here keeps state between requests except the discovered metadata.
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

export type PartnerSettings = Pick<
  Config,
  'PARTNER_ISSUER' | 'PARTNER_CLIENT_ID' | 'PARTNER_CLIENT_SECRET' | 'PARTNER_SCOPES'
> & { publicUrl: string };

export type PartnerClaims = { sub: string; email: string | null; emailVerified: boolean; name: string | null };

/** The partner feature is on only when issuer, client id and secret are all set (config.ts checks the trio). */
export function partnerEnabled(c: Partial<PartnerSettings>): boolean {
  return Boolean(c.PARTNER_ISSUER && c.PARTNER_CLIENT_ID && c.PARTNER_CLIENT_SECRET);
}

/** Where the partner sends the browser back: a page of the app, which posts code and state to the API. */
export function redirectUri(c: Pick<PartnerSettings, 'publicUrl'>): string {
  return `${c.publicUrl}/conectare/partener`;
}

const apiError = () => new AppError(502, 'FORM_PARTNER_API_ERROR');

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

// Per process: each process discovers on its own; a failed discovery is not kept, so the next
// request tries again. Keyed by issuer and client so tests with several providers do not mix.
const configs = new Map<string, Promise<oidc.Configuration>>();

async function configuration(c: PartnerSettings): Promise<oidc.Configuration> {
  if (!partnerEnabled(c)) throw badRequest('FORM_PARTNER_NOT_CONFIGURED');
  const key = `${c.PARTNER_ISSUER}\n${c.PARTNER_CLIENT_ID}`;
  let found = configs.get(key);
  if (!found) {
    const issuer = new URL(c.PARTNER_ISSUER!);
    found = oidc.discovery(issuer, c.PARTNER_CLIENT_ID!, c.PARTNER_CLIENT_SECRET!, undefined, {
      timeout: 5,
      // Plain http only for a provider on this machine (tests, local development); config.ts refuses others.
      execute: issuer.protocol === 'http:' && isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
    });
    configs.set(key, found);
    found.catch(() => configs.delete(key));
  }
  try {
    return await found;
  } catch {
    throw apiError();
  }
}

/** The authorization URL for one request; `verifier` stays on the server (PKCE). */
export async function authorizationUrl(
  c: PartnerSettings,
  p: { state: string; nonce: string; verifier: string },
): Promise<string> {
  const config = await configuration(c);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(c),
    scope: c.PARTNER_SCOPES,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(p.verifier),
    code_challenge_method: 'S256',
    state: p.state,
    nonce: p.nonce,
  });
  return url.href;
}

export const newVerifier = (): string => oidc.randomPKCECodeVerifier();

function str(v: unknown, max: number): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim().replace(/\s+/gu, ' ');
  return s && s.length <= max ? s : null;
}

/**
 * Exchanges the code (with the verifier) and returns the ID token's claims. An answer the partner
 * refuses or a token that fails a check → 422 FORM_PARTNER_TOKEN_INVALID; the partner unreachable
 * or answering nonsense → 502 FORM_PARTNER_API_ERROR.
 */
export async function exchange(
  c: PartnerSettings,
  p: { code: string; state: string; iss?: string; nonce: string; verifier: string },
): Promise<PartnerClaims> {
  const config = await configuration(c);
  const callback = new URL(redirectUri(c));
  callback.searchParams.set('code', p.code);
  callback.searchParams.set('state', p.state);
  if (p.iss) callback.searchParams.set('iss', p.iss);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: p.verifier,
      expectedState: p.state,
      expectedNonce: p.nonce,
      idTokenExpected: true,
    });
    const id = tokens.claims();
    claims = id;
    // Providers that follow OpenID Connect strictly put the scope's claims (email, name) in the
    // UserInfo answer rather than the ID token of a code flow: ask it, bound to the token's subject.
    if (id && typeof id.email !== 'string' && tokens.access_token) {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, id.sub)), sub: id.sub };
    }
  } catch (err) {
    if (
      err instanceof oidc.ResponseBodyError ||
      err instanceof oidc.AuthorizationResponseError ||
      (err instanceof oidc.ClientError && typeof err.code === 'string' && err.code.startsWith('OAUTH_'))
    ) {
      throw badRequest('FORM_PARTNER_TOKEN_INVALID');
    }
    throw apiError();
  }
  const sub = str(claims?.sub, 255);
  // The subject is an identifier: kept exactly as sent (str() above only proved it is a short string).
  const subject = typeof claims?.sub === 'string' ? claims.sub : '';
  if (!claims || !sub) throw badRequest('FORM_PARTNER_TOKEN_INVALID');
  const email = str(claims.email, 254)?.toLowerCase() ?? null;
  const name =
    str(claims.name, 120) ?? (str([claims.given_name, claims.family_name].filter((x) => typeof x === 'string').join(' '), 120));
  return { sub: subject, email, emailVerified: claims.email_verified === true, name };
}

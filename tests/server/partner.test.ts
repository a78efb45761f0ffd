// Partner account (issue 8 §6) against a real OpenID Connect provider (oidc-provider) started here:
// discovery, sign-in creating an account, the rule on existing addresses, connecting and
// disconnecting, one account per partner subject, state / binding / nonce / PKCE checks, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, register, nextIp, PASSWORD, uniqueEmail } from './fixtures/auth.ts';
import { startPartner, PARTNER_CLIENT_ID, PARTNER_CLIENT_SECRET, type LocalPartner } from './fixtures/partner-provider.ts';
import { loadConfig } from '../../server/config.ts';

let t: TestApp;
let p: LocalPartner;
// The app's publicUrl in tests is http://localhost:8080 (PORT default); the partner redirects there.
const REDIRECT = 'http://localhost:8080/conectare/partener';

beforeAll(async () => {
  p = await startPartner(REDIRECT);
  t = await createTestApp({
    PARTNER_ISSUER: p.issuer,
    PARTNER_CLIENT_ID,
    PARTNER_CLIENT_SECRET,
    PARTNER_NAME: 'Partener Test',
  });
});
afterAll(async () => {
  await t?.close();
  await p?.close();
});

let subs = 0;
function person(over: Partial<{ email: string; email_verified: boolean; name: string }> = {}) {
  const sub = `partner-${++subs}-${Date.now().toString(36)}`;
  const account = { email: uniqueEmail('partener'), email_verified: true, name: 'Radu Ionescu', ...over };
  p.accounts.set(sub, account);
  return { sub, ...account };
}

const req = (method: 'GET' | 'DELETE', url: string, token?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, remoteAddress: nextIp(), headers: token ? { authorization: `Bearer ${token}` } : {} });

/** Start (as a visitor, or connecting with `token`) and come back signed in at the partner as `sub`. */
async function roundTrip(sub: string, token?: string) {
  const start = await post(t.app, token ? '/user/partner/start' : '/auth/partner/start', undefined, { token });
  expect(start.statusCode, start.body).toBe(200);
  const { url, binding } = start.json() as { url: string; binding: string };
  const back = await p.signIn(url, sub);
  return { url, binding, back, body: { ...back, binding } };
}

const callback = (body: unknown, token?: string) => post(t.app, '/auth/partner/callback', body, { token });
const error = (code: string, field = 'general') => ({ errors: { [field]: [code] } });

describe('partner settings and discovery', () => {
  it('names the partner in /settings and builds an authorization URL with PKCE, state and nonce', async () => {
    const settings = await req('GET', '/settings');
    expect(settings.json().partner_name).toBe('Partener Test');
    const start = await post(t.app, '/auth/partner/start');
    expect(start.statusCode).toBe(200);
    const { url, binding } = start.json();
    const u = new URL(url);
    // The authorization endpoint came from the provider's discovery document.
    const discovered = await (await fetch(`${p.issuer}/.well-known/openid-configuration`)).json();
    expect(`${u.origin}${u.pathname}`).toBe(discovered.authorization_endpoint);
    expect(u.searchParams.get('client_id')).toBe(PARTNER_CLIENT_ID);
    expect(u.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('scope')).toBe('openid email profile');
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/u);
    const state = u.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(u.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    expect(binding.length).toBeGreaterThanOrEqual(32);
    // Stored for any process to finish, state and binding only as hashes; the verifier is never in the URL.
    const rows = await t.db.query<{ state_hash: string; binding_hash: string; code_verifier: string }>(
      'select state_hash, binding_hash, code_verifier from partner_auth_requests',
    );
    expect(rows.some((r) => r.state_hash === state || r.binding_hash === binding)).toBe(false);
    expect(rows.some((r) => url.includes(r.code_verifier))).toBe(false);
  });

  it('is off without issuer, client id and secret: no name, start refused; half a configuration does not start', async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/v1/settings' })).json().partner_name).toBeNull();
      const start = await post(off.app, '/auth/partner/start');
      expect(start.statusCode).toBe(422);
      expect(start.json()).toEqual(error('FORM_PARTNER_NOT_CONFIGURED'));
    } finally {
      await off.close();
    }
    expect(() => loadConfig({}, { PARTNER_ISSUER: 'https://partener.exemplu.ro' })).toThrow(/PARTNER_CLIENT_ID: required/u);
    expect(() =>
      loadConfig({}, { PARTNER_ISSUER: 'http://partener.exemplu.ro', PARTNER_CLIENT_ID: 'a', PARTNER_CLIENT_SECRET: 'b' }),
    ).toThrow(/https required/u);
  });

  it('answers FORM_PARTNER_API_ERROR when the partner cannot be reached', async () => {
    const down = await createTestApp({
      PARTNER_ISSUER: 'http://127.0.0.1:9',
      PARTNER_CLIENT_ID,
      PARTNER_CLIENT_SECRET,
    });
    try {
      const start = await post(down.app, '/auth/partner/start');
      expect(start.statusCode).toBe(502);
      expect(start.json()).toEqual(error('FORM_PARTNER_API_ERROR'));
      expect((await down.db.one<{ n: number }>('select count(*)::int as n from partner_auth_requests'))!.n).toBe(0);
    } finally {
      await down.close();
    }
  });
});

describe('sign-in through the partner', () => {
  it('creates a verified partner account, signs the same person in again, and that account keeps no password', async () => {
    const who = person({ name: 'Ioana Marinescu' });
    const first = await callback((await roundTrip(who.sub)).body);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.success).toBe('LOGIN_SUCCESSFUL');
    expect(body.user).toMatchObject({ email: who.email, name: 'Ioana Marinescu', auth_provider: 'partner' });
    expect(typeof body.user.email_verified_at).toBe('string');

    const again = await callback((await roundTrip(who.sub)).body);
    expect(again.json().user.id).toBe(body.user.id);
    expect(again.json().token).not.toBe(body.token);
    expect((await t.db.one<{ n: number }>('select count(*)::int as n from users where email = $1', [who.email]))!.n).toBe(1);

    const status = await req('GET', '/user/partner', body.token);
    expect(status.json()).toMatchObject({ enabled: true, connected: true, email: who.email, can_disconnect: false });
    // SPEC §6: no password to change; and no disconnecting the only way in.
    const pw = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/password',
      headers: { authorization: `Bearer ${body.token}` },
      payload: { current_password: PASSWORD, password: 'ParolaNoua123', password_confirmation: 'ParolaNoua123' },
    });
    expect(pw.statusCode).toBe(403);
    expect(pw.json()).toEqual(error('FORM_PASSWORD_CHANGE_NOT_ALLOWED'));
    const off = await req('DELETE', '/user/partner', body.token);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual(error('FORM_PARTNER_DISCONNECT_NOT_ALLOWED'));
    // Nor a password sign-in.
    const login = await post(t.app, '/auth/login', { email: who.email, password: PASSWORD });
    expect(login.json()).toEqual(error('FORM_EMAIL_ALREADY_REGISTERED_WITH_PARTNER', 'email'));
  });

  it('two first sign-ins of one person at the same time make one account', async () => {
    const who = person();
    const trips = await Promise.all(Array.from({ length: 6 }, () => roundTrip(who.sub)));
    const answers = await Promise.all(trips.map((trip) => callback(trip.body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json().user.id)).size).toBe(1);
    expect((await t.db.one<{ n: number }>('select count(*)::int as n from users where email = $1', [who.email]))!.n).toBe(1);
  });

  it('refuses an address the partner does not vouch for', async () => {
    const who = person({ email_verified: false });
    const res = await callback((await roundTrip(who.sub)).body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(error('FORM_PARTNER_EMAIL_NOT_VERIFIED'));
    expect(await t.db.one('select id from users where email = $1', [who.email])).toBeUndefined();
  });

  it('never takes over an existing account by its address; its owner connects it from the account, then signs in with it', async () => {
    const owner = await register(t.app);
    const who = person({ email: owner.email });
    const refused = await callback((await roundTrip(who.sub)).body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(error('FORM_PARTNER_EMAIL_HAS_ACCOUNT'));
    expect(await t.db.one('select user_id from user_identities where subject = $1', [who.sub])).toBeUndefined();

    // The owner, signed in with the password, connects the partner.
    const linked = await callback((await roundTrip(who.sub, owner.token)).body, owner.token);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ success: 'PARTNER_CONNECTED', user: { id: owner.user.id, auth_provider: 'password' } });
    expect(linked.json().token).toBeUndefined();
    expect((await req('GET', '/user/partner', owner.token)).json()).toMatchObject({ connected: true, can_disconnect: true });

    // Now the partner signs into that account.
    const viaPartner = await callback((await roundTrip(who.sub)).body);
    expect(viaPartner.json()).toMatchObject({ success: 'LOGIN_SUCCESSFUL', user: { id: owner.user.id } });
    // Connected to a partner account: the password cannot be changed (SPEC §6).
    const pw = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/password',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { current_password: PASSWORD, password: 'ParolaNoua123', password_confirmation: 'ParolaNoua123' },
    });
    expect(pw.json()).toEqual(error('FORM_PASSWORD_CHANGE_NOT_ALLOWED'));

    // Connecting a second time is refused before going to the partner.
    const twice = await post(t.app, '/user/partner/start', undefined, { token: owner.token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(error('FORM_PARTNER_ALREADY_CONNECTED'));

    // Disconnect: gone, once.
    const off = await req('DELETE', '/user/partner', owner.token);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: 'PARTNER_DISCONNECTED' });
    expect((await req('GET', '/user/partner', owner.token)).json()).toMatchObject({ connected: false, email: null });
    const again = await req('DELETE', '/user/partner', owner.token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(error('FORM_PARTNER_NOT_CONNECTED'));
    // And the partner no longer opens the account.
    expect((await callback((await roundTrip(who.sub)).body)).json()).toEqual(error('FORM_PARTNER_EMAIL_HAS_ACCOUNT'));
  });

  it('a second account cannot connect a partner subject another account holds', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const who = person();
    expect((await callback((await roundTrip(who.sub, a.token)).body, a.token)).statusCode).toBe(200);
    const res = await callback((await roundTrip(who.sub, b.token)).body, b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error('FORM_PARTNER_ALREADY_CONNECTED'));
    expect((await req('GET', '/user/partner', b.token)).json()).toMatchObject({ connected: false });
    const holder = await t.db.one<{ user_id: number }>('select user_id from user_identities where subject = $1', [who.sub]);
    expect(holder!.user_id).toBe(a.user.id);
  });

  it('a connection finishes only for the user who started it', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const who = person();
    const noToken = await callback((await roundTrip(who.sub, a.token)).body);
    expect(noToken.statusCode).toBe(401);
    const other = await callback((await roundTrip(who.sub, a.token)).body, b.token);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(error('FORM_PARTNER_TOKEN_INVALID'));
    expect(await t.db.one('select user_id from user_identities where subject = $1', [who.sub])).toBeUndefined();
  });
});

describe('checks on the way back', () => {
  it('refuses an unknown state, a reused state, and another browser (binding)', async () => {
    const who = person();
    const trip = await roundTrip(who.sub);
    const unknown = await callback({ ...trip.body, state: 'x'.repeat(43) });
    expect(unknown.json()).toEqual(error('FORM_PARTNER_TOKEN_INVALID'));
    const wrongBinding = await callback({ ...trip.body, binding: 'y'.repeat(43) });
    expect(wrongBinding.statusCode).toBe(422);
    expect(wrongBinding.json()).toEqual(error('FORM_PARTNER_TOKEN_INVALID'));
    // The wrong binding spent the request: the right one comes too late now.
    expect((await callback(trip.body)).json()).toEqual(error('FORM_PARTNER_TOKEN_INVALID'));

    const ok = await roundTrip(who.sub);
    expect((await callback(ok.body)).statusCode).toBe(200);
    const replay = await callback(ok.body);
    expect(replay.json()).toEqual(error('FORM_PARTNER_TOKEN_INVALID'));
  });

  it('refuses a code sent back with the state of another request (PKCE) and an ID token whose nonce differs', async () => {
    const who = person();
    const a = await roundTrip(who.sub);
    const b = await roundTrip(who.sub);
    // Code of A, state and binding of B: the verifier of B does not match A's challenge.
    const swapped = await callback({ ...b.body, code: a.back.code });
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json()).toEqual(error('FORM_PARTNER_TOKEN_INVALID'));

    const c = await roundTrip(who.sub);
    await t.db.query("update partner_auth_requests set nonce = 'another-nonce-value-0123456789'");
    const nonce = await callback(c.body);
    expect(nonce.statusCode).toBe(422);
    expect(nonce.json()).toEqual(error('FORM_PARTNER_TOKEN_INVALID'));
    expect(await t.db.one('select user_id from user_identities where subject = $1', [who.sub])).toBeUndefined();
  });

  it('answers bad input with the partner code, never a 500', async () => {
    const good = { code: 'abc', state: 's'.repeat(43), binding: 'b'.repeat(43) };
    for (const body of [
      {},
      { ...good, code: '' },
      { ...good, state: 'short' },
      { ...good, binding: 42 },
      { ...good, code: 'a\u0000b' },
      { ...good, state: '\ud800'.repeat(30) },
      { ...good, code: 'c'.repeat(2001) },
      { ...good, iss: ['x'] },
    ]) {
      const res = await callback(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const codes = Object.values(res.json().errors as Record<string, string[]>).flat();
      expect(codes.length).toBeGreaterThan(0);
      expect(codes.every((c) => c === 'FORM_PARTNER_TOKEN_INVALID' || c === 'FIELD_TEXT_UNSUPPORTED'), codes.join()).toBe(true);
    }
  });

  it('authenticates before anything else on the account routes', async () => {
    for (const res of [
      await req('GET', '/user/partner'),
      await req('DELETE', '/user/partner'),
      await post(t.app, '/user/partner/start', { junk: '\u0000' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(error('FORM_NOT_AUTHENTICATED'));
    }
  });
});

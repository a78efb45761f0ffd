// Sign-in with Google ID tokens, verified against a locally generated key set served over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, uniqueEmail, PASSWORD, register } from './fixtures/auth.ts';
import { googleKeys, CLIENT_ID } from './fixtures/google.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { verifyGoogleCredential } from '../../server/lib/google.ts';
import { AppError } from '../../server/lib/errors.ts';

let t: TestApp;
let g: Awaited<ReturnType<typeof googleKeys>>;
beforeAll(async () => {
  g = await googleKeys();
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: g.jwksUrl });
});
afterAll(async () => {
  await t.close();
  await g.close();
});

const INVALID = { errors: { general: ['FORM_GOOGLE_TOKEN_INVALID'] } };
let subs = 0;
const newSub = () => `1098765432${++subs}${Date.now()}`;
const google = (credential: string) => post(t.app, '/auth/google', { credential });

describe('POST /auth/google', () => {
  it('creates a verified Google account on first sign-in and signs it in afterwards', async () => {
    const email = uniqueEmail('gnew');
    const sub = newSub();
    const res = await google(await g.sign({ sub, email: email.toUpperCase(), name: 'Ioana Marinescu' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe('LOGIN_SUCCESSFUL');
    expect(body.user).toMatchObject({
      email,
      name: 'Ioana Marinescu',
      auth_provider: 'google',
      is_premium: false,
    });
    expect(typeof body.user.email_verified_at).toBe('string');
    const row = await t.db.one<{ google_sub: string; password_hash: string | null }>(
      'select google_sub, password_hash from users where id = $1',
      [body.user.id],
    );
    expect(row).toEqual({ google_sub: sub, password_hash: null });
    const tok = await t.db.one<{ user_id: number }>('select user_id from auth_tokens where token_hash = $1', [
      hashToken(body.token),
    ]);
    expect(tok!.user_id).toBe(body.user.id);
    expect(g.hits()).toBeGreaterThan(0);

    // Second sign-in (issuer without scheme is valid too): same account, new token.
    const again = await google(
      await g.sign({ sub, email, name: 'Ioana Marinescu', iss: 'accounts.google.com' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(body.user.id);
    expect(again.json().token).not.toBe(body.token);
    const count = await t.db.one<{ n: number }>('select count(*)::int as n from users where email = $1', [
      email,
    ]);
    expect(count!.n).toBe(1);

    // A Google account has no password to sign in with.
    const pw = await post(t.app, '/auth/login', { email, password: PASSWORD });
    expect(pw.json()).toEqual({ errors: { email: ['FORM_EMAIL_ALREADY_REGISTERED_WITH_GOOGLE'] } });
  });

  it('builds the name from given and family names, else from the address', async () => {
    const a = await google(
      await g.sign({ sub: newSub(), email: uniqueEmail('gn'), given_name: 'Maria', family_name: 'Ionescu' }),
    );
    expect(a.json().user.name).toBe('Maria Ionescu');
    const email = uniqueEmail('fara.nume');
    const b = await google(await g.sign({ sub: newSub(), email }));
    expect(b.json().user.name).toBe(email.split('@')[0]);
  });

  it('refuses a token for another audience', async () => {
    const res = await google(
      await g.sign({ sub: newSub(), email: uniqueEmail(), aud: 'someone-else.apps.googleusercontent.com' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(INVALID);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await google(
      await g.sign({ sub: newSub(), email: uniqueEmail() }, { iat: now - 7200, expiresIn: now - 3600 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(INVALID);
  });

  it('refuses a token signed with a key outside the set, or altered', async () => {
    const forged = await g.sign({ sub: newSub(), email: uniqueEmail() }, { key: g.otherKey });
    expect((await google(forged)).json()).toEqual(INVALID);
    const good = await g.sign({ sub: newSub(), email: uniqueEmail() });
    const [h, p, s] = good.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...claims, email: 'admin@grilio.ro' })).toString('base64url')}.${s}`;
    expect((await google(altered)).json()).toEqual(INVALID);
  });

  it('refuses another issuer, an unverified email or a token without email', async () => {
    expect(
      (
        await google(await g.sign({ sub: newSub(), email: uniqueEmail(), iss: 'https://evil.example.com' }))
      ).json(),
    ).toEqual(INVALID);
    expect(
      (await google(await g.sign({ sub: newSub(), email: uniqueEmail(), email_verified: false }))).json(),
    ).toEqual(INVALID);
    expect((await google(await g.sign({ sub: newSub() }))).json()).toEqual(INVALID);
  });

  it('refuses an HS256 token and garbage', async () => {
    const hs = await new SignJWT({
      sub: newSub(),
      email: uniqueEmail(),
      email_verified: true,
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
    })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await google(hs)).json()).toEqual(INVALID);
    expect((await google('not.a.jwt-but-long-enough')).json()).toEqual(INVALID);
    const short = await google('abc');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ errors: { credential: ['FORM_GOOGLE_TOKEN_INVALID'] } });
  });

  it('does not take over a password or partner account with the same address', async () => {
    const a = await register(t.app);
    const res = await google(await g.sign({ sub: newSub(), email: a.email, name: 'Ana Popescu' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: { general: ['FORM_EMAIL_ALREADY_REGISTERED_WITH_PASSWORD'] } });
    const row = await t.db.one<{ google_sub: string | null; auth_provider: string }>(
      'select google_sub, auth_provider from users where id = $1',
      [a.user.id],
    );
    expect(row).toEqual({ google_sub: null, auth_provider: 'password' });

    const p = uniqueEmail('partner');
    await t.db.query(`insert into users (name, email, auth_provider) values ('P User', $1, 'partner')`, [p]);
    const rp = await google(await g.sign({ sub: newSub(), email: p }));
    expect(rp.statusCode).toBe(409);
    expect(rp.json()).toEqual({ errors: { general: ['FORM_EMAIL_ALREADY_REGISTERED_WITH_PARTNER'] } });
  });

  it('links a Google account that has no subject yet, but not one bound to another subject', async () => {
    const free = uniqueEmail('gfree');
    const ins = await t.db.one<{ id: number }>(
      `insert into users (name, email, auth_provider) values ('Dan Pop', $1, 'google') returning id`,
      [free],
    );
    const sub = newSub();
    const res = await google(await g.sign({ sub, email: free }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(ins!.id);
    const row = await t.db.one<{ google_sub: string; email_verified_at: Date | null }>(
      'select google_sub, email_verified_at from users where id = $1',
      [ins!.id],
    );
    expect(row!.google_sub).toBe(sub);
    expect(row!.email_verified_at).not.toBeNull();

    const bound = await google(await g.sign({ sub: newSub(), email: free }));
    expect(bound.statusCode).toBe(409);
    expect(bound.json()).toEqual({ errors: { general: ['FORM_EMAIL_ALREADY_REGISTERED_WITH_GOOGLE'] } });
  });

  it('answers FORM_GOOGLE_NOT_CONFIGURED without a client id', async () => {
    const saved = t.app.config.GOOGLE_CLIENT_ID;
    t.app.config.GOOGLE_CLIENT_ID = undefined;
    try {
      const res = await google(await g.sign({ sub: newSub(), email: uniqueEmail() }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { general: ['FORM_GOOGLE_NOT_CONFIGURED'] } });
    } finally {
      t.app.config.GOOGLE_CLIENT_ID = saved;
    }
  });
});

describe('verifyGoogleCredential with an injected key set', () => {
  it('accepts a local JWKS and returns the identity', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
    const jwt = await new SignJWT({
      sub: '42',
      email: 'Ana@Exemplu.ro',
      email_verified: 'true',
      name: ' Ana   Pop ',
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer('accounts.google.com')
      .setAudience('cid')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const cfg = { GOOGLE_CLIENT_ID: 'cid', GOOGLE_JWKS_URL: 'http://127.0.0.1:9/unused' };
    expect(await verifyGoogleCredential(cfg, jwt, keys)).toEqual({
      sub: '42',
      email: 'ana@exemplu.ro',
      name: 'Ana Pop',
    });
    const err = await verifyGoogleCredential({ ...cfg, GOOGLE_CLIENT_ID: 'other' }, jwt, keys).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).body).toEqual(INVALID);
  });

  it('fails closed when the key set cannot be fetched', async () => {
    const jwt = await g.sign({ sub: '1', email: 'a@b.ro' });
    const err = await verifyGoogleCredential(
      { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' },
      jwt,
    ).catch((e: unknown) => e);
    expect((err as AppError).body).toEqual(INVALID);
  });
});

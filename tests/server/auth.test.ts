// Register, login, logout, the user payload, input validation and token authorization.
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, register, uniqueEmail, PASSWORD, nextIp } from './fixtures/auth.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import {
  toUserDto,
  loadUser,
  remainingPremiumDays,
  type UserRow,
} from '../../server/modules/auth/user-dto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://grilio.test', PRODUCT_NAME: 'Grilio' });
});
afterAll(() => t.close());

const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { errors: Record<string, string[]> }).errors;

describe('POST /auth/register', () => {
  it('creates the account, signs in and mails a confirmation link', async () => {
    const email = uniqueEmail();
    const res = await post(t.app, '/auth/register', {
      name: '  Ana   Popescu ',
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      terms: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe('REGISTER_SUCCESSFUL');
    expect(typeof body.token).toBe('string');
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    expect(body.user).toMatchObject({
      name: 'Ana Popescu',
      email,
      auth_provider: 'password',
      email_verified_at: null,
      is_premium: false,
      remaining_premium_days: -1,
      is_admin: false,
      theme: 'system', // follows the device until the candidate chooses (issue 32 §4)
      manual_id: null,
      specialization_id: null,
      center_id: null,
      avatar_src: null,
      avatar_thumb_src: null,
      acknowledged_info_banner: false,
      sound_effects: true,
    });
    expect(new Date(body.user.created_at).toISOString()).toBe(body.user.created_at);

    const row = await t.db.one<{ password_hash: string }>('select password_hash from users where id = $1', [
      body.user.id,
    ]);
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row!.password_hash).not.toContain(PASSWORD);

    // Only the hash of the bearer token is stored, valid for TOKEN_TTL_DAYS (60).
    const tok = await t.db.one<{ user_id: number; days: number }>(
      `select user_id, extract(epoch from (expires_at - now()))::float / 86400 as days from auth_tokens where token_hash = $1`,
      [hashToken(body.token)],
    );
    expect(tok!.user_id).toBe(body.user.id);
    expect(tok!.days).toBeGreaterThan(59.9);
    expect(tok!.days).toBeLessThan(60.1);

    const mail = t.app.mailer.sent.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Confirmă adresa de email pentru Grilio');
    expect(mail.text).toContain('Bună, Ana Popescu!');
    expect(mail.text).toContain('48 de ore');
    const link = mail.links.find((l) => l.startsWith('https://grilio.test/confirma-email?hash='));
    expect(link).toBeDefined();
    expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));
    expect(mail.html).toContain('<html lang="ro">');
    // The button in the app's colour (issue 32 §5).
    expect(mail.html).toContain('background:#0f766e');
    const hash = new URL(link!).searchParams.get('hash')!;
    const mt = await t.db.one<{ purpose: string; hours: number; used_at: Date | null }>(
      `select purpose, used_at, extract(epoch from (expires_at - now()))::float / 3600 as hours
         from mail_tokens where token_hash = $1`,
      [hashToken(hash)],
    );
    expect(mt).toMatchObject({ purpose: 'confirm_email', used_at: null });
    expect(mt!.hours).toBeGreaterThan(47.9);
    expect(mt!.hours).toBeLessThanOrEqual(48);
    // The raw link token is nowhere in the database.
    const raw = await t.db.one<{ n: number }>(
      'select count(*)::int as n from mail_tokens where token_hash = $1',
      [hash],
    );
    expect(raw!.n).toBe(0);
  });

  it('greets by the name the person asked to be called by (issue 32 §5)', async () => {
    const res = await post(t.app, '/auth/register', { name: 'Ionescu Maria', call_name: 'Maria', email: uniqueEmail(), password: PASSWORD, terms: true });
    expect(res.statusCode).toBe(201);
    const mail = t.app.mailer.sent.at(-1)!;
    expect(mail.text).toContain('Bună, Maria!');
    expect(mail.text).not.toContain('Ionescu');
  });

  it('the token it returns authenticates the user', async () => {
    const a = await register(t.app);
    const res = await post(t.app, '/auth/email/resend', undefined, { token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'EMAIL_VERIFICATION_SENT' });
  });

  it('refuses an address already registered, whatever the case', async () => {
    const a = await register(t.app);
    const res = await post(t.app, '/auth/register', {
      name: 'Alt Nume',
      email: a.email.toUpperCase(),
      password: PASSWORD,
      terms: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: { email: ['FORM_EMAIL_ALREADY_REGISTERED'] } });
  });

  it('names the provider of an existing Google or partner account', async () => {
    const g = uniqueEmail('google');
    const p = uniqueEmail('partner');
    await t.db.query(
      `insert into users (name, email, auth_provider, google_sub) values ('G User', $1, 'google', $2)`,
      [g, `sub-${g}`],
    );
    await t.db.query(`insert into users (name, email, auth_provider) values ('P User', $1, 'partner')`, [p]);
    const rg = await post(t.app, '/auth/register', {
      name: 'Ana Pop',
      email: g,
      password: PASSWORD,
      terms: true,
    });
    expect(rg.statusCode).toBe(409);
    expect(rg.json()).toEqual({ errors: { email: ['FORM_EMAIL_ALREADY_REGISTERED_WITH_GOOGLE'] } });
    const rp = await post(t.app, '/auth/register', {
      name: 'Ana Pop',
      email: p,
      password: PASSWORD,
      terms: true,
    });
    expect(rp.statusCode).toBe(409);
    expect(rp.json()).toEqual({ errors: { email: ['FORM_EMAIL_ALREADY_REGISTERED_WITH_PARTNER'] } });
  });

  it('reports every missing field with its code', async () => {
    const res = await post(t.app, '/auth/register', {});
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: ['FORM_NAME_REQUIRED'],
      email: ['FORM_EMAIL_REQUIRED'],
      password: ['FORM_PASSWORD_REQUIRED'],
      terms: ['FORM_TERMS_REQUIRED'],
    });
  });

  it('applies the password bounds 8..100', async () => {
    const base = { name: 'Ana Popescu', terms: true };
    const short = await post(t.app, '/auth/register', {
      ...base,
      email: uniqueEmail(),
      password: 'a'.repeat(7),
    });
    expect(short.statusCode).toBe(422);
    expect(errorsOf(short)).toEqual({ password: ['FORM_PASSWORD_TOO_SHORT'] });
    const long = await post(t.app, '/auth/register', {
      ...base,
      email: uniqueEmail(),
      password: 'a'.repeat(101),
    });
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long)).toEqual({ password: ['FORM_PASSWORD_TOO_LONG'] });
    const min = await post(t.app, '/auth/register', {
      ...base,
      email: uniqueEmail(),
      password: 'a'.repeat(8),
    });
    expect(min.statusCode).toBe(201);
    const maxEmail = uniqueEmail();
    const max = await post(t.app, '/auth/register', { ...base, email: maxEmail, password: 'ă'.repeat(100) });
    expect(max.statusCode).toBe(201);
    const login = await post(t.app, '/auth/login', { email: maxEmail, password: 'ă'.repeat(100) });
    expect(login.statusCode).toBe(200);
  });

  it('needs a full name of two words, terms accepted and a valid email', async () => {
    const res = await post(t.app, '/auth/register', {
      name: 'Ana',
      email: 'nu-e-email',
      password: PASSWORD,
      terms: false,
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: ['FORM_NAME_TWO_WORDS'],
      email: ['FORM_EMAIL_INVALID'],
      terms: ['FORM_TERMS_REQUIRED'],
    });
    const long = await post(t.app, '/auth/register', {
      name: `Ana ${'x'.repeat(130)}`,
      email: uniqueEmail(),
      password: PASSWORD,
      terms: true,
    });
    expect(errorsOf(long)).toEqual({ name: ['FORM_NAME_TOO_LONG'] });
  });

  it('rejects wrong types', async () => {
    const res = await post(t.app, '/auth/register', {
      name: 42,
      email: ['a@b.ro'],
      password: 12345678,
      terms: 'yes',
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      name: ['FORM_NAME_REQUIRED'],
      email: ['FORM_EMAIL_REQUIRED'],
      password: ['FORM_PASSWORD_REQUIRED'],
      terms: ['FORM_TERMS_REQUIRED'],
    });
    const arr = await post(t.app, '/auth/register', [1, 2, 3]);
    expect(arr.statusCode).toBe(422);
    expect(errorsOf(arr).general).toBeDefined();
  });

  it('answers 413 to a body over 1 MB and 400 to broken JSON', async () => {
    const big = await post(t.app, '/auth/register', {
      name: 'Ana Popescu',
      email: uniqueEmail(),
      password: PASSWORD,
      terms: true,
      pad: 'x'.repeat(1_100_000),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ errors: { general: ['FORM_PAYLOAD_TOO_LARGE'] } });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ana',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ errors: { general: ['FIELD_INVALID'] } });
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password and issues a new token', async () => {
    const a = await register(t.app);
    const res = await post(
      t.app,
      '/auth/login',
      { email: ` ${a.email.toUpperCase()}`, password: a.password },
      { headers: { 'user-agent': 'vitest-agent' } },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe('LOGIN_SUCCESSFUL');
    expect(body.token).not.toBe(a.token);
    expect(body.user.id).toBe(a.user.id);
    expect(body.user.email).toBe(a.email);
    const tok = await t.db.one<{ user_agent: string }>(
      'select user_agent from auth_tokens where token_hash = $1',
      [hashToken(body.token)],
    );
    expect(tok!.user_agent).toBe('vitest-agent');
    const attempts = await t.db.one<{ n: number }>(
      'select count(*)::int as n from login_attempts where email = $1 and succeeded',
      [a.email],
    );
    expect(attempts!.n).toBe(1);
  });

  it('gives the same answer for a wrong password and an unknown email, after the same argon2id work', async () => {
    const a = await register(t.app);
    const ip = nextIp();
    // No fast path for an unknown account: both answers run one argon2id verification, against a hash
    // of the same parameters (the dummy is made by hashPassword like every stored one), so they take
    // the same work. Counted, not timed: a timed comparison failed on a loaded CI machine.
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const wrong = await post(t.app, '/auth/login', { email: a.email, password: 'ParolaGresita1' }, { ip });
      const wrongCalls = verify.mock.calls.map(([hash]) => hash);
      verify.mockClear();
      const unknown = await post(t.app, '/auth/login', { email: uniqueEmail('nimeni'), password: 'ParolaGresita1' }, { ip });
      const unknownCalls = verify.mock.calls.map(([hash]) => hash);
      expect(wrong.statusCode).toBe(422);
      expect(unknown.statusCode).toBe(422);
      expect(wrong.json()).toEqual({ errors: { general: ['FORM_WRONG_CREDENTIALS'] } });
      expect(unknown.body).toBe(wrong.body);
      const row = await t.db.one<{ password_hash: string }>('select password_hash from users where id = $1', [a.user.id]);
      expect(wrongCalls).toEqual([row!.password_hash]);
      expect(unknownCalls).toHaveLength(1);
      const params = (hash: string) => hash.split('$').slice(1, 4).join('$'); // argon2id$v=19$m=…,t=…,p=…
      expect(params(unknownCalls[0]!)).toBe(params(row!.password_hash));
      expect(unknownCalls[0]).not.toBe(row!.password_hash);
    } finally {
      verify.mockRestore();
    }
    const failures = await t.db.one<{ n: number }>(
      'select count(*)::int as n from login_attempts where ip = $1 and not succeeded',
      [ip],
    );
    expect(failures!.n).toBe(2);
  });

  it('tells a Google account to sign in with Google', async () => {
    const g = uniqueEmail('g');
    await t.db.query(
      `insert into users (name, email, auth_provider, google_sub) values ('G User', $1, 'google', $2)`,
      [g, `sub-${g}`],
    );
    const res = await post(t.app, '/auth/login', { email: g, password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['FORM_EMAIL_ALREADY_REGISTERED_WITH_GOOGLE'] } });
  });

  it('validates its body', async () => {
    const res = await post(t.app, '/auth/login', { email: 'x' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ email: ['FORM_EMAIL_INVALID'], password: ['FORM_PASSWORD_REQUIRED'] });
    const long = await post(t.app, '/auth/login', { email: uniqueEmail(), password: 'p'.repeat(101) });
    expect(errorsOf(long)).toEqual({ password: ['FORM_PASSWORD_TOO_LONG'] });
    const types = await post(t.app, '/auth/login', { email: 5, password: true });
    expect(errorsOf(types)).toEqual({ email: ['FORM_EMAIL_REQUIRED'], password: ['FORM_PASSWORD_REQUIRED'] });
  });
});

describe('POST /logout and bearer tokens', () => {
  it('needs a token', async () => {
    const res = await post(t.app, '/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { general: ['FORM_NOT_AUTHENTICATED'] } });
    const junk = await post(t.app, '/logout', undefined, { token: 'x'.repeat(43) });
    expect(junk.statusCode).toBe(401);
  });

  it('revokes only the token it is called with', async () => {
    const a = await register(t.app);
    const second = (await post(t.app, '/auth/login', { email: a.email, password: a.password })).json()
      .token as string;
    const b = await register(t.app);

    const out = await post(t.app, '/logout', undefined, { token: a.token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: 'LOGOUT_SUCCESSFUL' });
    const revoked = await t.db.one<{ revoked_at: Date | null }>(
      'select revoked_at from auth_tokens where token_hash = $1',
      [hashToken(a.token)],
    );
    expect(revoked!.revoked_at).not.toBeNull();

    // The revoked token no longer works anywhere.
    expect((await post(t.app, '/logout', undefined, { token: a.token })).statusCode).toBe(401);
    expect((await post(t.app, '/auth/email/resend', undefined, { token: a.token })).statusCode).toBe(401);
    // The same user's other session and another user's session are untouched.
    expect((await post(t.app, '/auth/email/resend', undefined, { token: second })).statusCode).toBe(200);
    expect((await post(t.app, '/auth/email/resend', undefined, { token: b.token })).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const a = await register(t.app);
    await t.db.query(
      `update auth_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(a.token)],
    );
    expect((await post(t.app, '/logout', undefined, { token: a.token })).statusCode).toBe(401);
  });

  it("a user's token acts only on that user's account", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const before = t.app.mailer.sent.length;
    const res = await post(t.app, '/auth/email/resend', undefined, { token: b.token });
    expect(res.statusCode).toBe(200);
    const mails = t.app.mailer.sent.slice(before);
    expect(mails.map((m) => m.to)).toEqual([b.email]);
    await post(t.app, '/logout', undefined, { token: b.token });
    expect((await post(t.app, '/auth/email/resend', undefined, { token: a.token })).statusCode).toBe(200);
  });
});

describe('user payload', () => {
  const row: UserRow = {
    id: 7,
    name: 'Ana Popescu',
    email: 'ana@exemplu.ro',
    auth_provider: 'password',
    email_verified_at: new Date('2026-01-02T03:04:05.000Z'),
    manual_id: 1,
    specialization_id: 2,
    center_id: 3,
    theme: 'dark',
    sound_effects: false,
    premium_until: null,
    is_admin: false,
    avatar_path: 'avatars/7-abc.jpg',
    avatar_thumb_path: '7-abc-thumb.jpg',
    acknowledged_info_banner: true,
    last_notification_seen_date: '2026-01-05T10:00:00.000Z',
    created_at: new Date('2026-01-01T00:00:00.000Z'),
  };

  it('serializes a row into the shared User shape', () => {
    const now = Date.parse('2026-02-01T12:00:00.000Z');
    expect(toUserDto(row, now)).toEqual({
      id: 7,
      name: 'Ana Popescu',
      call_name: null,
      email: 'ana@exemplu.ro',
      avatar_thumb_src: '/media/avatars/7-abc-thumb.jpg',
      avatar_src: '/media/avatars/7-abc.jpg',
      remaining_premium_days: -1,
      is_premium: false,
      is_admin: false,
      theme: 'dark',
      manual_id: 1,
      // A row from before migration 044 (no manual_ids): its one manual.
      manual_ids: [1],
      specialization_id: 2,
      center_id: 3,
      email_verified_at: '2026-01-02T03:04:05.000Z',
      last_notification_seen_date: '2026-01-05T10:00:00.000Z',
      acknowledged_info_banner: true,
      auth_provider: 'password',
      sound_effects: false,
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('counts premium days: -1 none or past, 0 the last day, calendar days left (Bucharest) otherwise', () => {
    const now = Date.parse('2026-02-01T12:00:00.000Z');
    const day = 86_400_000;
    expect(remainingPremiumDays(null, now)).toBe(-1);
    expect(remainingPremiumDays(new Date(now - 1000), now)).toBe(-1);
    expect(remainingPremiumDays(new Date(now + 3600_000), now)).toBe(0);
    expect(remainingPremiumDays(new Date(now + day + 1000), now)).toBe(1);
    // 02:00 in Bucharest eleven days on: the 11th day still has premium, counted (issue 23 §1).
    expect(remainingPremiumDays(new Date(now + 10.5 * day).toISOString(), now)).toBe(11);
    const p = toUserDto(
      { ...row, premium_until: new Date(now + 5.2 * day), avatar_path: null, avatar_thumb_path: null },
      now,
    );
    expect(p).toMatchObject({
      remaining_premium_days: 5,
      is_premium: true,
      avatar_src: null,
      avatar_thumb_src: null,
    });
    expect(toUserDto({ ...row, premium_until: new Date(now + 1000) }, now)).toMatchObject({
      remaining_premium_days: 0,
      is_premium: true,
    });
  });

  it('loadUser reads from the database; null for an unknown id', async () => {
    const a = await register(t.app);
    await t.db.query(
      `update users set premium_until = now() + interval '3 days', avatar_path = 'x.png' where id = $1`,
      [a.user.id],
    );
    const u = await loadUser(t.db, a.user.id);
    expect(u).toMatchObject({
      id: a.user.id,
      email: a.email,
      remaining_premium_days: 3,
      is_premium: true,
      avatar_src: '/media/avatars/x.png',
    });
    expect(await loadUser(t.db, 999_999)).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the auth routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/logout',
      '/api/v1/auth/google',
      '/api/v1/auth/password/reset',
    ]) {
      expect(doc.paths[p]?.post, p).toBeDefined();
    }
  });
});

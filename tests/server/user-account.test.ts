import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { DEFAULT_PASSWORD, bearer, createToken, createUser } from './users-fixture.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { verifyPassword } from '../../server/lib/passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://grilio.test' });
});
afterAll(() => t.close());

// A fresh client address per call: these routes are rate-limited per IP (tested at the end).
let ipSeq = 0;
const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const putEmail = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/user/email', headers: bearer(token), payload, remoteAddress: nextIp() });
const putPassword = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/user/password', headers: bearer(token), payload, remoteAddress: nextIp() });

describe('PUT /user/email', () => {
  it('changes the address, clears verification and mails a 48 h confirmation link', async () => {
    const u = await createUser(t.db);
    await t.db.query(
      `insert into mail_tokens (user_id, purpose, token_hash, expires_at) values ($1, 'reset_password', 'vechi', now() + interval '1 hour')`,
      [u.id],
    );
    const before = t.app.mailer.sent.length;
    const res = await putEmail(u.token, { email: '  Nou.Email@Exemplu.RO ', password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe('EMAIL_CHANGED');
    expect(res.json().user).toMatchObject({ email: 'nou.email@exemplu.ro', email_verified_at: null });

    const mail = t.app.mailer.sent.at(-1)!;
    expect(t.app.mailer.sent.length).toBe(before + 1);
    expect(mail.to).toBe('nou.email@exemplu.ro');
    expect(mail.subject).toMatch(/Confirmă/);
    expect(mail.html).toContain('Confirmă adresa de email');
    const link = mail.links[0]!;
    expect(link).toMatch(/^https:\/\/grilio\.test\/confirma-email\?hash=/);
    const token = decodeURIComponent(new URL(link).searchParams.get('hash')!);
    const row = await t.db.one<{ purpose: string; hours: number; used_at: string | null }>(
      `select purpose, round(extract(epoch from expires_at - now()) / 3600)::int as hours, used_at
         from mail_tokens where token_hash = $1`,
      [hashToken(token)],
    );
    expect(row).toMatchObject({ purpose: 'confirm_email', hours: 48, used_at: null });
    const old = await t.db.one<{ used_at: string | null }>(
      `select used_at from mail_tokens where token_hash = 'vechi'`,
    );
    expect(old!.used_at).not.toBeNull();

    // The link works with the auth module's confirmation endpoint.
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/confirm',
      payload: { hash: token },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().user).toMatchObject({ id: u.id, email: 'nou.email@exemplu.ro' });
    expect(confirm.json().user.email_verified_at).not.toBeNull();
  });

  it('keeps the same address without a new mail', async () => {
    const u = await createUser(t.db);
    const before = t.app.mailer.sent.length;
    const res = await putEmail(u.token, { email: u.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email_verified_at).not.toBeNull();
    expect(t.app.mailer.sent.length).toBe(before);
  });

  it('needs the correct current password', async () => {
    const u = await createUser(t.db);
    const wrong = await putEmail(u.token, { email: 'altul@exemplu.ro', password: 'gresita-123' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { password: ['FORM_CURRENT_PASSWORD_WRONG'] } });
    const missing = await putEmail(u.token, { email: 'altul@exemplu.ro' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { password: ['FORM_PASSWORD_REQUIRED'] } });
    const row = await t.db.one<{ email: string }>('select email from users where id = $1', [u.id]);
    expect(row!.email).toBe(u.email);
  });

  it('refuses an address another account uses with 409', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const res = await putEmail(a.token, { email: b.email.toUpperCase(), password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: { email: ['FORM_EMAIL_ALREADY_REGISTERED'] } });
  });

  it.each(['google', 'partner'] as const)('refuses %s accounts with 403', async (provider) => {
    const u = await createUser(t.db, { auth_provider: provider });
    const res = await putEmail(u.token, { email: 'altceva@exemplu.ro', password: 'orice-parola' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { general: ['FORM_PASSWORD_CHANGE_NOT_ALLOWED'] } });
  });

  it.each([
    [{}, 'FORM_EMAIL_REQUIRED'],
    [{ email: 'nu-e-email', password: DEFAULT_PASSWORD }, 'FORM_EMAIL_INVALID'],
    [{ email: `${'a'.repeat(250)}@exemplu.ro`, password: DEFAULT_PASSWORD }, 'FORM_EMAIL_TOO_LONG'],
    [{ email: 5 }, 'FORM_EMAIL_REQUIRED'],
  ])('validates %j', async (payload, code) => {
    const u = await createUser(t.db);
    const res = await putEmail(u.token, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toContain(code);
  });
});

describe('PUT /user/password', () => {
  it('changes the password and signs out every other session', async () => {
    const u = await createUser(t.db);
    const other = await createToken(t.db, u.id);
    const stranger = await createUser(t.db);
    const res = await putPassword(u.token, {
      current_password: DEFAULT_PASSWORD,
      password: 'noua-parola-9',
      password_confirmation: 'noua-parola-9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'PASSWORD_CHANGED' });
    const row = await t.db.one<{ password_hash: string }>('select password_hash from users where id = $1', [
      u.id,
    ]);
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(row!.password_hash, 'noua-parola-9')).toBe(true);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(u.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(other) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(stranger.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a wrong current password', async () => {
    const u = await createUser(t.db);
    const res = await putPassword(u.token, {
      current_password: 'nu-este-asta',
      password: 'noua-parola-9',
      password_confirmation: 'noua-parola-9',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { current_password: ['FORM_CURRENT_PASSWORD_WRONG'] } });
  });

  it.each(['google', 'partner'] as const)('refuses %s accounts with 403', async (provider) => {
    const u = await createUser(t.db, { auth_provider: provider });
    const res = await putPassword(u.token, {
      current_password: 'orice-parola',
      password: 'noua-parola-9',
      password_confirmation: 'noua-parola-9',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { general: ['FORM_PASSWORD_CHANGE_NOT_ALLOWED'] } });
  });

  it.each([
    [{}, 'current_password', 'FORM_PASSWORD_REQUIRED'],
    [
      { current_password: 'x', password: 'scurt', password_confirmation: 'scurt' },
      'password',
      'FORM_PASSWORD_TOO_SHORT',
    ],
    [
      { current_password: 'x', password: 'a'.repeat(101), password_confirmation: 'a'.repeat(101) },
      'password',
      'FORM_PASSWORD_TOO_LONG',
    ],
    [
      { current_password: 'x', password: 'abcdefgh1', password_confirmation: 'abcdefgh2' },
      'password_confirmation',
      'FORM_PASSWORD_CONFIRMATION_MISMATCH',
    ],
    [
      { current_password: 1, password: 'abcdefgh1', password_confirmation: 'abcdefgh1' },
      'current_password',
      'FORM_PASSWORD_REQUIRED',
    ],
  ])('validates %j', async (payload, field, code) => {
    const u = await createUser(t.db);
    const res = await putPassword(u.token, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(code);
  });
});

describe('password-checking calls', () => {
  it('are limited to 10 per IP in 15 minutes', async () => {
    const u = await createUser(t.db);
    const remoteAddress = '10.77.0.1';
    const wrong = {
      current_password: 'gresita-000',
      password: 'noua-parola-9',
      password_confirmation: 'noua-parola-9',
    };
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/password',
        headers: bearer(u.token),
        payload: wrong,
        remoteAddress,
      });
      expect(res.statusCode).toBe(422);
    }
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/password',
      headers: bearer(u.token),
      payload: wrong,
      remoteAddress,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errors: { general: ['FORM_TOO_MANY_REQUESTS'] } });
  });
});

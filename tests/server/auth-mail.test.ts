// Mailed single-use links: email confirmation (48 h) and password reset (60 min).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, register, uniqueEmail, lastLinkToken, nextIp } from './fixtures/auth.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { afterReply, afterReplySettled, holdAfterReplyTasks } from '../../server/lib/after-reply.ts';
import { existsSync } from 'node:fs';
import {
  confirmEmailMail,
  resetPasswordMail,
  roCount,
  escapeHtml,
} from '../../server/modules/mail/templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://grilio.test', PRODUCT_NAME: 'MedGrile' });
});
afterAll(() => t.close());

const confirmHash = (email: string) => lastLinkToken(t.app, email, '/confirma-email', 'hash');
/** The reset mail is sent after the answer (issue 11 §2): wait for it, then read its link. */
const resetToken = async (email: string) => {
  await afterReplySettled();
  return lastLinkToken(t.app, email, '/resetare-parola', 'token');
};

describe('POST /auth/email/confirm', () => {
  it('verifies the address once and returns the user', async () => {
    const a = await register(t.app);
    const hash = confirmHash(a.email);
    const res = await post(t.app, '/auth/email/confirm', { hash });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe('EMAIL_VERIFIED');
    expect(body.user.id).toBe(a.user.id);
    expect(typeof body.user.email_verified_at).toBe('string');
    const used = await t.db.one<{ used_at: Date | null }>(
      'select used_at from mail_tokens where token_hash = $1',
      [hashToken(hash)],
    );
    expect(used!.used_at).not.toBeNull();

    const again = await post(t.app, '/auth/email/confirm', { hash });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { hash: ['FORM_INVALID_CONFIRMATION_HASH'] } });
  });

  it('refuses an expired, unknown or malformed hash', async () => {
    const a = await register(t.app);
    const hash = confirmHash(a.email);
    await t.db.query(
      `update mail_tokens set expires_at = now() - interval '1 minute' where token_hash = $1`,
      [hashToken(hash)],
    );
    const expired = await post(t.app, '/auth/email/confirm', { hash });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ errors: { hash: ['FORM_INVALID_CONFIRMATION_HASH'] } });
    const user = await t.db.one<{ email_verified_at: Date | null }>(
      'select email_verified_at from users where id = $1',
      [a.user.id],
    );
    expect(user!.email_verified_at).toBeNull();

    const unknown = await post(t.app, '/auth/email/confirm', { hash: 'a'.repeat(43) });
    expect(unknown.json()).toEqual({ errors: { hash: ['FORM_INVALID_CONFIRMATION_HASH'] } });
    const short = await post(t.app, '/auth/email/confirm', { hash: 'abc' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ errors: { hash: ['FORM_INVALID_CONFIRMATION_HASH'] } });
    const missing = await post(t.app, '/auth/email/confirm', {});
    expect(missing.json()).toEqual({ errors: { hash: ['FORM_INVALID_CONFIRMATION_HASH'] } });
  });

  it('a reset link is not a confirmation link', async () => {
    const a = await register(t.app);
    await post(t.app, '/auth/password/forgot', { email: a.email });
    const res = await post(t.app, '/auth/email/confirm', { hash: (await resetToken(a.email)) });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /auth/email/resend', () => {
  it('needs a token', async () => {
    const res = await post(t.app, '/auth/email/resend');
    expect(res.statusCode).toBe(401);
  });

  it('sends a new link; both links work until one is used', async () => {
    const a = await register(t.app);
    const first = confirmHash(a.email);
    const res = await post(t.app, '/auth/email/resend', undefined, { token: a.token });
    expect(res.json()).toEqual({ success: 'EMAIL_VERIFICATION_SENT' });
    const second = confirmHash(a.email);
    expect(second).not.toBe(first);
    expect((await post(t.app, '/auth/email/confirm', { hash: second })).statusCode).toBe(200);
    // Using one voids the others.
    expect((await post(t.app, '/auth/email/confirm', { hash: first })).statusCode).toBe(422);
  });

  it('refuses once the address is verified', async () => {
    const a = await register(t.app);
    await post(t.app, '/auth/email/confirm', { hash: confirmHash(a.email) });
    const res = await post(t.app, '/auth/email/resend', undefined, { token: a.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { general: ['FORM_EMAIL_ALREADY_VERIFIED'] } });
  });

  it('is rate limited per IP (5 per 15 minutes), whatever the token, and per account (10 links an hour)', async () => {
    const a = await register(t.app);
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await post(t.app, '/auth/email/resend', undefined, { token: a.token, ip })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await post(t.app, '/auth/email/resend', undefined, { token: a.token, ip });
    expect(res.json()).toEqual({ errors: { general: ['FORM_TOO_MANY_REQUESTS'] } });
    // Another account from that address gets no fresh bucket.
    const b = await register(t.app);
    expect((await post(t.app, '/auth/email/resend', undefined, { token: b.token, ip })).statusCode).toBe(429);
    // From other addresses the account's own cap applies: 10 confirmation links an hour (sign-up sent one).
    const more: number[] = [];
    for (let i = 0; i < 5; i++) more.push((await post(t.app, '/auth/email/resend', undefined, { token: a.token })).statusCode);
    expect(more).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('password reset', () => {
  it('always answers the same, and mails only existing password accounts', async () => {
    const a = await register(t.app);
    const g = uniqueEmail('google');
    await t.db.query(
      `insert into users (name, email, auth_provider, google_sub) values ('G User', $1, 'google', $2)`,
      [g, `sub-${g}`],
    );
    const before = t.app.mailer.sent.length;
    const known = await post(t.app, '/auth/password/forgot', { email: a.email.toUpperCase() });
    const unknown = await post(t.app, '/auth/password/forgot', { email: uniqueEmail('nimeni') });
    const google = await post(t.app, '/auth/password/forgot', { email: g });
    for (const r of [known, unknown, google]) {
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ success: 'PASSWORD_RESET_SENT' });
    }
    await afterReplySettled();
    const sent = t.app.mailer.sent.slice(before);
    expect(sent.map((m) => m.to)).toEqual([a.email]);
    const mail = sent[0]!;
    expect(mail.subject).toBe('Resetarea parolei pentru MedGrile');
    expect(mail.text).toContain('60 de minute');
    expect(mail.text).toContain('Echipa MedGrile');
    expect(mail.links[0]).toMatch(/^https:\/\/grilio\.test\/resetare-parola\?token=[\w-]{40,}$/);
    const row = await t.db.one<{ minutes: number; purpose: string }>(
      `select purpose, extract(epoch from (expires_at - now()))::float / 60 as minutes from mail_tokens where token_hash = $1`,
      [hashToken((await resetToken(a.email)))],
    );
    expect(row!.purpose).toBe('reset_password');
    expect(row!.minutes).toBeGreaterThan(59.5);
    expect(row!.minutes).toBeLessThanOrEqual(60);
  });

  it('does the same work for known and unknown addresses on the request path: the mail goes after the answer', async () => {
    const a = await register(t.app);
    const mailsBefore = t.app.mailer.sent.length;
    const resetLinks = async () =>
      (await t.db.one<{ n: number }>(
        "select count(*)::int as n from mail_tokens where user_id = $1 and purpose = 'reset_password'",
        [a.user.id],
      ))!.n;
    const release = holdAfterReplyTasks();
    let known, unknown;
    try {
      known = await post(t.app, '/auth/password/forgot', { email: a.email });
      unknown = await post(t.app, '/auth/password/forgot', { email: uniqueEmail('nimeni') });
      // Answered alike, and for the known address nothing was looked up, stored or mailed yet.
      expect(await resetLinks()).toBe(0);
      expect(t.app.mailer.sent.length).toBe(mailsBefore);
    } finally {
      release();
    }
    for (const r of [known, unknown]) {
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ success: 'PASSWORD_RESET_SENT' });
    }
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    await afterReplySettled();
    expect(await resetLinks()).toBe(1);
    const sent = t.app.mailer.sent.slice(mailsBefore);
    expect(sent.map((m) => m.to)).toEqual([a.email]);
    // The outbox still gets its .eml file (development and the e2e tests read it).
    expect(existsSync(sent[0]!.file!)).toBe(true);
  });

  it('a mail that cannot be sent after the answer is logged, not lost silently', async () => {
    const a = await register(t.app);
    const errors: unknown[] = [];
    const log = { error: (obj: unknown) => errors.push(obj) };
    afterReply(log, 'test mail', async () => {
      throw new Error('smtp down');
    });
    await afterReplySettled();
    expect(errors).toHaveLength(1);
    expect((await post(t.app, '/auth/password/forgot', { email: a.email })).statusCode).toBe(200);
  });

  it('validates the forgot body', async () => {
    const res = await post(t.app, '/auth/password/forgot', { email: 'nu' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['FORM_EMAIL_INVALID'] } });
  });

  it('sets the new password, signs out every device and works once', async () => {
    const a = await register(t.app);
    const other = (await post(t.app, '/auth/login', { email: a.email, password: a.password })).json()
      .token as string;
    await post(t.app, '/auth/password/forgot', { email: a.email });
    const token = (await resetToken(a.email));
    const res = await post(t.app, '/auth/password/reset', {
      token,
      password: 'ParolaNoua2026',
      password_confirmation: 'ParolaNoua2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'PASSWORD_RESET_SUCCESSFUL' });

    for (const tok of [a.token, other])
      expect((await post(t.app, '/logout', undefined, { token: tok })).statusCode).toBe(401);
    expect((await post(t.app, '/auth/login', { email: a.email, password: a.password })).statusCode).toBe(422);
    const ok = await post(t.app, '/auth/login', { email: a.email, password: 'ParolaNoua2026' });
    expect(ok.statusCode).toBe(200);
    // Following the link proved the mailbox.
    expect(ok.json().user.email_verified_at).not.toBeNull();

    const again = await post(t.app, '/auth/password/reset', {
      token,
      password: 'AltaParola2026',
      password_confirmation: 'AltaParola2026',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { token: ['FORM_WRONG_RESET_TOKEN'] } });
  });

  it('refuses an expired link and leaves the password alone', async () => {
    const a = await register(t.app);
    await post(t.app, '/auth/password/forgot', { email: a.email });
    const token = (await resetToken(a.email));
    await t.db.query(
      `update mail_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(token)],
    );
    const res = await post(t.app, '/auth/password/reset', {
      token,
      password: 'ParolaNoua2026',
      password_confirmation: 'ParolaNoua2026',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { token: ['FORM_WRONG_RESET_TOKEN'] } });
    expect((await post(t.app, '/auth/login', { email: a.email, password: a.password })).statusCode).toBe(200);
    // A confirmation link is not a reset link either.
    const wrongKind = await post(t.app, '/auth/password/reset', {
      token: confirmHash(a.email),
      password: 'ParolaNoua2026',
      password_confirmation: 'ParolaNoua2026',
    });
    expect(wrongKind.json()).toEqual({ errors: { token: ['FORM_WRONG_RESET_TOKEN'] } });
  });

  it('using one reset link voids the older ones', async () => {
    const a = await register(t.app);
    await post(t.app, '/auth/password/forgot', { email: a.email });
    const first = (await resetToken(a.email));
    await post(t.app, '/auth/password/forgot', { email: a.email });
    const second = (await resetToken(a.email));
    expect(second).not.toBe(first);
    const body = { password: 'ParolaNoua2026', password_confirmation: 'ParolaNoua2026' };
    expect((await post(t.app, '/auth/password/reset', { token: second, ...body })).statusCode).toBe(200);
    expect((await post(t.app, '/auth/password/reset', { token: first, ...body })).statusCode).toBe(422);
  });

  it('validates the reset body', async () => {
    const res = await post(t.app, '/auth/password/reset', {
      token: 'x'.repeat(43),
      password: 'scurta',
      password_confirmation: 'alta',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['FORM_PASSWORD_TOO_SHORT']);
    const mismatch = await post(t.app, '/auth/password/reset', {
      token: 'x'.repeat(43),
      password: 'ParolaNoua2026',
      password_confirmation: 'ParolaNoua2027',
    });
    expect(mismatch.json()).toEqual({
      errors: { password_confirmation: ['FORM_PASSWORD_CONFIRMATION_MISMATCH'] },
    });
    const missing = await post(t.app, '/auth/password/reset', {});
    expect(missing.json().errors).toMatchObject({
      token: ['FORM_WRONG_RESET_TOKEN'],
      password: ['FORM_PASSWORD_REQUIRED'],
    });
  });

  it('forgot is rate limited per IP (5 per 15 minutes)', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await post(t.app, '/auth/password/forgot', { email: uniqueEmail('x') }, { ip })).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(
      (await post(t.app, '/auth/password/forgot', { email: uniqueEmail('x') }, { ip: nextIp() })).statusCode,
    ).toBe(200);
  });

  it('mails one account at most 5 reset links an hour', async () => {
    const a = await register(t.app);
    const before = t.app.mailer.sent.length;
    for (let i = 0; i < 7; i++) {
      expect((await post(t.app, '/auth/password/forgot', { email: a.email })).statusCode).toBe(200);
    }
    await afterReplySettled();
    expect(t.app.mailer.sent.slice(before).filter((m) => m.to === a.email)).toHaveLength(5);
  });
});

describe('mail templates', () => {
  it('are Romanian, in HTML and text, with the link and the product', () => {
    const c = confirmEmailMail({
      product: 'Grilio',
      name: 'Ana <b>Pop</b>',
      link: 'https://g.test/confirma-email?hash=a&b',
      hours: 48,
    });
    expect(c.subject).toBe('Confirmă adresa de email pentru Grilio');
    expect(c.text).toContain('https://g.test/confirma-email?hash=a&b');
    expect(c.text).toContain('Bună, Ana <b>Pop</b>!');
    expect(c.html).toContain('href="https://g.test/confirma-email?hash=a&amp;b"');
    expect(c.html).not.toContain('<b>Pop</b>');
    expect(c.html).toContain('Ana &lt;b&gt;Pop&lt;/b&gt;');
    expect(c.text).toMatch(/Îți mulțumim/);
    expect(c.text).not.toMatch(/[şţŞŢ]/); // comma-below ș ț only
    const r = resetPasswordMail({
      product: 'Grilio',
      name: 'Ana Pop',
      link: 'https://g.test/resetare-parola?token=x',
      minutes: 60,
    });
    expect(r.text).toContain('Linkul este valabil 60 de minute');
    expect(r.html).toContain('Alege o parolă nouă');
    expect(r.text + r.html).not.toMatch(/[şţŞŢ]/);
  });

  it('agree numerals the Romanian way', () => {
    expect(roCount(1, 'o oră', 'ore')).toBe('o oră');
    expect(roCount(2, 'o oră', 'ore')).toBe('2 ore');
    expect(roCount(19, 'un minut', 'minute')).toBe('19 minute');
    expect(roCount(20, 'un minut', 'minute')).toBe('20 de minute');
    expect(roCount(48, 'o oră', 'ore')).toBe('48 de ore');
    expect(roCount(100, 'o oră', 'ore')).toBe('100 de ore');
    expect(roCount(105, 'o oră', 'ore')).toBe('105 ore');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { bearer, createUser } from './users-fixture.ts';
import { setCaptchaDefaults } from '../../server/lib/captcha.ts';

let t: TestApp;
let ipSeq = 0;
/** A fresh client address per test, so the per-IP limit only shows where a test wants it. */
const nextIp = () => `10.0.0.${++ipSeq}`;

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'suport@grilio.test' });
});
afterAll(() => t.close());

const good = {
  name: 'Popescu Ana',
  email: 'ana@exemplu.ro',
  message: 'Bună ziua, am o întrebare despre abonament.',
};
const post = (payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.headers,
  });

describe('POST /contact', () => {
  it('stores the message and mails support with reply-to the sender', async () => {
    const res = await post({ ...good, message: 'Salut <b>echipă</b>, am o întrebare & o sugestie.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'CONTACT_MESSAGE_SENT' });
    const row = await t.db.one<{ user_id: number | null; name: string; email: string; message: string }>(
      'select user_id, name, email, message from contact_messages order by id desc limit 1',
    );
    expect(row).toEqual({
      user_id: null,
      name: 'Popescu Ana',
      email: 'ana@exemplu.ro',
      message: 'Salut <b>echipă</b>, am o întrebare & o sugestie.',
    });
    const mail = t.app.mailer.sent.at(-1)! as {
      to: string;
      replyTo?: string;
      subject: string;
      html: string;
      text: string;
    };
    expect(mail.to).toBe('suport@grilio.test');
    expect(mail.replyTo).toBe('ana@exemplu.ro');
    expect(readFileSync((mail as { file?: string }).file!, 'utf8')).toMatch(/^Reply-To: ana@exemplu\.ro$/m);
    expect(mail.subject).toContain('Popescu Ana');
    expect(mail.text).toContain('vizitator neautentificat');
    expect(mail.html).toContain('&lt;b&gt;echipă&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>echipă</b>');
  });

  it('links the message to the signed-in user when a token comes', async () => {
    const u = await createUser(t.db);
    const res = await post(good, { headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    const row = await t.db.one<{ user_id: number }>(
      'select user_id from contact_messages order by id desc limit 1',
    );
    expect(row!.user_id).toBe(u.id);
  });

  it('ignores an invalid token (still public)', async () => {
    const res = await post(good, { headers: bearer('x'.repeat(43)) });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{}, { name: 'FORM_NAME_REQUIRED', email: 'FORM_EMAIL_REQUIRED', message: 'FORM_MESSAGE_REQUIRED' }],
    [{ ...good, name: 'Ana' }, { name: 'FORM_NAME_TWO_WORDS' }],
    [{ ...good, email: 'ana' }, { email: 'FORM_EMAIL_INVALID' }],
    [{ ...good, message: 'scurt' }, { message: 'FORM_MESSAGE_TOO_SHORT' }],
    [{ ...good, message: 'a'.repeat(5001) }, { message: 'FORM_MESSAGE_TOO_LONG' }],
    [{ ...good, message: 42 }, { message: 'FORM_MESSAGE_REQUIRED' }],
  ])('validates %j', async (payload, expected) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(422);
    for (const [field, code] of Object.entries(expected)) expect(res.json().errors[field]).toContain(code);
  });

  it('refuses oversized bodies', async () => {
    const res = await post({ ...good, pad: 'x'.repeat(40 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: { general: ['FORM_PAYLOAD_TOO_LARGE'] } });
  });

  it('allows 5 messages per IP in 10 minutes, then 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await post(good, { ip })).statusCode).toBe(200);
    const res = await post(good, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errors: { general: ['FORM_TOO_MANY_REQUESTS'] } });
    expect((await post(good)).statusCode).toBe(200);
  });
});

describe('POST /contact with captcha configured', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ RECAPTCHA_SECRET: 'secret', RECAPTCHA_SITE_KEY: 'site' });
    setCaptchaDefaults({
      fetch: async (_url, init) => {
        const token = new URLSearchParams(init.body).get('response');
        return { ok: true, json: async () => ({ success: token === 'bun', score: 0.9 }) };
      },
    });
  });
  afterAll(() => c.close());
  const send = (payload: object) =>
    c.app.inject({ method: 'POST', url: '/api/v1/contact', payload, remoteAddress: nextIp() });

  it('requires a passing token', async () => {
    const missing = await send(good);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { captcha: ['FORM_CAPTCHA_REQUIRED'] } });
    const bad = await send({ ...good, captcha: 'rau' });
    expect(bad.json()).toEqual({ errors: { captcha: ['FORM_CAPTCHA_FAILED'] } });
    const ok = await send({ ...good, captcha: 'bun' });
    expect(ok.statusCode).toBe(200);
    const n = await c.db.one<{ n: number }>('select count(*)::int as n from contact_messages');
    expect(n!.n).toBe(1);
  });
});

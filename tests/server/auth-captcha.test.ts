// reCAPTCHA v3 on register, login and forgot-password, against a local stand-in of siteverify.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, register, uniqueEmail, PASSWORD, localServer, nextIp } from './fixtures/auth.ts';
import { setCaptchaDefaults, verifyCaptcha, SITEVERIFY_URL } from '../../server/lib/captcha.ts';
import type { AppError } from '../../server/lib/errors.ts';

let t: TestApp;
let verifier: Awaited<ReturnType<typeof localServer>>;
const seen: Array<Record<string, string>> = [];

// Token → siteverify answer.
const ANSWERS: Record<string, { status?: number; body: unknown }> = {
  good: { body: { success: true, score: 0.9, action: 'login', hostname: 'grilio.test' } },
  edge: { body: { success: true, score: 0.5, action: 'login' } },
  low: { body: { success: true, score: 0.1 } },
  lowok: { body: { success: true, score: 0.3 } },
  bad: { body: { success: false, 'error-codes': ['invalid-input-response'] } },
  broken: { status: 500, body: { error: 'down' } },
};

beforeAll(async () => {
  verifier = await localServer((req, body, res) => {
    const form = Object.fromEntries(new URLSearchParams(body));
    seen.push({ ...form, method: req.method ?? '', type: String(req.headers['content-type']) });
    const a = ANSWERS[form.response ?? ''] ?? { body: { success: false } };
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a.body));
  });
  setCaptchaDefaults({ url: `${verifier.url}/recaptcha/api/siteverify` });
  t = await createTestApp({ RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_MIN_SCORE: '0.5' });
});
afterAll(async () => {
  setCaptchaDefaults({ url: SITEVERIFY_URL });
  await t.close();
  await verifier.close();
});

const newAccount = (captcha?: string) => ({
  name: 'Ana Popescu',
  email: uniqueEmail(),
  password: PASSWORD,
  terms: true,
  ...(captcha ? { captcha } : {}),
});

describe('captcha on', () => {
  it('register needs a token', async () => {
    const res = await post(t.app, '/auth/register', newAccount());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { captcha: ['FORM_CAPTCHA_REQUIRED'] } });
  });

  it('register passes with a good token, sending secret, token and client IP to the verifier', async () => {
    const res = await post(t.app, '/auth/register', newAccount('good'), { ip: '10.9.8.7' });
    expect(res.statusCode).toBe(201);
    expect(seen.at(-1)).toMatchObject({
      secret: 'test-secret',
      response: 'good',
      remoteip: '10.9.8.7',
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
    });
  });

  it('refuses a rejected token, a low score and a failing verifier', async () => {
    for (const token of ['bad', 'low', 'lowok', 'broken', 'unknown']) {
      const res = await post(t.app, '/auth/register', newAccount(token));
      expect(res.statusCode, token).toBe(422);
      expect(res.json(), token).toEqual({ errors: { captcha: ['FORM_CAPTCHA_FAILED'] } });
    }
    // The minimum score itself is enough.
    expect((await post(t.app, '/auth/register', newAccount('edge'))).statusCode).toBe(201);
  });

  it('login and forgot-password need it too', async () => {
    const email = uniqueEmail();
    expect((await post(t.app, '/auth/register', { ...newAccount('good'), email })).statusCode).toBe(201);
    expect((await post(t.app, '/auth/login', { email, password: PASSWORD })).json()).toEqual({
      errors: { captcha: ['FORM_CAPTCHA_REQUIRED'] },
    });
    expect((await post(t.app, '/auth/login', { email, password: PASSWORD, captcha: 'bad' })).json()).toEqual({
      errors: { captcha: ['FORM_CAPTCHA_FAILED'] },
    });
    expect(
      (await post(t.app, '/auth/login', { email, password: PASSWORD, captcha: 'good' })).statusCode,
    ).toBe(200);
    expect((await post(t.app, '/auth/password/forgot', { email })).json()).toEqual({
      errors: { captcha: ['FORM_CAPTCHA_REQUIRED'] },
    });
    expect((await post(t.app, '/auth/password/forgot', { email, captcha: 'good' })).json()).toEqual({
      success: 'PASSWORD_RESET_SENT',
    });
  });
});

describe('repeated wrong passwords with captcha on (issue 11 §2)', () => {
  it('ask for the captcha and never refuse the owner, even from the guesser’s address', async () => {
    const a = { email: uniqueEmail(), password: PASSWORD };
    expect((await post(t.app, '/auth/register', { ...newAccount('good'), email: a.email })).statusCode).toBe(201);
    const ip = nextIp();
    // More failures than LOGIN_RATE_PER_ACCOUNT (5) from one address, each with a passing captcha.
    for (let i = 0; i < 7; i++) {
      const res = await post(t.app, '/auth/login', { email: a.email, password: 'ParolaGresita1', captcha: 'good' }, { ip });
      expect(res.json()).toEqual({ errors: { general: ['FORM_WRONG_CREDENTIALS'] } });
    }
    expect((await post(t.app, '/auth/login', { email: a.email, password: a.password }, { ip })).json()).toEqual({
      errors: { captcha: ['FORM_CAPTCHA_REQUIRED'] },
    });
    const owner = await post(t.app, '/auth/login', { email: a.email, password: a.password, captcha: 'good' }, { ip });
    expect(owner.statusCode).toBe(200);
  });
});

describe('captcha off', () => {
  it('is not asked for when RECAPTCHA_SECRET is not set', async () => {
    const saved = t.app.config.RECAPTCHA_SECRET;
    t.app.config.RECAPTCHA_SECRET = undefined;
    const calls = seen.length;
    try {
      const a = await register(t.app);
      expect((await post(t.app, '/auth/login', { email: a.email, password: a.password })).statusCode).toBe(
        200,
      );
      expect((await post(t.app, '/auth/password/forgot', { email: a.email })).statusCode).toBe(200);
      // Even a token that would fail is ignored.
      expect((await post(t.app, '/auth/register', newAccount('bad'))).statusCode).toBe(201);
      expect(seen.length).toBe(calls);
    } finally {
      t.app.config.RECAPTCHA_SECRET = saved;
    }
  });
});

describe('verifyCaptcha', () => {
  const cfg = { RECAPTCHA_SECRET: 's', RECAPTCHA_MIN_SCORE: 0.5 };
  const fail = (p: Promise<void>) =>
    p.then(
      () => null,
      (e: unknown) => (e as AppError).body,
    );

  it('uses an injected fetch and checks the action when asked', async () => {
    const fetch = async () => ({
      ok: true,
      json: async () => ({ success: true, score: 0.7, action: 'contact' }),
    });
    await expect(
      verifyCaptcha(cfg, 'tok', '1.2.3.4', { fetch, expectedAction: 'contact' }),
    ).resolves.toBeUndefined();
    expect(await fail(verifyCaptcha(cfg, 'tok', '1.2.3.4', { fetch, expectedAction: 'login' }))).toEqual({
      errors: { captcha: ['FORM_CAPTCHA_FAILED'] },
    });
    expect(
      await fail(verifyCaptcha({ ...cfg, RECAPTCHA_MIN_SCORE: 0.8 }, 'tok', undefined, { fetch })),
    ).toEqual({ errors: { captcha: ['FORM_CAPTCHA_FAILED'] } });
    expect(await fail(verifyCaptcha(cfg, '  ', undefined, { fetch }))).toEqual({
      errors: { captcha: ['FORM_CAPTCHA_REQUIRED'] },
    });
    await expect(
      verifyCaptcha({ RECAPTCHA_SECRET: undefined, RECAPTCHA_MIN_SCORE: 0.5 }, undefined, undefined),
    ).resolves.toBeUndefined();
  });

  it('fails closed when the verifier is unreachable or slow', async () => {
    expect(
      await fail(verifyCaptcha(cfg, 'tok', undefined, { url: 'http://127.0.0.1:9/siteverify' })),
    ).toEqual({ errors: { captcha: ['FORM_CAPTCHA_FAILED'] } });
    // A verifier that never answers: the request is aborted after timeoutMs.
    const hanging = (_u: string, init: { signal: AbortSignal }) =>
      new Promise<never>((_, reject) =>
        init.signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const timed = verifyCaptcha(cfg, 'tok', undefined, { fetch: hanging, timeoutMs: 50 });
    expect(await fail(timed)).toEqual({ errors: { captcha: ['FORM_CAPTCHA_FAILED'] } });
  });
});

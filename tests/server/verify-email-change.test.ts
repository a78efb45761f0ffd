// Issue 11 §4.6: a candidate who registered with a mistyped address corrects it while still
// unverified (the form on /verifica-email uses PUT /user/email): the confirmation goes to the new
// address, the old link stops working, the new one verifies the account; the call is rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { PASSWORD, lastLinkToken, post, register, uniqueEmail } from './fixtures/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const putEmail = (token: string, payload: object, ip = '10.99.0.1') =>
  t.app.inject({ method: 'PUT', url: '/api/v1/user/email', headers: { authorization: `Bearer ${token}` }, payload, remoteAddress: ip });

describe('correcting the address before confirming it', () => {
  it('an unverified account changes its address and confirms the new one', async () => {
    const typo = uniqueEmail('ana').replace('@exemplu.ro', '@exmplu.ro');
    const a = await register(t.app, { email: typo });
    const oldHash = lastLinkToken(t.app, typo, '/confirma-email', 'hash');
    const fixed = uniqueEmail('ana');

    const res = await putEmail(a.token, { email: fixed, password: PASSWORD }, '10.99.1.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ email: fixed, email_verified_at: null });

    // The confirmation is re-sent to the new address; the link sent to the typo no longer works.
    const newHash = lastLinkToken(t.app, fixed, '/confirma-email', 'hash');
    expect(newHash).not.toBe(oldHash);
    expect((await post(t.app, '/auth/email/confirm', { hash: oldHash })).statusCode).toBe(422);
    const ok = await post(t.app, '/auth/email/confirm', { hash: newHash });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(fixed);
    expect(typeof ok.json().user.email_verified_at).toBe('string');
  });

  it('needs the password and is rate-limited', async () => {
    const a = await register(t.app);
    const wrong = await putEmail(a.token, { email: uniqueEmail(), password: 'nu-e-parola' }, '10.99.2.1');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['FORM_CURRENT_PASSWORD_WRONG']);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await putEmail(a.token, { email: uniqueEmail(), password: 'nu-e-parola' }, '10.99.3.1')).statusCode);
    expect(codes).toContain(429);
  });
});

// Login throttling on the login_attempts table: failures per IP and per account within a window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, register, uniqueEmail, nextIp } from './fixtures/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_RATE_PER_ACCOUNT: '3',
    LOGIN_RATE_PER_IP: '5',
    LOGIN_RATE_WINDOW_MIN: '15',
  });
});
afterAll(() => t.close());

const TOO_MANY = { errors: { general: ['FORM_TOO_MANY_LOGIN_ATTEMPTS'] } };
const login = (email: string, password: string, ip = nextIp()) =>
  post(t.app, '/auth/login', { email, password }, { ip });

describe('login rate limits', () => {
  it('locks an account after LOGIN_RATE_PER_ACCOUNT failures, from any IP, even with the right password', async () => {
    const a = await register(t.app);
    for (let i = 0; i < 3; i++) expect((await login(a.email, 'ParolaGresita1')).statusCode).toBe(422);
    const locked = await login(a.email, a.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    // Another account is not affected.
    const b = await register(t.app);
    expect((await login(b.email, b.password)).statusCode).toBe(200);
    // An unknown address is throttled the same way (no hint that it does not exist).
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++) expect((await login(ghost, 'ParolaGresita1')).statusCode).toBe(422);
    expect((await login(ghost, 'ParolaGresita1')).json()).toEqual(TOO_MANY);
  });

  it('opens again once the failures leave the window', async () => {
    const a = await register(t.app);
    for (let i = 0; i < 3; i++) await login(a.email, 'ParolaGresita1');
    expect((await login(a.email, a.password)).statusCode).toBe(429);
    await t.db.query(
      `update login_attempts set created_at = now() - interval '16 minutes' where email = $1`,
      [a.email],
    );
    expect((await login(a.email, a.password)).statusCode).toBe(200);
  });

  it('locks an IP after LOGIN_RATE_PER_IP failures, across accounts', async () => {
    const ip = nextIp();
    const a = await register(t.app);
    for (let i = 0; i < 5; i++)
      expect((await login(uniqueEmail('scan'), 'ParolaGresita1', ip)).statusCode).toBe(422);
    const blocked = await login(a.email, a.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    // The same account from another address is fine.
    expect((await login(a.email, a.password, nextIp())).statusCode).toBe(200);
    // The blocked attempts were not recorded: only the 5 failures count for that IP.
    const n = await t.db.one<{ n: number }>('select count(*)::int as n from login_attempts where ip = $1', [
      ip,
    ]);
    expect(n!.n).toBe(5);
  });

  it('does not count successful logins', async () => {
    const a = await register(t.app);
    const ip = nextIp();
    for (let i = 0; i < 7; i++) expect((await login(a.email, a.password, ip)).statusCode).toBe(200);
  });

  it('a successful login clears the account counter', async () => {
    const a = await register(t.app);
    await login(a.email, 'ParolaGresita1');
    await login(a.email, 'ParolaGresita1');
    expect((await login(a.email, a.password)).statusCode).toBe(200);
    await login(a.email, 'ParolaGresita1');
    await login(a.email, 'ParolaGresita1');
    expect((await login(a.email, a.password)).statusCode).toBe(200);
  });
});

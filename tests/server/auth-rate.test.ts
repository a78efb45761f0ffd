// Login throttling on the login_attempts table (issue 11 §2): failures count per (account, IP)
// pair and per IP, never per account alone, so strangers' wrong passwords never lock the owner
// out; a failing pair waits progressively longer. Route limits are keyed by IP only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, register, uniqueEmail, nextIp } from './fixtures/auth.ts';
import { LOGIN_DELAY_BASE_S, pairDelaySeconds } from '../../server/modules/auth/service.ts';
import { pairFailures } from '../../server/modules/auth/queries.ts';

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
/** Moves the failures of a pair into the past, as if `seconds` had gone by. */
const age = (email: string, ip: string, seconds: number) =>
  t.db.query(
    `update login_attempts set created_at = created_at - $3::int * interval '1 second' where email = $1 and ip = $2`,
    [email, ip, seconds],
  );

describe('login throttling', () => {
  it('wrong passwords from strangers never lock the owner out', async () => {
    const a = await register(t.app);
    // Ten strangers, each from their own address, three wrong guesses each.
    for (let s = 0; s < 10; s++) {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect((await login(a.email, 'ParolaGresita1', ip)).statusCode).toBe(422);
    }
    expect((await login(a.email, a.password)).statusCode).toBe(200);
  });

  it('a failing (account, IP) pair waits, twice as long after each further failure; others do not', async () => {
    const a = await register(t.app);
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await login(a.email, 'ParolaGresita1', ip)).statusCode).toBe(422);
    // Waiting: even the right password is not checked, and the refusal says for how long.
    const waiting = await login(a.email, a.password, ip);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual(TOO_MANY);
    const retry = Number(waiting.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LOGIN_DELAY_BASE_S);
    // The owner elsewhere is not affected.
    expect((await login(a.email, a.password)).statusCode).toBe(200);

    // Once the wait is over the pair may try again; another failure doubles the wait.
    await age(a.email, ip, LOGIN_DELAY_BASE_S + 1);
    expect((await login(a.email, 'ParolaGresita1', ip)).statusCode).toBe(422);
    const longer = await login(a.email, a.password, ip);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(LOGIN_DELAY_BASE_S);
    await age(a.email, ip, 2 * LOGIN_DELAY_BASE_S + 1);
    // The right password after the wait signs in and clears the pair.
    expect((await login(a.email, a.password, ip)).statusCode).toBe(200);
    expect(await pairFailures(t.db, ip, a.email, 15)).toMatchObject({ n: 0 });
  });

  it('the wait grows by doubling and never exceeds the window', () => {
    const c = { LOGIN_RATE_PER_ACCOUNT: 5, LOGIN_RATE_WINDOW_MIN: 15 };
    expect([4, 5, 6, 7, 10, 30].map((n) => pairDelaySeconds(n, c))).toEqual([0, 30, 60, 120, 900, 900]);
  });

  it('an unknown address is throttled the same way (no hint that it does not exist)', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await login(ghost, 'ParolaGresita1', ip)).statusCode).toBe(422);
    expect((await login(ghost, 'ParolaGresita1', ip)).json()).toEqual(TOO_MANY);
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

  it('opens an IP again once the failures leave the window', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await login(uniqueEmail('scan'), 'ParolaGresita1', ip);
    const a = await register(t.app);
    expect((await login(a.email, a.password, ip)).statusCode).toBe(429);
    await t.db.query(`update login_attempts set created_at = now() - interval '16 minutes' where ip = $1`, [ip]);
    expect((await login(a.email, a.password, ip)).statusCode).toBe(200);
  });

  it('does not count successful logins', async () => {
    const a = await register(t.app);
    const ip = nextIp();
    for (let i = 0; i < 7; i++) expect((await login(a.email, a.password, ip)).statusCode).toBe(200);
  });
});

describe('route rate limits are keyed by IP, never by the token', () => {
  it('a bearer token does not open a fresh bucket for forgot-password', async () => {
    const a = await register(t.app);
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await post(t.app, '/auth/password/forgot', { email: uniqueEmail('x') }, { ip })).statusCode).toBe(200);
    const withToken = await post(t.app, '/auth/password/forgot', { email: a.email }, { ip, token: a.token });
    expect(withToken.statusCode).toBe(429);
    const otherToken = await post(t.app, '/auth/password/forgot', { email: a.email }, { ip, token: (await register(t.app)).token });
    expect(otherToken.statusCode).toBe(429);
  });

  it('nor for the confirmation mail resend', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    // Six accounts, one address: the sixth resend within the window is refused.
    for (let i = 0; i < 6; i++) {
      const a = await register(t.app);
      codes.push((await post(t.app, '/auth/email/resend', undefined, { ip, token: a.token })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

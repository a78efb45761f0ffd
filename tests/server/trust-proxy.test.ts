// Behind nginx (`X-Forwarded-For $proxy_add_x_forwarded_for`) the client writes the left of that
// header and the proxy appends the address it saw. TRUST_PROXY=true must believe only that last
// entry: believing the leftmost let a client choose a fresh address per request and walk past
// every limit keyed on the IP (found with "6.6.6.6, 203.0.113.9" read as 6.6.6.6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, register } from './fixtures/auth.ts';
import { loadConfig } from '../../server/config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', LOGIN_RATE_PER_IP: '4', LOGIN_RATE_PER_ACCOUNT: '100' });
});
afterAll(() => t.close());

/** A login through the proxy at 127.0.0.1 from the client `real`, who claims to be `claimed`. */
const loginVia = (email: string, claimed: string, real: string) =>
  post(t.app, '/auth/login', { email, password: 'ParolaGresita1' }, { ip: '127.0.0.1', headers: { 'x-forwarded-for': `${claimed}, ${real}` } });

describe('TRUST_PROXY', () => {
  it('keys the limits on the address the proxy saw, not on one the client wrote', async () => {
    const victims = await Promise.all([0, 1, 2, 3, 4].map(() => register(t.app)));
    const codes: number[] = [];
    // One client, a new made-up address and another account each time: a scanner's walk.
    for (let i = 0; i < victims.length; i++) codes.push((await loginVia(victims[i]!.email, `6.6.6.${i + 1}`, '203.0.113.9')).statusCode);
    expect(codes.slice(0, 4)).toEqual([422, 422, 422, 422]);
    expect(codes[4]).toBe(429);
    // Another client behind the same proxy is not refused for it.
    const other = await loginVia(victims[0]!.email, '6.6.6.1', '203.0.113.10');
    expect(other.statusCode).toBe(422);
  });

  it('believes no header from a client that reaches the server directly', async () => {
    const victims = await Promise.all([0, 1, 2, 3, 4].map(() => register(t.app)));
    const codes: number[] = [];
    for (let i = 0; i < victims.length; i++) {
      const r = await post(t.app, '/auth/login', { email: victims[i]!.email, password: 'ParolaGresita1' }, { ip: '198.51.100.7', headers: { 'x-forwarded-for': `6.6.7.${i + 1}` } });
      codes.push(r.statusCode);
    }
    expect(codes).toEqual([422, 422, 422, 422, 429]);
  });

});

describe('TRUST_PROXY values', () => {
  const read = (v: string) => loadConfig({}, { NODE_ENV: 'test', TRUST_PROXY: v }).TRUST_PROXY;
  it('takes none, the loopback proxy, or addresses and networks', () => {
    expect(read('false')).toBe(false);
    expect(read('true')).toBe('loopback');
    expect(read('10.0.0.5, 10.1.0.0/16,uniquelocal, ::1')).toBe('10.0.0.5,10.1.0.0/16,uniquelocal,::1');
  });
  it('refuses what is no address, and names the variable', () => {
    for (const bad of ['*', '2', '10.0.0.0/33', 'nginx', '10.0.0.1/8/2']) expect(() => read(bad)).toThrow(/TRUST_PROXY/);
  });
});

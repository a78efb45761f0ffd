import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { bearer, createUser } from './users-fixture.ts';

let t: TestApp;
let ipSeq = 0;
const nextIp = () => `10.1.0.${++ipSeq}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type LogRow = {
  user_id: number | null;
  error_message: string;
  error_stack: string | null;
  additional_info: string | null;
  page_url: string | null;
  user_agent: string | null;
  ip: string | null;
};
const lastLog = () =>
  t.db.one<LogRow>(
    'select user_id, error_message, error_stack, additional_info, page_url, user_agent, ip from error_logs order by id desc limit 1',
  );

const post = (payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/error-logs',
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.headers,
  });

const sample = {
  error_message: 'TypeError: x is undefined',
  error_stack: 'at foo (app.js:1:2)',
  additional_info: { component: 'Dashboard', online: true },
  user_id: 5,
  page_url: 'https://grilio.ro/cont/premium',
};

describe('POST /error-logs', () => {
  it('stores an anonymous report with user agent and IP; additional_info as JSON text', async () => {
    const res = await post(sample, { ip: '10.9.9.9', headers: { 'user-agent': 'Vitest/1.0' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    expect(await lastLog()).toEqual({
      user_id: null, // the body's user_id is not trusted
      error_message: sample.error_message,
      error_stack: sample.error_stack,
      additional_info: JSON.stringify(sample.additional_info),
      page_url: sample.page_url,
      user_agent: 'Vitest/1.0',
      ip: '10.9.9.9',
    });
  });

  it('takes the user from the token', async () => {
    const u = await createUser(t.db);
    const res = await post({ ...sample, user_id: u.id + 1000 }, { headers: bearer(u.token) });
    expect(res.statusCode).toBe(201);
    expect((await lastLog())!.user_id).toBe(u.id);
  });

  it('accepts the minimal payload and string/null extras', async () => {
    expect((await post({ error_message: 'x' })).statusCode).toBe(201);
    const res = await post({
      error_message: 'y',
      error_stack: null,
      additional_info: 'text liber',
      user_id: 'abc',
      page_url: null,
    });
    expect(res.statusCode).toBe(201);
    expect(await lastLog()).toMatchObject({
      error_message: 'y',
      additional_info: 'text liber',
      page_url: null,
    });
  });

  it.each([
    [{}, 'error_message', 'FIELD_REQUIRED'],
    [{ error_message: '' }, 'error_message', 'FIELD_REQUIRED'],
    // A wrong type is FIELD_INVALID (the shared plainString rule tells it from a missing field).
    [{ error_message: 5 }, 'error_message', 'FIELD_INVALID'],
    [{ error_message: 'x'.repeat(20_001) }, 'error_message', 'FIELD_TOO_LONG'],
    [{ error_message: 'x', page_url: 'u'.repeat(2001) }, 'page_url', 'FIELD_TOO_LONG'],
    [{ error_message: 'x', additional_info: [1, 2] }, 'additional_info', 'FIELD_INVALID'],
  ])('validates %j', async (payload, field, code) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(code);
  });

  it('refuses bodies over 64 KB with 413', async () => {
    const res = await post({ error_message: 'x', additional_info: { big: 'x'.repeat(70 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: { general: ['FORM_PAYLOAD_TOO_LARGE'] } });
  });

  it('allows 30 reports a minute per IP, then 429 FORM_TOO_MANY_REQUESTS', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++)
      expect((await post({ error_message: `e${i}` }, { ip })).statusCode).toBe(201);
    const res = await post({ error_message: 'prea multe' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errors: { general: ['FORM_TOO_MANY_REQUESTS'] } });
    expect((await post({ error_message: 'alt ip' })).statusCode).toBe(201);
  });
});

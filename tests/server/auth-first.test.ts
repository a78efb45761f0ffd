// Authentication before validation on every route that needs a token (issue 11 §2): walks the
// OpenAPI document and calls each operation that declares `security` without a token, with an
// empty body, a malformed body and malformed path parameters; every one must answer 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { nextIp } from './fixtures/auth.ts';

type Operation = { security?: unknown[]; parameters?: Array<{ in: string; name: string }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase() as 'GET', op })),
  );
/** Path parameters filled with a value no schema accepts, so only authentication can answer first. */
const badUrl = (path: string) => path.replace(/\{[^}]+\}/g, 'nu-e-id%20%20');

const NOT_AUTHENTICATED = { errors: { general: ['FORM_NOT_AUTHENTICATED'] } };

describe('routes that need a token', () => {
  it('are found in the OpenAPI document', () => {
    expect(operations().filter((o) => o.op.security?.length).length).toBeGreaterThan(30);
  });

  it('answer 401 without a token, before looking at the body or the parameters', async () => {
    const wrong: string[] = [];
    for (const { path, method, op } of operations()) {
      if (!op.security?.length) continue;
      const bodies: Array<{ payload?: string; type?: string }> = [
        {},
        { payload: '{}', type: 'application/json' },
        { payload: '{"nu e json', type: 'application/json' },
        { payload: 'x', type: 'text/plain' },
        { payload: '--b\r\nnu e multipart', type: 'multipart/form-data; boundary=b' },
      ];
      for (const url of [path, badUrl(path)]) {
        for (const b of method === 'GET' || method === 'DELETE' ? bodies.slice(0, 1) : bodies) {
          const res = await t.app.inject({
            method,
            // A fresh address per call: the per-IP rate limits of some routes are not under test here.
            remoteAddress: nextIp(),
            url: url.replace(/\{[^}]+\}/g, '1'),
            ...(b.payload !== undefined ? { payload: b.payload, headers: { 'content-type': b.type! } } : {}),
          });
          if (res.statusCode !== 401 || JSON.stringify(res.json()) !== JSON.stringify(NOT_AUTHENTICATED))
            wrong.push(`${method} ${url} [${b.type ?? 'no body'}] → ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('all declare `security`: no operation without it answers 401 to a call without a token', async () => {
    const undeclared: string[] = [];
    for (const { path, method, op } of operations()) {
      if (op.security?.length) continue;
      const res = await t.app.inject({ method, url: path.replace(/\{[^}]+\}/g, '1'), remoteAddress: nextIp() });
      if (res.statusCode === 401) undeclared.push(`${method} ${path}`);
    }
    expect(undeclared).toEqual([]);
  });

  it('and a revoked-looking token counts as none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/auth',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

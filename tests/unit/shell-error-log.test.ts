import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorPayload, errorSignature, reportError, shouldSendError, type SentErrors } from '../../src/state/error-log.ts';
import { app } from '../../src/state/app.ts';
import { stubFetch } from './shell-helpers.ts';

describe('error-log dedupe (30 s window)', () => {
  it('identical error within 30 s is not resent; after 30 s it is', () => {
    const sent: SentErrors = new Map();
    const sig = errorSignature('boom', 'at x');
    expect(shouldSendError(sent, sig, 1_000)).toBe(true);
    expect(shouldSendError(sent, sig, 1_001)).toBe(false);
    expect(shouldSendError(sent, sig, 30_999)).toBe(false);
    expect(shouldSendError(sent, sig, 31_000)).toBe(true);
  });

  it('a different error is sent at once, and does not reset the first one', () => {
    const sent: SentErrors = new Map();
    const a = errorSignature('a');
    const b = errorSignature('b');
    expect(shouldSendError(sent, a, 0)).toBe(true);
    expect(shouldSendError(sent, b, 10)).toBe(true);
    expect(shouldSendError(sent, a, 20)).toBe(false);
    expect(shouldSendError(sent, b, 20)).toBe(false);
  });

  it('same message with a different stack is a different error', () => {
    const sent: SentErrors = new Map();
    expect(shouldSendError(sent, errorSignature('m', 's1'), 0)).toBe(true);
    expect(shouldSendError(sent, errorSignature('m', 's2'), 0)).toBe(true);
  });

  it('old entries are pruned', () => {
    const sent: SentErrors = new Map();
    shouldSendError(sent, 'x', 0);
    shouldSendError(sent, 'y', 40_000);
    expect([...sent.keys()]).toEqual(['y']);
  });
});

describe('error-log payload and sending', () => {
  beforeEach(() => {
    localStorage.clear();
    app.user = null;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('payload has the five fields of SPEC §3', () => {
    localStorage.setItem('user_id', '42');
    const err = new Error('kaput');
    const p = errorPayload(err, 'info');
    expect(p.error_message).toBe('kaput');
    expect(p.error_stack).toContain('kaput');
    expect(p.additional_info).toBe('info');
    expect(p.user_id).toBe('42');
    expect(p.page_url).toBe(window.location.href);
    expect(errorPayload('plain').error_message).toBe('plain');
    expect(errorPayload({ a: 1 }).error_message).toBe('{"a":1}');
  });

  it('POST /error-logs once per identical error within 30 s', async () => {
    const { calls } = stubFetch({ 'POST /api/v1/error-logs': { status: 201, json: {} } });
    const err = new Error('unique-' + Math.random());
    expect(await reportError(err, undefined, 1_000_000)).toBe(true);
    expect(await reportError(err, undefined, 1_010_000)).toBe(false);
    expect(await reportError(err, undefined, 1_031_000)).toBe(true);
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[0].body)).toMatchObject({ error_message: err.message, page_url: window.location.href });
  });

  it('a failing log call never throws', async () => {
    stubFetch({ 'POST /api/v1/error-logs': { throws: true } });
    await expect(reportError(new Error('x-' + Math.random()))).resolves.toBe(true);
  });
});

describe('noise filter', () => {
  it('ignores ResizeObserver loops and opaque cross-origin "Script error."', async () => {
    const { isIgnoredError } = await import('../../src/state/error-log.ts');
    expect(isIgnoredError('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(isIgnoredError('Script error.')).toBe(true);
    expect(isIgnoredError('TypeError: x is undefined')).toBe(false);
  });
});

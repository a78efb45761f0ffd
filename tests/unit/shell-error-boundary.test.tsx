import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../src/shell/ErrorBoundary.tsx';
import { installErrorLogging } from '../../src/state/error-log.ts';
import { stubFetch } from './shell-helpers.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.unstubAllGlobals());

function Boom(): never {
  throw new Error('render exploded ' + Math.random());
}

describe('uncaught error logging', () => {
  it('the React boundary shows a Romanian fallback and POSTs /error-logs', async () => {
    const { calls } = stubFetch({ 'POST /api/v1/error-logs': { status: 201, json: {} } });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(<ErrorBoundary><Boom /></ErrorBoundary>));
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(host.textContent).toContain('Ceva nu a mers bine');
    expect(calls.filter((c) => c.path === '/api/v1/error-logs')).toHaveLength(1);
    const body = JSON.parse(calls[0].body);
    expect(body.error_message).toMatch(/^render exploded/);
    expect(Object.keys(body).sort()).toEqual(['additional_info', 'error_message', 'error_stack', 'page_url', 'user_id']);
    act(() => root.unmount());
    host.remove();
    spy.mockRestore();
  });

  it('window error and unhandledrejection are reported', async () => {
    const { calls } = stubFetch({ 'POST /api/v1/error-logs': { status: 201, json: {} } });
    installErrorLogging();
    window.dispatchEvent(new ErrorEvent('error', { message: 'win-err', error: new Error('win-err-' + Math.random()) }));
    const ev = new Event('unhandledrejection') as Event & { reason?: unknown };
    ev.reason = new Error('rejected-' + Math.random());
    window.dispatchEvent(ev);
    await new Promise((r) => setTimeout(r, 20));
    const messages = calls.map((c) => JSON.parse(c.body).error_message as string);
    expect(messages.some((m) => m.startsWith('win-err-'))).toBe(true);
    expect(messages.some((m) => m.startsWith('rejected-'))).toBe(true);
  });
});

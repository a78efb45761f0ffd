// The realtime client's auth headers follow the token in storage (issue 7 §3 part 5): a sign-in
// or sign-out without a page reload must not keep authorising with the token read at start.
import { beforeEach, describe, expect, it, vi } from 'vitest';

let options: Record<string, unknown> | null = null;
vi.mock('laravel-echo', () => ({
  default: class FakeEcho {
    constructor(o: Record<string, unknown>) {
      options = o;
    }
  },
}));
import { authHeaders, resetRealtimeForTests, startRealtime } from '../../src/realtime/echo.ts';
import { setItem, removeItem } from '../../src/state/storage.ts';
import { STORAGE } from '../../src/shared/storage-keys.ts';

type Auth = { headersProvider: () => Record<string, string>; headers?: Record<string, string> };

beforeEach(() => {
  localStorage.clear();
  resetRealtimeForTests();
  options = null;
});

describe('realtime auth headers', () => {
  it('channel and user authorisation read the current token at each request', () => {
    setItem(STORAGE.token, 'first');
    startRealtime({ product: 'Grilio', google_client_id: null, recaptcha_site_key: null, dev_banner: false, pusher: { key: 'k', host: null, port: null, scheme: null } });
    const channel = options!.channelAuthorization as Auth;
    const user = options!.userAuthentication as Auth;
    expect(channel.headersProvider()).toEqual({ Authorization: 'Bearer first' });
    expect(user.headersProvider()).toEqual({ Authorization: 'Bearer first' });
    // No token captured in static headers.
    expect(JSON.stringify(options)).not.toContain('first');

    setItem(STORAGE.token, 'second');
    expect(channel.headersProvider()).toEqual({ Authorization: 'Bearer second' });
    expect(user.headersProvider()).toEqual({ Authorization: 'Bearer second' });
    removeItem(STORAGE.token);
    expect(authHeaders()).toEqual({});
  });
});

// Notifications (issue 7 §4): notify() stores and publishes live; the feed, mark read, mark all
// read; only the owner reads or changes a notification; triggers; admin announcements.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { notify } from '../../server/modules/notifications/notify.ts';

type U = { id: number; email: string; auth: { authorization: string } };
let t: TestApp;
async function person(extra: { is_admin?: boolean } = {}): Promise<U> {
  const u = await createUser(t.db, { name: 'Notif Testescu', password: null, ...extra });
  return { ...u, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, u?: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });
const layoutNotifications = async (u: U) => (await api('GET', '/user/layout-counts', u)).json().notifications;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notify()', () => {
  it('stores the notification (counted in layout counts) and publishes it on private-user.{id}', async () => {
    const a = await person();
    const trigger = vi.spyOn(t.app.realtime, 'trigger');
    await notify(t.app, a.id, { type: 'info', title: 'Salut', message: 'Mesaj de probă', link: '/prieteni' });
    expect(await layoutNotifications(a)).toBe(1);
    const call = trigger.mock.calls.find((c) => c[0] === `private-user.${a.id}`);
    expect(call?.[1]).toBe('notification');
    expect(call?.[2]).toMatchObject({ title: 'Salut', message: 'Mesaj de probă', link: '/prieteni', read: false });
    trigger.mockRestore();
  });

  it('a failing live publish does not fail the caller: the notification stays stored', async () => {
    const a = await person();
    const trigger = vi.spyOn(t.app.realtime, 'trigger').mockRejectedValueOnce(new Error('engine down'));
    await notify(t.app, a.id, { type: 'info', title: 'T', message: 'M' });
    expect(await layoutNotifications(a)).toBe(1);
    trigger.mockRestore();
  });
});

// Notifications (issue 7 §4): notify() stores and publishes live; the feed, mark read, mark all
// read; only the owner reads or changes a notification; triggers (friend request and acceptance,
// report answered); admin announcements.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { gridIdByKey, loadFixtureContent } from './fixtures/content-users.ts';
import { notify } from '../../server/modules/notifications/notify.ts';
import { afterReplySettled } from '../../server/lib/after-reply.ts';
import { FEED_PAGE_MAX } from '../../src/shared/notification-rules.ts';
import { ANNOUNCEMENT_EVENT, ANNOUNCEMENTS_CHANNEL } from '../../src/shared/notification-payloads.ts';

type U = { id: number; email: string; auth: { authorization: string } };
let t: TestApp;
async function person(extra: { is_admin?: boolean; name?: string } = {}): Promise<U> {
  const u = await createUser(t.db, { name: 'Notif Testescu', password: null, ...extra });
  return { ...u, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST' | 'PUT', url: string, u?: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });
const layoutNotifications = async (u: U) => (await api('GET', '/user/layout-counts', u)).json().notifications;
type Item = { id: number; title: string; message: string; type: string; link: string | null; read: boolean };
const feedOf = async (u: U, qs = '') =>
  (await api('GET', `/notifications${qs}`, u)).json() as {
    notifications: Item[];
    next_before: string | null;
  };
const codeOf = (res: { json: () => { errors?: Record<string, string[]> } }) =>
  Object.values(res.json().errors ?? {})[0]?.[0];

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
    expect(call?.[2]).toMatchObject({
      title: 'Salut',
      message: 'Mesaj de probă',
      link: '/prieteni',
      read: false,
    });
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

describe('the feed', () => {
  it('answers 401 before reading any input', async () => {
    const calls: Array<[Parameters<typeof api>[0], string, object?]> = [
      ['GET', '/notifications?limit=abc'],
      ['POST', '/notifications/abc/read'],
      ['POST', '/notifications/read-all'],
      ['GET', '/notifications/push'],
      ['PUT', '/notifications/push', { enabled: 'x' }],
      ['POST', '/notifications/push/subscriptions', { endpoint: 1 }],
      ['POST', '/notifications/push/unsubscribe', {}],
      ['POST', '/admin/announcements', { title: '' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('pages newest first with a cursor, never repeating or skipping', async () => {
    const a = await person();
    for (let i = 1; i <= 5; i += 1) await notify(t.app, a.id, { type: 'info', title: `N${i}`, message: 'm' });
    const first = await feedOf(a, '?limit=2');
    expect(first.notifications.map((n) => n.title)).toEqual(['N5', 'N4']);
    const second = await feedOf(a, `?limit=2&before=${first.next_before}`);
    expect(second.notifications.map((n) => n.title)).toEqual(['N3', 'N2']);
    const third = await feedOf(a, `?limit=2&before=${second.next_before}`);
    expect(third.notifications.map((n) => n.title)).toEqual(['N1']);
    expect(third.next_before).toBeNull();
  });

  it('refuses bad paging input with codes, never a 500', async () => {
    const a = await person();
    for (const qs of [
      '?limit=0',
      `?limit=${FEED_PAGE_MAX + 1}`,
      '?limit=x',
      '?before=-1',
      '?before=1e3',
      '?before=99999999999',
    ]) {
      const res = await api('GET', `/notifications${qs}`, a);
      expect(res.statusCode, qs).toBe(422);
    }
    expect((await api('POST', '/notifications/0/read', a)).statusCode).toBe(422);
  });

  it('only the owner sees or marks a notification; another user gets 404', async () => {
    const a = await person();
    const b = await person();
    await notify(t.app, a.id, { type: 'info', title: 'Doar pentru A', message: 'secret' });
    const [mine] = (await feedOf(a)).notifications;
    expect((await feedOf(b)).notifications).toEqual([]);
    const stranger = await api('POST', `/notifications/${mine!.id}/read`, b);
    expect(stranger.statusCode).toBe(404);
    expect(codeOf(stranger)).toBe('FORM_NOTIFICATION_NOT_FOUND');
    expect((await feedOf(a)).notifications[0]!.read).toBe(false);
    const own = await api('POST', `/notifications/${mine!.id}/read`, a);
    expect(own.statusCode).toBe(200);
    expect(own.json().notification).toMatchObject({ id: mine!.id, read: true });
    expect(await layoutNotifications(a)).toBe(0);
    // Marking twice is harmless.
    expect((await api('POST', `/notifications/${mine!.id}/read`, a)).statusCode).toBe(200);
  });

  it('mark all read: every one read, the count 0, last_notification_seen_date stamped; others untouched', async () => {
    const a = await person();
    const b = await person();
    await notify(t.app, a.id, { type: 'info', title: '1', message: 'm' });
    await notify(t.app, a.id, { type: 'info', title: '2', message: 'm' });
    await notify(t.app, b.id, { type: 'info', title: 'B', message: 'm' });
    expect(await layoutNotifications(a)).toBe(2);
    const before = Date.now();
    const res = await api('POST', '/notifications/read-all', a);
    expect(res.json().success).toBe('NOTIFICATIONS_ALL_READ');
    expect(Date.parse(res.json().last_notification_seen_date)).toBeGreaterThanOrEqual(before - 5000);
    expect((await feedOf(a)).notifications.every((n) => n.read)).toBe(true);
    expect(await layoutNotifications(a)).toBe(0);
    expect((await api('GET', '/user', a)).json().user.last_notification_seen_date).toBe(
      res.json().last_notification_seen_date,
    );
    expect(await layoutNotifications(b)).toBe(1);
  });
});

describe('triggers', () => {
  it('a friend request notifies the addressee; accepting notifies the requester', async () => {
    const a = await person({ name: 'Ana Popescu' });
    const b = await person({ name: 'Bogdan Ionescu' });
    expect((await api('POST', '/friends/requests', a, { user_id: b.id })).statusCode).toBe(201);
    const [got] = (await feedOf(b)).notifications;
    expect(got).toMatchObject({ type: 'friend_request', link: '/prieteni' });
    expect(got!.message).toBe('Ana Popescu ți-a trimis o cerere de prietenie.');
    expect(await layoutNotifications(a)).toBe(0);
    expect((await api('POST', `/friends/requests/${a.id}/accept`, b)).statusCode).toBe(200);
    const [accepted] = (await feedOf(a)).notifications;
    expect(accepted).toMatchObject({ type: 'friend_accepted', title: 'Cerere de prietenie acceptată' });
    expect(accepted!.message).toContain('Bogdan Ionescu');
  });

  it('asking someone who already asked you accepts, and notifies them of the acceptance', async () => {
    const a = await person({ name: 'Cora Mutual' });
    const b = await person({ name: 'Dan Mutual' });
    await api('POST', '/friends/requests', a, { user_id: b.id });
    expect((await api('POST', '/friends/requests', b, { user_id: a.id })).json().success).toBe(
      'FRIENDSHIP_ACCEPTED',
    );
    expect((await feedOf(a)).notifications[0]).toMatchObject({ type: 'friend_accepted' });
  });

  it('a report answered by an admin notifies the reporter', async () => {
    await loadFixtureContent(t.db);
    const gridId = await gridIdByKey(t.db, 't-bio-003');
    const reporter = await person();
    const admin = await person({ is_admin: true });
    const rep = await api('POST', `/grids/${gridId}/report`, reporter, { reason: 'Enunțul are o greșeală.' });
    const id = rep.json().report_id as number;
    const trigger = vi.spyOn(t.app.realtime, 'trigger');
    await api('POST', `/admin/reports/${id}/resolve`, admin, { reply: 'Am corectat enunțul.' });
    expect((await feedOf(reporter)).notifications[0]).toMatchObject({
      type: 'report',
      title: `Răspuns la raportarea grilei #${gridId}`,
      message: 'Am corectat enunțul.',
    });
    expect(
      trigger.mock.calls.some((c) => c[0] === `private-user.${reporter.id}` && c[1] === 'notification'),
    ).toBe(true);
    trigger.mockRestore();
  });
});

describe('announcements', () => {
  it('admin only; bad input refused with codes', async () => {
    const user = await person();
    const admin = await person({ is_admin: true });
    const body = { title: 'Anunț important', message: 'Mâine avem mentenanță.' };
    expect((await api('POST', '/admin/announcements', user, body)).statusCode).toBe(403);
    const bad = [
      [{ ...body, title: '' }, 'FIELD_REQUIRED'],
      [{ ...body, title: 'x'.repeat(121) }, 'FIELD_TOO_LONG'],
      [{ ...body, message: 'ab' }, 'FIELD_TOO_SHORT'],
      [{ ...body, link: 'https://rau.example/' }, 'FORM_URL_INVALID'],
      [{ ...body, link: '//rau.example/' }, 'FORM_URL_INVALID'],
    ] as const;
    for (const [payload, code] of bad) {
      const res = await api('POST', '/admin/announcements', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(codeOf(res)).toBe(code);
    }
  });

  it('gives every user one notification and publishes it live once, on the announcements channel', async () => {
    const a = await person();
    const b = await person();
    const admin = await person({ is_admin: true });
    const users = (await t.db.one<{ n: number }>('select count(*)::int as n from users'))!.n;
    // What the admin confirms before sending (issue 23 §3): the same number the send reaches; admin only.
    expect((await api('GET', '/admin/announcements/recipients', a)).statusCode).toBe(403);
    expect((await api('GET', '/admin/announcements/recipients', admin)).json()).toEqual({ count: users });
    const batch = vi.spyOn(t.app.realtime, 'triggerBatch');
    const trigger = vi.spyOn(t.app.realtime, 'trigger');
    const res = await api('POST', '/admin/announcements', admin, {
      title: 'Versiune nouă',
      message: 'Am adăugat notificările în aplicație.',
      link: '/notificari',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: 'ANNOUNCEMENT_SENT', count: users });
    for (const u of [a, b, admin]) {
      expect((await feedOf(u)).notifications[0]).toMatchObject({
        type: 'announcement',
        title: 'Versiune nouă',
        link: '/notificari',
      });
    }
    await afterReplySettled();
    // One live event for everyone, not one per user; each user's stored copy has its own id.
    expect(batch).not.toHaveBeenCalled();
    const announcements = trigger.mock.calls.filter((c) => c[0] === ANNOUNCEMENTS_CHANNEL);
    expect(announcements).toHaveLength(1);
    expect(announcements[0]![1]).toBe(ANNOUNCEMENT_EVENT);
    expect(announcements[0]![2]).toEqual({
      title: 'Versiune nouă',
      message: 'Am adăugat notificările în aplicație.',
      link: '/notificari',
      created_at: expect.any(String),
    });
    expect(trigger.mock.calls.filter((c) => String(c[0]).startsWith('private-user.'))).toHaveLength(0);
    batch.mockRestore();
    trigger.mockRestore();
  });

  it('scales with the users: 5,000 more get their copy in one statement, still one live event', async () => {
    const admin = await person({ is_admin: true });
    await t.db.query(
      `insert into users (name, email) select 'Mulți ' || g, 'multi-' || g || '-' || $1 || '@example.test'
         from generate_series(1, 5000) g`,
      [Date.now()],
    );
    const users = (await t.db.one<{ n: number }>('select count(*)::int as n from users'))!.n;
    const trigger = vi.spyOn(t.app.realtime, 'trigger');
    const query = vi.spyOn(t.db, 'query');
    const res = await api('POST', '/admin/announcements', admin, { title: 'Pentru toți', message: 'Un anunț mare.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().count).toBe(users);
    await afterReplySettled();
    expect(trigger.mock.calls.filter((c) => c[0] === ANNOUNCEMENTS_CHANNEL)).toHaveLength(1);
    const stored = await t.db.one<{ n: number }>(
      `select count(*)::int as n from notifications where type = 'announcement' and title = 'Pentru toți'`,
    );
    expect(stored!.n).toBe(users);
    // No statement per user: the request and its after-reply work stay a handful of queries.
    expect(query.mock.calls.length).toBeLessThan(20);
    trigger.mockRestore();
    query.mockRestore();
  });

  it('any signed-in user may listen on the announcements channel; a visitor may not', async () => {
    const a = await person();
    const body = { socket_id: '123.456', channel_name: ANNOUNCEMENTS_CHANNEL };
    expect((await api('POST', '/broadcasting/auth', a, body)).statusCode).toBe(200);
    expect((await api('POST', '/broadcasting/auth', undefined, body)).statusCode).toBe(401);
  });
});

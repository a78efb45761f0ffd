import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { bearer, createUser } from './users-fixture.ts';

let t: TestApp;
let manualId: number;
let hiddenManualId: number;
let specId: number;
let centerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.query<{ id: number }>(
    `insert into manuals (slug, title, subject, sort, is_published) values
       ('bio-xi', 'Biologie XI', 'biologie', 2, true),
       ('chimie', 'Chimie organică', 'chimie', 1, true),
       ('ascuns', 'Manual ascuns', 'fizica', 0, false)
     returning id`,
  );
  manualId = rows[0]!.id;
  hiddenManualId = rows[2]!.id;
  specId = (await t.db.one<{ id: number }>('select id from specializations order by sort limit 1'))!.id;
  centerId = (await t.db.one<{ id: number }>('select id from centers order by sort limit 1'))!.id;
});
afterAll(() => t.close());

const NOT_AUTH = { errors: { general: ['FORM_NOT_AUTHENTICATED'] } };

type Call = { method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE'; url: string; payload?: unknown };
const protectedCalls: Call[] = [
  { method: 'GET', url: '/api/v1/user' },
  { method: 'GET', url: '/api/v1/user/layout-counts' },
  { method: 'GET', url: '/api/v1/user/tests-count' },
  { method: 'PUT', url: '/api/v1/user/theme', payload: { theme: 'dark' } },
  { method: 'PATCH', url: '/api/v1/user/acknowledged-info-banner', payload: { value: true } },
  {
    method: 'PUT',
    url: '/api/v1/user/profile',
    payload: { manual_id: 1, specialization_id: 1, center_id: 1 },
  },
  { method: 'PUT', url: '/api/v1/user/name', payload: { name: 'Ion Pop' } },
  { method: 'PUT', url: '/api/v1/user/preferences', payload: { sound_effects: false } },
  { method: 'PUT', url: '/api/v1/user/email', payload: { email: 'nou@exemplu.ro', password: 'x' } },
  {
    method: 'PUT',
    url: '/api/v1/user/password',
    payload: { current_password: 'x', password: 'abcdefgh', password_confirmation: 'abcdefgh' },
  },
  { method: 'POST', url: '/api/v1/user/avatar' },
  { method: 'DELETE', url: '/api/v1/user/avatar' },
];

describe('authorization', () => {
  it.each(protectedCalls)('$method $url without a token is 401', async (c) => {
    const res = await t.app.inject({ method: c.method, url: c.url, payload: c.payload as object });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTH);
  });

  it.each(protectedCalls)('$method $url with a revoked token is 401', async (c) => {
    const u = await createUser(t.db);
    await t.db.query('update auth_tokens set revoked_at = now() where user_id = $1', [u.id]);
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      payload: c.payload as object,
      headers: bearer(u.token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTH);
  });

  it('rejects an expired token, a garbage token and a non-bearer header', async () => {
    const u = await createUser(t.db);
    await t.db.query(`update auth_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
      u.id,
    ]);
    for (const headers of [bearer(u.token), bearer('x'.repeat(43)), { authorization: `Basic ${u.token}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 401 before validating the body', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/user/theme', payload: { theme: 'verde' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /user', () => {
  it('returns the shared User payload', async () => {
    // Premium to the midnight (Bucharest) that starts the fourth day from today: its last day is
    // today + 3, so 3 days left at any hour the test runs (days are counted in calendar days).
    const bucharestHour = (at: number) =>
      Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bucharest', hour: '2-digit', hourCycle: 'h23' }).format(at));
    // The first Bucharest midnight strictly after now + 3 days: in the hour after midnight, the
    // hour now + 3 days falls in is itself a midnight, but the start of today + 3, not of today + 4.
    let until = Date.now() + 3 * 86_400_000;
    until -= until % 3_600_000;
    do until += 3_600_000;
    while (bucharestHour(until) !== 0);
    const u = await createUser(t.db, { name: 'Ionescu Maria', premium_until: new Date(until) });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      id: u.id,
      name: 'Ionescu Maria',
      email: u.email,
      avatar_thumb_src: null,
      remaining_premium_days: 3,
      is_premium: true,
      theme: 'light',
      manual_id: null,
      acknowledged_info_banner: false,
      auth_provider: 'password',
      sound_effects: true,
    });
    expect(user.password_hash).toBeUndefined();
    expect(new Date(user.email_verified_at).toISOString()).toBe(user.email_verified_at);
  });

  it('shows -1 premium days when premium is over or absent', async () => {
    const u = await createUser(t.db, { premium_until: new Date(Date.now() - 1000) });
    const { user } = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(u.token) })
    ).json();
    expect(user.remaining_premium_days).toBe(-1);
    expect(user.is_premium).toBe(false);
  });
});

describe('GET /user/layout-counts', () => {
  it('counts unread notifications newer than the last-seen stamp; messages and friendships are 0', async () => {
    const u = await createUser(t.db);
    const other = await createUser(t.db);
    await t.db.query(
      `insert into notifications (user_id, title, message, read_at, created_at) values
         ($1, 'a', 'a', null, now()), ($1, 'b', 'b', null, now()), ($1, 'c', 'c', now(), now()),
         ($1, 'vechi', 'vechi', null, now() - interval '2 days'), ($2, 'x', 'x', null, now())`,
      [u.id, other.id],
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/layout-counts',
      headers: bearer(u.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ messages: 0, friendships: 0, notifications: 3 });
    await t.db.query(
      `update users set last_notification_seen_date = now() - interval '1 day' where id = $1`,
      [u.id],
    );
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/layout-counts',
      headers: bearer(u.token),
    });
    expect(after.json().notifications).toBe(2);
  });
});

describe('GET /user/tests-count', () => {
  it('counts the user tests by status (zeros without tests)', async () => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/tests-count',
      headers: bearer(u.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ abandoned: 0, finished: 0, unfinished: 0 });
  });

  it("counts only the caller's tests", async () => {
    const u = await createUser(t.db);
    const other = await createUser(t.db);
    await t.db.query(
      `insert into tests (id, user_id, mode, status, grid_count, grid_set_hash)
       select gen_random_uuid(), v.user_id, 'exam', v.status, 10, 'h'
         from (values ($1::int, 'finished'), ($1, 'finished'), ($1, 'abandoned'), ($1, 'unfinished'), ($1, 'finished'),
                      ($2::int, 'unfinished'), ($2, 'unfinished')) as v(user_id, status)`,
      [u.id, other.id],
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/tests-count',
      headers: bearer(u.token),
    });
    expect(res.json()).toEqual({ abandoned: 1, finished: 3, unfinished: 1 });
  });
});

describe('PUT /user/theme', () => {
  it('saves the theme', async () => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/theme',
      headers: bearer(u.token),
      payload: { theme: 'dark' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'THEME_UPDATED' });
    const { user } = (
      await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(u.token) })
    ).json();
    expect(user.theme).toBe('dark');
    // 'system' (follow the device) is a choice the database keeps too.
    const sys = await t.app.inject({ method: 'PUT', url: '/api/v1/user/theme', headers: bearer(u.token), payload: { theme: 'system' } });
    expect(sys.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(u.token) })).json().user.theme).toBe('system');
  });

  it.each([{ theme: 'verde' }, {}, { theme: 1 }, { theme: null }])(
    'rejects %j with FORM_THEME_INVALID',
    async (payload) => {
      const u = await createUser(t.db);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/theme',
        headers: bearer(u.token),
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { theme: ['FORM_THEME_INVALID'] } });
    },
  );

  it('rejects a non-JSON body and an oversized body', async () => {
    const u = await createUser(t.db);
    const text = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/theme',
      headers: { ...bearer(u.token), 'content-type': 'text/plain' },
      payload: 'dark',
    });
    expect(text.statusCode).toBe(422); // text/plain parses as a string, which is not the object asked for
    const big = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/theme',
      headers: { ...bearer(u.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ theme: 'dark', pad: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ errors: { general: ['FORM_PAYLOAD_TOO_LARGE'] } });
  });

  it("never changes another user's theme", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/theme',
      headers: bearer(a.token),
      payload: { theme: 'dark', id: b.id },
    });
    const row = await t.db.one<{ theme: string }>('select theme from users where id = $1', [b.id]);
    expect(row!.theme).toBe('light');
  });
});

describe('PATCH /user/acknowledged-info-banner', () => {
  it('sets and clears the flag', async () => {
    const u = await createUser(t.db);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/acknowledged-info-banner',
      headers: bearer(u.token),
      payload: { value: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().success).toBe('PREFERENCES_SAVED');
    expect(on.json().user.acknowledged_info_banner).toBe(true);
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/acknowledged-info-banner',
      headers: bearer(u.token),
      payload: { value: false },
    });
    expect(off.json().user.acknowledged_info_banner).toBe(false);
  });

  it.each([{}, { value: 'da' }, { value: 1 }])('rejects %j', async (payload) => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/acknowledged-info-banner',
      headers: bearer(u.token),
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { value: ['FIELD_INVALID'] } });
  });
});

describe('PUT /user/preferences', () => {
  it('saves sound effects', async () => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      headers: bearer(u.token),
      payload: { sound_effects: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe('PREFERENCES_SAVED');
    expect(res.json().user.sound_effects).toBe(false);
  });

  it.each([{}, { sound_effects: 'nu' }, { sound_effects: null }])('rejects %j', async (payload) => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      headers: bearer(u.token),
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { sound_effects: ['FIELD_INVALID'] } });
  });
});

describe('GET /profile/lists', () => {
  it('is public and lists published manuals, specializations and centers in order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/lists' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.manuals.map((m: { name: string }) => m.name)).toEqual(['Chimie organică', 'Biologie XI']);
    expect(body.specializations[0]).toEqual({ id: specId, name: 'Medicină' });
    expect(body.specializations).toHaveLength(6);
    expect(body.centers).toHaveLength(10);
    expect(body.centers[0].id).toBe(centerId);
    expect(Object.keys(body.centers[0]).sort()).toEqual(['id', 'name']);
  });
});

describe('PUT /user/profile', () => {
  it('completes the profile and allows changing it later', async () => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: bearer(u.token),
      payload: { manual_id: manualId, specialization_id: specId, center_id: centerId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe('PROFILE_COMPLETED');
    expect(res.json().user).toMatchObject({
      manual_id: manualId,
      specialization_id: specId,
      center_id: centerId,
    });
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: bearer(u.token),
      payload: { manual_id: manualId + 1, specialization_id: specId + 1, center_id: centerId + 1 },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().user).toMatchObject({
      manual_id: manualId + 1,
      specialization_id: specId + 1,
      center_id: centerId + 1,
    });
  });

  it('reports every unknown id on its own field', async () => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: bearer(u.token),
      payload: { manual_id: hiddenManualId, specialization_id: 9999, center_id: 999_999 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: {
        manual_id: ['FORM_MANUAL_INVALID'],
        specialization_id: ['FORM_SPECIALIZATION_INVALID'],
        center_id: ['FORM_CENTER_INVALID'],
      },
    });
    // An id past the int4 column is refused by the shared schema, with the field's code.
    const big = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: bearer(u.token),
      payload: { manual_id: hiddenManualId, specialization_id: 1, center_id: 2_147_483_648 },
    });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({ errors: { center_id: ['FORM_CENTER_INVALID'] } });
    const row = await t.db.one<{ manual_id: number | null }>('select manual_id from users where id = $1', [
      u.id,
    ]);
    expect(row!.manual_id).toBeNull();
  });

  it('holds one or more manuals (issue 32 §5): stored in the list given, each once, the first as manual_id', async () => {
    const u = await createUser(t.db);
    const chem = manualId + 1;
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/user/profile', headers: bearer(u.token), payload });
    const res = await put({ manual_ids: [chem, manualId, chem], specialization_id: specId, center_id: centerId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ manual_id: chem, manual_ids: [chem, manualId] });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(u.token) });
    expect(me.json().user).toMatchObject({ manual_id: chem, manual_ids: [chem, manualId] });
    // An older client's lone manual_id is a list of one.
    const old = await put({ manual_id: manualId, specialization_id: specId, center_id: centerId });
    expect(old.json().user).toMatchObject({ manual_id: manualId, manual_ids: [manualId] });

    // Refused, the profile unchanged: an empty list, an unknown or unpublished manual among known
    // ones, too many, malformed entries; every answer a Romanian code, never a 500.
    const refusals: Array<[object, Record<string, string[]>]> = [
      [{ manual_ids: [] }, { manual_ids: ['FORM_MANUALS_REQUIRED'] }],
      [{}, { manual_ids: ['FORM_MANUALS_REQUIRED'] }],
      [{ manual_ids: [manualId, 999_999] }, { manual_ids: ['FORM_MANUAL_INVALID'] }],
      [{ manual_ids: [manualId, hiddenManualId] }, { manual_ids: ['FORM_MANUAL_INVALID'] }],
      [{ manual_ids: [manualId, 2_147_483_648] }, { 'manual_ids.1': ['FORM_MANUAL_INVALID'] }],
      [{ manual_ids: Array.from({ length: 11 }, () => manualId) }, { manual_ids: ['FORM_MANUAL_INVALID'] }],
      [{ manual_ids: 'biologie' }, { manual_ids: ['FORM_MANUAL_INVALID'] }],
      [{ manual_ids: [null] }, { 'manual_ids.0': ['FORM_MANUAL_INVALID'] }],
    ];
    for (const [manuals, errors] of refusals) {
      const r = await put({ ...manuals, specialization_id: specId, center_id: centerId });
      expect(r.statusCode, JSON.stringify(manuals)).toBe(422);
      expect(r.json(), JSON.stringify(manuals)).toEqual({ errors });
    }
    const row = await t.db.one<{ manual_id: number; manual_ids: number[] }>('select manual_id, manual_ids from users where id = $1', [u.id]);
    expect(row).toEqual({ manual_id: manualId, manual_ids: [manualId] });
  });

  it.each([
    [{}, ['manual_ids', 'specialization_id', 'center_id']],
    [
      { manual_id: '1', specialization_id: 1.5, center_id: -1 },
      ['manual_id', 'specialization_id', 'center_id'],
    ],
  ])('rejects bad shapes %j', async (payload, fields) => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: bearer(u.token),
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
    if ('manual_id' in payload) expect(res.json().errors.manual_id).toEqual(['FORM_MANUAL_INVALID']);
    else expect(res.json().errors.manual_ids).toEqual(['FORM_MANUALS_REQUIRED']);
  });
});

describe('PUT /user/name', () => {
  it('renames the user (spaces collapsed)', async () => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/name',
      headers: bearer(u.token),
      payload: { name: '  Ștefănescu   Țurcanu  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: 'PROFILE_UPDATED', user: { name: 'Ștefănescu Țurcanu' } });
  });

  it.each([
    [{}, 'FORM_NAME_REQUIRED'],
    [{ name: '' }, 'FORM_NAME_REQUIRED'],
    [{ name: 'Ion' }, 'FORM_NAME_TWO_WORDS'],
    [{ name: `Ion ${'a'.repeat(130)}` }, 'FORM_NAME_TOO_LONG'],
    [{ name: 12 }, 'FORM_NAME_REQUIRED'],
  ])('rejects %j with %s', async (payload, code) => {
    const u = await createUser(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/name',
      headers: bearer(u.token),
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toContain(code);
  });

  it("changes only the caller's name", async () => {
    const a = await createUser(t.db, { name: 'Alfa Unu' });
    const b = await createUser(t.db, { name: 'Beta Doi' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/name',
      headers: bearer(a.token),
      payload: { name: 'Gama Trei', user_id: b.id },
    });
    const names = await t.db.query<{ id: number; name: string }>(
      'select id, name from users where id = any($1) order by id',
      [[a.id, b.id]],
    );
    expect(names.map((r) => r.name)).toEqual(['Gama Trei', 'Beta Doi']);
  });
});

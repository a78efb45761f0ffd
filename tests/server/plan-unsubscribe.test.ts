// The plan reminder's one-click unsubscribe (issue 31 §1): the mail carries a signed link to the
// page and RFC 8058's List-Unsubscribe / List-Unsubscribe-Post headers (read from the message the
// transport wrote); POST with the token turns the reminder off without a sign-in, again and again
// with the same answer; GET changes nothing; forged, another account's, expired, re-addressed and
// malformed tokens are refused with the catalogue's codes (never a 500); the limit is per address.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextIp } from './fixtures/auth.ts';
import { runReminders, type ReminderDeps } from '../../server/modules/plan/reminders.ts';
import { reminderOffSecret, signReminderOff } from '../../server/modules/plan/reminder-off-token.ts';
import { addDays, bucharestDate } from '../../src/shared/plan/calendar.ts';
import { REMINDER_OFF_API, REMINDER_OFF_LINK_DAYS, REMINDER_OFF_PAGE } from '../../src/shared/plan/reminder-off.ts';

let t: TestApp;
const DAY = '2027-05-04';
const NOW = new Date(`${DAY}T15:20:00Z`); // 18:20 in Bucharest (EEST)

beforeAll(async () => {
  t = await createTestApp();
  const m = await t.db.one<{ id: number }>(`insert into manuals (slug, title, subject, sort) values ('off-bio', 'Biologie XI', 'biologie', -3) returning id`);
  // More to read (300 KB) and answer than the days to the exam hold: every day has work.
  const c = await t.db.one<{ id: number }>(`insert into chapters (manual_id, slug, title, sort, blocks) values ($1, 'off-cap', 'Sistemul nervos', 0, $2::jsonb) returning id`, [
    m!.id,
    JSON.stringify([{ type: 'p', text: 'x'.repeat(300_000) }]),
  ]);
  for (let k = 0; k < 100; k++)
    await t.db.query(
      `insert into grids (key, chapter_id, type, statement, options, correct, difficulty) values ($1, $2, 'CS', 'Întrebare', '{"A":"a","B":"b"}'::jsonb, '{A}', 'easy')`,
      [`off-${k}`, c!.id],
    );
});
afterAll(() => t.close());

/** A candidate with a plan and the reminder at 18:00, Bucharest time. */
async function candidate(opts: { admin?: boolean } = {}) {
  const u = await createUser(t.db, { name: 'Ioana Popescu', is_admin: opts.admin ?? false });
  await t.db.query('insert into plan_settings (user_id, week_minutes, reminder_hour) values ($1, $2::int[], 18)', [u.id, [60, 60, 60, 60, 60, 60, 60]]);
  await t.db.query(`insert into plan_centres (user_id, profile_slug, exam_date) values ($1, 'timisoara', $2::date)`, [u.id, addDays(DAY, 30)]);
  return u;
}

const deps = (): ReminderDeps => ({
  db: t.db,
  now: () => NOW,
  notify: async () => {},
  hasPush: async () => false,
  sendMail: (mail) => t.app.mailer.send(mail),
  unsubscribeSecret: () => reminderOffSecret(t.db, t.app.config),
  product: 'Grilio',
  publicUrl: 'https://grilio.test',
});

const hourOf = async (id: number) => (await t.db.one<{ h: number | null }>('select reminder_hour as h from plan_settings where user_id = $1', [id]))!.h;
const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
const off = (token: string, opts: { ip?: string; form?: boolean } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${REMINDER_OFF_API}?t=${encodeURIComponent(token)}`,
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.form ? { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  });

describe('the reminder mail', () => {
  it('links to the unsubscribe page and carries List-Unsubscribe with One-Click (RFC 8058)', async () => {
    const u = await candidate();
    expect((await runReminders(deps())).filter((o) => o.user_id === u.id)).toEqual([{ user_id: u.id, via: 'mail' }]);
    const mail = t.app.mailer.sent.findLast((m) => m.to === u.email)!;
    const page = mail.links.find((l) => l.includes(REMINDER_OFF_PAGE))!;
    expect(page).toMatch(/^https:\/\/grilio\.test\/memento\/oprire\?t=\d+\.[0-9a-z]+\.[\w-]{22}$/);
    expect(mail.html).toContain(`href="${page}"`);
    expect(mail.text).toContain(`Nu mai vrei mementoul? Oprește-l fără să te conectezi:\n${page}`);
    // The message as the transport wrote it: headers unfolded.
    const raw = readFileSync(mail.file!, 'utf8');
    const head = raw.slice(0, raw.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
    expect(head).toContain(`List-Unsubscribe: <https://grilio.test${REMINDER_OFF_API}?t=${tokenOf(page)}>`);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(tokenOf(page)).not.toContain(u.email);
  });
});

describe('POST /plan/reminder/unsubscribe', () => {
  it('turns the reminder off with the token alone (a one-click POST), and again answers the same', async () => {
    const u = await candidate();
    const before = await t.db.one('select week_minutes from plan_settings where user_id = $1', [u.id]);
    const token = signReminderOff(await reminderOffSecret(t.db, t.app.config), u.id, u.email);
    const first = await off(token, { form: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: 'PLAN_REMINDER_TURNED_OFF', was_on: true });
    expect(await hourOf(u.id)).toBeNull();
    // Idempotent: the same link again (a second click, a provider's retry) succeeds, nothing else changes.
    const again = await off(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: 'PLAN_REMINDER_TURNED_OFF', was_on: false });
    // RFC 8058 allows the one-click body as multipart/form-data too.
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${REMINDER_OFF_API}?t=${token}`,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
    });
    expect(multipart.json()).toEqual({ success: 'PLAN_REMINDER_TURNED_OFF', was_on: false });
    expect(await t.db.one('select week_minutes from plan_settings where user_id = $1', [u.id])).toEqual(before);
    expect((await t.db.query('select 1 from plan_centres where user_id = $1', [u.id])).length).toBe(1);
    // Off means the job sends nothing at the hour any more.
    const next = { ...deps(), now: () => new Date(`${addDays(DAY, 1)}T15:20:00Z`) };
    expect((await runReminders(next)).filter((o) => o.user_id === u.id)).toEqual([]);
  });

  it('GET changes nothing: it sends the browser to the page with its button (303)', async () => {
    const u = await candidate();
    const token = signReminderOff(await reminderOffSecret(t.db, t.app.config), u.id, u.email);
    const res = await t.app.inject({ method: 'GET', url: `${REMINDER_OFF_API}?t=${token}`, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${REMINDER_OFF_PAGE}?t=${token}`);
    // The page itself (a HEAD/GET of the link, as a mail scanner does) is only HTML.
    await t.app.inject({ method: 'GET', url: `${REMINDER_OFF_PAGE}?t=${token}`, remoteAddress: nextIp() });
    expect(await hourOf(u.id)).toBe(18);
  });

  it('refuses a forged, another account\'s, expired, re-addressed or malformed token, and changes nothing', async () => {
    const a = await candidate();
    const b = await candidate();
    const secret = await reminderOffSecret(t.db, t.app.config);
    const good = signReminderOff(secret, a.id, a.email);
    const [, exp, sig] = good.split('.');
    const refused = async (token: string, status: number, code: string) => {
      const res = await off(token);
      expect({ token, status: res.statusCode, body: res.json() }).toEqual({ token, status, body: { errors: { general: [code] } } });
    };
    // Another account's id under a's signature; a signature under another key; a's token with b's address.
    await refused(`${b.id}.${exp}.${sig}`, 403, 'FORM_REMINDER_LINK_INVALID');
    await refused(signReminderOff('another-secret-of-32-characters!', a.id, a.email), 403, 'FORM_REMINDER_LINK_INVALID');
    await refused(signReminderOff(secret, a.id, b.email), 403, 'FORM_REMINDER_LINK_INVALID');
    await refused(`${a.id}.${exp}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`, 403, 'FORM_REMINDER_LINK_INVALID');
    // A later expiry on a's signature: the MAC covers it.
    await refused(`${a.id}.${(parseInt(exp!, 36) + 86_400).toString(36)}.${sig}`, 403, 'FORM_REMINDER_LINK_INVALID');
    // Genuine but older than the link's days.
    const old = new Date(Date.now() - (REMINDER_OFF_LINK_DAYS + 1) * 86_400_000);
    await refused(signReminderOff(secret, a.id, a.email, old), 410, 'FORM_REMINDER_LINK_EXPIRED');
    // Malformed: none, cut short, an id past any integer column, an account that does not exist, junk.
    for (const bad of ['', good.slice(0, 20), `9999999999.${exp}.${sig}`, `2147483000.${exp}.${sig}`, 'x'.repeat(5000), `${good}'; drop table users;--`])
      await refused(bad, 403, 'FORM_REMINDER_LINK_INVALID');
    const none = await t.app.inject({ method: 'POST', url: REMINDER_OFF_API, remoteAddress: nextIp() });
    expect(none.statusCode).toBe(403);
    const twice = await t.app.inject({ method: 'POST', url: `${REMINDER_OFF_API}?t=${good}&t=${good}`, remoteAddress: nextIp() });
    expect(twice.statusCode).toBeLessThan(500);
    expect(await hourOf(a.id)).toBe(18);
    expect(await hourOf(b.id)).toBe(18);
    // The address changed since the mail: its link no longer works.
    await t.db.query(`update users set email = 'nou-' || email where id = $1`, [a.id]);
    await refused(good, 403, 'FORM_REMINDER_LINK_INVALID');
    expect(await hourOf(a.id)).toBe(18);
  });

  it('is limited per client address (60 a minute), whatever token is sent', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await off(`${i + 1}.zzzzzz.${'A'.repeat(22)}`, { ip })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 403)).toBe(true);
    expect(codes[60]).toBe(429);
    expect((await off('1.zzzzzz.x', { ip: nextIp() })).statusCode).toBe(403);
  });
});

describe('the signing key', () => {
  it('is generated once and kept (no default ships): a second app on the database verifies the same links; a configured key replaces it', async () => {
    const u = await candidate();
    const kept = await t.db.one<{ value: string }>("select value from server_secrets where name = 'plan_reminder_off'");
    expect(kept!.value.length).toBeGreaterThanOrEqual(43); // 256 random bits
    const token = signReminderOff(await reminderOffSecret(t.db, t.app.config), u.id, u.email);
    const other = await buildTestApp(t.db);
    const configured = await buildTestApp(t.db, { UNSUBSCRIBE_SECRET: 'a-configured-secret-0123456789' });
    try {
      expect(await reminderOffSecret(other.app.db, other.config)).toBe(kept!.value);
      const refused = await configured.app.inject({ method: 'POST', url: `${REMINDER_OFF_API}?t=${token}`, remoteAddress: nextIp() });
      expect(refused.statusCode).toBe(403);
      const ok = await other.app.inject({ method: 'POST', url: `${REMINDER_OFF_API}?t=${token}`, remoteAddress: nextIp() });
      expect(ok.json()).toEqual({ success: 'PLAN_REMINDER_TURNED_OFF', was_on: true });
    } finally {
      await other.app.close();
      await configured.app.close();
    }
  });
});

describe('POST /admin/plan/reminders/send', () => {
  it('sends a candidate\'s reminder now (admins only), and refuses when it is off', async () => {
    const admin = await createUser(t.db, { is_admin: true });
    const u = await candidate();
    // "Now" is the wall clock here: an exam ten days from today gives today work.
    await t.db.query('update plan_centres set exam_date = $2::date where user_id = $1', [u.id, addDays(bucharestDate(), 10)]);
    const send = (token: string | null, user_id = u.id) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/plan/reminders/send', payload: { user_id }, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await send(null)).statusCode).toBe(401);
    expect((await send(u.token)).statusCode).toBe(403);
    const sent = await send(admin.token);
    expect(sent.json()).toEqual({ success: 'PLAN_REMINDER_SENT', via: 'mail' });
    const link = t.app.mailer.sent.findLast((m) => m.to === u.email)!.links.find((l) => l.includes(REMINDER_OFF_PAGE))!;
    expect((await off(tokenOf(link))).json()).toEqual({ success: 'PLAN_REMINDER_TURNED_OFF', was_on: true });
    const refused = await send(admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: { general: ['FORM_PLAN_REMINDER_OFF'] } });
  });
});

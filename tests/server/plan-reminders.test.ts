// The study plan's daily reminder job (issue 31 §1) with an injected clock, never the wall clock:
// the chosen hour on Bucharest's clock on both sides of the spring daylight-saving change, once a
// day with two runners at once (on PostgreSQL two pools, as two processes), a notification with
// Web Push for a candidate with a subscribed device and an e-mail for one without, nothing when
// the day's planned work (a chapter to read, its grids) was done before the hour while the same day
// undone gets one, when no reminder is chosen, or when the hour has passed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, openTestDb } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import type { Db } from '../../server/db/db.ts';
import { runReminders, type ReminderDeps } from '../../server/modules/plan/reminders.ts';
import { reminderOffSecret } from '../../server/modules/plan/reminder-off-token.ts';
import { getPlan } from '../../server/modules/plan/service.ts';
import { itemsLeft } from '../../src/shared/plan/reminder.ts';
import { notify } from '../../server/modules/notifications/notify.ts';
import { pushTargets } from '../../server/modules/notifications/push-queries.ts';
import { afterReplySettled } from '../../server/lib/after-reply.ts';
import { addDays } from '../../src/shared/plan/calendar.ts';
import { bucharestHour } from '../../src/shared/plan/reminder.ts';

let db: Db;
let second: Db | null;
let app: FastifyInstance;
let closeDb: () => Promise<void>;
let service: Server;
let base = '';
const pushes: string[] = [];

// 2027-03-28 is the Sunday clocks in Romania go from 03:00 to 04:00 (EET, UTC+2 → EEST, UTC+3).
const SAT = '2027-03-27';
const SUN = '2027-03-28';
const at = (iso: string) => () => new Date(iso);

beforeAll(async () => {
  const opened = await openTestDb();
  db = opened.db;
  closeDb = opened.close;
  second = await opened.another();
  app = (await buildTestApp(db)).app;
  service = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      pushes.push(req.url ?? '');
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  const m = await db.one<{ id: number }>(`insert into manuals (slug, title, subject, sort) values ('rem-bio', 'Biologie XI', 'biologie', -3) returning id`);
  // More to read (300 KB) and answer than six days of an hour hold: every day has work.
  const c = await db.one<{ id: number }>(
    `insert into chapters (manual_id, slug, title, sort, blocks) values ($1, 'rem-cap', 'Sistemul nervos', 0, $2::jsonb) returning id`,
    [m!.id, JSON.stringify([{ type: 'p', text: 'x'.repeat(300_000) }])],
  );
  for (let k = 0; k < 200; k++)
    await db.query(
      `insert into grids (key, chapter_id, type, statement, options, correct, difficulty) values ($1, $2, 'CS', 'Întrebare', '{"A":"a","B":"b"}'::jsonb, '{A}', 'easy')`,
      [`rem-${k}`, c!.id],
    );
});
afterAll(async () => {
  await new Promise((r) => service.close(r));
  await app.close();
  await second?.close();
  await closeDb();
});

/** A candidate with a plan to an exam 6 days after `day`, an hour a day, and the reminder at `hour`. */
async function candidate(hour: number | null, day: string, opts: { push?: boolean; verified?: boolean } = {}) {
  const u = await createUser(db, { name: 'Ioana Popescu', password: null, email_verified: opts.verified ?? true });
  await db.query(`update users set call_name = 'Ioana' where id = $1`, [u.id]);
  await db.query('insert into plan_settings (user_id, week_minutes, reminder_hour) values ($1, $2::int[], $3)', [u.id, [60, 60, 60, 60, 60, 60, 60], hour]);
  await db.query(`insert into plan_centres (user_id, profile_slug, exam_date) values ($1, 'timisoara', $2::date)`, [u.id, addDays(day, 6)]);
  if (opts.push) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    await db.query('insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)', [
      u.id,
      `${base}/push/${u.id}`,
      ecdh.getPublicKey().toString('base64url'),
      randomBytes(16).toString('base64url'),
    ]);
  }
  return u.id;
}

function runner(now: () => Date, on: Db = db): ReminderDeps {
  return {
    db: on,
    now,
    notify: (userId, n) => notify(app, userId, n),
    hasPush: async (userId) => (await pushTargets(on, userId)).length > 0,
    sendMail: (mail) => app.mailer.send(mail),
    unsubscribeSecret: () => reminderOffSecret(on, app.config),
    product: 'Grilio',
    publicUrl: 'https://grilio.test',
  };
}

/**
 * Does the work `userId`'s plan asks for on `now`'s day, recorded at `at` as the app records it:
 * each chapter to read marked read, each chapter's planned grids first answered in a test, a
 * planned simulation finished. Returns what was planned, so a test can see the day had real work.
 */
async function doTodaysWork(userId: number, now: Date, at: string): Promise<string[]> {
  const day = (await getPlan(db, userId, now)).plan.days[0]!;
  for (const it of day.items) {
    if (it.kind === 'read') await db.query('insert into user_chapter_progress (user_id, chapter_id, read_at) values ($1, $2, $3::timestamptz)', [userId, it.chapter_id, at]);
    else if (it.kind === 'grids') {
      const test = randomUUID();
      const ids = await db.query<{ id: number }>(
        `select g.id from grids g where g.chapter_id = $1
            and not exists (select 1 from answers a where a.user_id = $2 and a.grid_id = g.id) order by g.id limit $3`,
        [it.chapter_id, userId, it.count - it.done_count],
      );
      await db.query(`insert into tests (id, user_id, mode, status, grid_count, grid_set_hash) values ($1::uuid, $2, 'tutor', 'finished', $3, $1::text)`, [test, userId, ids.length]);
      await db.query(
        `insert into answers (id, test_id, user_id, grid_id, marked, outcome, answered_at)
         select gen_random_uuid(), $1, $2, g, '{A}', 'right', $4::timestamptz from unnest($3::int[]) as g`,
        [test, userId, ids.map((r) => r.id), at],
      );
    } else if (it.kind === 'simulation')
      await db.query(
        `insert into tests (id, user_id, mode, status, kind, profile_slug, grid_count, grid_set_hash, finished_at)
         values ($1::uuid, $2, 'exam', 'finished', 'simulation', $3, 1, $1::text, $4::timestamptz)`,
        [randomUUID(), userId, it.slug, at],
      );
    else throw new Error(`no reviews are due for a new candidate (${it.kind})`);
  }
  return day.items.map((it) => it.kind);
}

const mine = (out: { user_id: number }[], ids: number[]) => out.filter((o) => ids.includes(o.user_id));
const mailsTo = async (id: number) => {
  const u = await db.one<{ email: string }>('select email from users where id = $1', [id]);
  return app.mailer.sent.filter((m) => m.to === u!.email);
};

describe('the plan reminder job', () => {
  it('reads the hour on Bucharest\'s clock, on both sides of the daylight-saving change', () => {
    expect(bucharestHour(new Date(`${SAT}T16:30:00Z`))).toBe(18);
    expect(bucharestHour(new Date(`${SAT}T17:30:00Z`))).toBe(19);
    expect(bucharestHour(new Date(`${SUN}T16:30:00Z`))).toBe(19);
    expect(bucharestHour(new Date(`${SUN}T21:30:00Z`))).toBe(0);
  });

  it('sends at the chosen hour in Bucharest (EET on Saturday, EEST on Sunday), once a day, by e-mail without push', async () => {
    const id = await candidate(19, SAT);
    expect(mine(await runReminders(runner(at(`${SAT}T16:59:00Z`))), [id])).toEqual([]); // 18:59 EET
    expect(mine(await runReminders(runner(at(`${SAT}T17:01:00Z`))), [id])).toEqual([{ user_id: id, via: 'mail' }]); // 19:01 EET
    expect(mine(await runReminders(runner(at(`${SAT}T17:40:00Z`))), [id])).toEqual([]); // the same day again: nothing
    const mails = await mailsTo(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Planul de azi pe Grilio');
    expect(mails[0]!.text).toContain('Bună, Ioana!');
    expect(mails[0]!.text).toContain('Citește „Sistemul nervos”');
    expect(mails[0]!.text).toContain('https://grilio.test/teste?plan=setari');
    expect(mails[0]!.html).toContain('#0f766e');
    // Sunday: 19:00 is 16:00 UTC now, not 17:00.
    expect(mine(await runReminders(runner(at(`${SUN}T16:05:00Z`))), [id])).toEqual([{ user_id: id, via: 'mail' }]);
    expect(await mailsTo(id)).toHaveLength(2);
  });

  it('two runners at once send one reminder', async () => {
    const day = '2027-04-05';
    const ids = [await candidate(10, day), await candidate(10, day), await candidate(10, day)];
    const now = at(`${day}T07:15:00Z`); // 10:15 EEST
    const [a, b] = await Promise.all([runReminders(runner(now)), runReminders(runner(now, second ?? db))]);
    const all = [...mine(a, ids), ...mine(b, ids)];
    expect(all.map((o) => o.user_id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await mailsTo(id)).toHaveLength(1);
    const rows = await db.query<{ n: number }>(`select count(*)::int as n from plan_reminders_sent where user_id = any($1::int[]) and day = $2::date`, [ids, day]);
    expect(rows[0]!.n).toBe(3);
  });

  it('with a subscribed device: a stored notification, pushed, and no e-mail', async () => {
    const day = '2027-04-06';
    const id = await candidate(8, day, { push: true });
    expect(mine(await runReminders(runner(at(`${day}T05:30:00Z`))), [id])).toEqual([{ user_id: id, via: 'push' }]);
    await afterReplySettled();
    const stored = await db.query<{ title: string; message: string; link: string }>('select title, message, link from notifications where user_id = $1', [id]);
    expect(stored).toEqual([{ title: 'Planul de azi te așteaptă', message: expect.stringContaining('Ioana, mai ai'), link: '/teste' }]);
    expect(pushes).toContain(`/push/${id}`);
    expect(await mailsTo(id)).toHaveLength(0);
  });

  it('nothing when today\'s planned work is done, when none is chosen, when the hour is past, or to an address never confirmed', async () => {
    const day = '2027-04-07';
    const now = at(`${day}T06:10:00Z`); // 09:10 EEST
    // Two candidates with the same plan: one does today's work before 09:00 (08:30 EEST), one does not.
    const done = await candidate(9, day);
    const onTime = await candidate(9, day);
    // The exam in two days and ten hours a day (six in the light last week): today holds the whole
    // chapter's reading and then its grids.
    await db.query('update plan_settings set week_minutes = $2::int[] where user_id = any($1::int[])', [[done, onTime], [600, 600, 600, 600, 600, 600, 600]]);
    await db.query('update plan_centres set exam_date = $2::date where user_id = any($1::int[])', [[done, onTime], addDays(day, 2)]);
    const planned = await doTodaysWork(done, now(), `${day}T05:30:00Z`);
    expect(planned).toContain('read'); // a day of real work: the chapter to read and its grids
    expect(planned).toContain('grids');
    expect((await getPlan(db, onTime, now())).plan.days[0]!.minutes).toBeGreaterThan(0);
    expect(itemsLeft((await getPlan(db, done, now())).plan.days[0])).toEqual([]);
    const off = await candidate(null, day);
    const unverified = await candidate(11, day, { verified: false });
    expect(mine(await runReminders(runner(now)), [done, off, onTime])).toEqual([
      { user_id: done, via: 'none' },
      { user_id: onTime, via: 'mail' },
    ]);
    // at 22:10 the 09:00 window is long past: a candidate not reached in it gets nothing that day.
    const late2 = await candidate(9, day);
    expect(mine(await runReminders(runner(at(`${day}T19:10:00Z`))), [late2])).toEqual([]);
    expect(mine(await runReminders(runner(at(`${day}T08:10:00Z`))), [unverified])).toEqual([{ user_id: unverified, via: 'none' }]);
    for (const id of [done, off, late2, unverified]) expect(await mailsTo(id)).toHaveLength(0);
  });

  it('never at night: no hour outside 06–22 is accepted, and the job sends none then', async () => {
    const day = '2027-04-08';
    const id = await candidate(null, day);
    await db.query('update plan_settings set reminder_hour = 3 where user_id = $1', [id]); // kept from before the bound
    expect(mine(await runReminders(runner(at(`${day}T00:10:00Z`))), [id])).toEqual([]); // 03:10
  });
});

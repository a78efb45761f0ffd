// The study plan's daily reminder (issue 31 §1). Every server process runs this job once a minute;
// at the hour a candidate chose (Bucharest time, 06–22) it sends them one reminder if something is
// left of today's plan: a notification (stored, live, Web Push through notify.ts) when they have a
// device subscribed to push, else an e-mail through the mail queue. Exactly once per candidate and
// Bucharest day, whatever the number of processes: the process that inserts the day's row of
// plan_reminders_sent (on conflict do nothing returning) is the one that decides and sends.
//
// Catching up: only within the chosen hour. A process down from 19:00 to 19:40 sends at 19:41; one
// down the whole hour sends nothing that day, since a reminder hours late (at night, or after the
// candidate has gone to bed) is worse than none, and tomorrow's comes at the hour again.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { conflict } from '../../lib/errors.ts';
import { bucharestDate } from '../../../src/shared/plan/calendar.ts';
import { bucharestHour, itemsLeft, REMINDER_FIRST_HOUR, REMINDER_LAST_HOUR, reminderText } from '../../../src/shared/plan/reminder.ts';
import { callName } from '../../../src/shared/call-name.ts';
import type { Mail } from '../mail/mailer.ts';
import type { NotifyInput } from '../notifications/notify.ts';
import { planReminderMail } from './reminder-mail.ts';
import { signReminderOff } from './reminder-off-token.ts';
import { REMINDER_OFF_API, REMINDER_OFF_PAGE } from '../../../src/shared/plan/reminder-off.ts';
import { getPlan } from './service.ts';

export type ReminderDeps = {
  db: Db;
  /** The clock (tests inject theirs). */
  now: () => Date;
  notify: (userId: number, n: NotifyInput) => Promise<void>;
  /** Whether the user has a device to push to (and push on). */
  hasPush: (userId: number) => Promise<boolean>;
  sendMail: (mail: Mail) => Promise<void>;
  /** The key of the mail's unsubscribe link (reminder-off-token.ts). */
  unsubscribeSecret: () => Promise<string>;
  product: string;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
};

export type ReminderOutcome = { user_id: number; via: 'push' | 'mail' | 'none' };

const BATCH = 100;
/** How often each process looks (the hour's window is caught up within a minute of a start). */
export const REMINDER_TICK_MS = 60_000;
const KEEP_DAYS = 7;

/** The dashboard link, and the one that opens the plan's settings (to change or stop the reminder). */
export const PLAN_LINK = '/teste';
export const PLAN_SETTINGS_LINK = '/teste?plan=setari';

async function due(db: Db, hour: number, day: string, skip: number[]): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    `select s.user_id from plan_settings s
      where s.reminder_hour = $1
        and exists (select 1 from plan_centres c where c.user_id = s.user_id)
        and not exists (select 1 from plan_reminders_sent r where r.user_id = s.user_id and r.day = $2::date)
        and s.user_id <> all($3::int[])
      order by s.user_id limit $4`,
    [hour, day, skip, BATCH],
  );
  return rows.map((r) => r.user_id);
}

async function claim(db: Db, userId: number, day: string): Promise<boolean> {
  const won = await db.query('insert into plan_reminders_sent (user_id, day) values ($1, $2::date) on conflict do nothing returning user_id', [userId, day]);
  return won.length === 1;
}

/** Decides and sends for one claimed candidate; throws when nothing could be handed over. */
export async function remind(deps: ReminderDeps, userId: number, now: Date, day: string, hour: number): Promise<ReminderOutcome['via']> {
  const res = await getPlan(deps.db, userId, now);
  const left = res.plan.state === 'active' ? itemsLeft(res.plan.days.find((d) => d.date === day)) : [];
  if (!left.length) return 'none';
  const user = await deps.db.one<{ name: string; call_name: string | null; email: string; verified: boolean }>(
    'select name, call_name, email, email_verified_at is not null as verified from users where id = $1',
    [userId],
  );
  if (!user) return 'none';
  const name = callName(user);
  if (await deps.hasPush(userId)) {
    await deps.notify(userId, { type: 'info', ...reminderText(name, left), link: PLAN_LINK });
    return 'push';
  }
  // An address never confirmed may not be theirs: no mail to it.
  if (!user.verified) return 'none';
  // One-click unsubscribe without a sign-in: the page in the body, RFC 8058's POST in the headers.
  const t = encodeURIComponent(signReminderOff(await deps.unsubscribeSecret(), userId, user.email, now));
  const mail = planReminderMail({
    product: deps.product,
    name,
    items: left,
    planUrl: deps.publicUrl + PLAN_LINK,
    settingsUrl: deps.publicUrl + PLAN_SETTINGS_LINK,
    unsubscribeUrl: `${deps.publicUrl}${REMINDER_OFF_PAGE}?t=${t}`,
    hour,
  });
  await deps.sendMail({
    to: user.email,
    ...mail,
    list: { unsubscribe: `${deps.publicUrl}${REMINDER_OFF_API}?t=${t}` },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return 'mail';
}

/**
 * The candidate's reminder now, as the job would send it (an administrator checking what a candidate
 * receives): push, mail or nothing; no day is claimed, so the day's own reminder still comes.
 * 409 FORM_PLAN_REMINDER_OFF when the candidate chose none (or has no plan settings).
 */
export async function remindNow(deps: ReminderDeps, userId: number): Promise<ReminderOutcome['via']> {
  const row = await deps.db.one<{ reminder_hour: number | null }>('select reminder_hour from plan_settings where user_id = $1', [userId]);
  if (row?.reminder_hour == null) throw conflict('FORM_PLAN_REMINDER_OFF');
  const now = deps.now();
  return remind(deps, userId, now, bucharestDate(now), row.reminder_hour);
}

/** One pass: every candidate due at this Bucharest hour and not yet decided today. */
export async function runReminders(deps: ReminderDeps): Promise<ReminderOutcome[]> {
  const now = deps.now();
  const hour = bucharestHour(now);
  const day = bucharestDate(now);
  const out: ReminderOutcome[] = [];
  if (hour < REMINDER_FIRST_HOUR || hour > REMINDER_LAST_HOUR) return out;
  const failed: number[] = [];
  for (;;) {
    const ids = await due(deps.db, hour, day, failed);
    for (const id of ids) {
      if (!(await claim(deps.db, id, day))) continue;
      try {
        const via = await remind(deps, id, now, day, hour);
        await deps.db.query('update plan_reminders_sent set via = $3 where user_id = $1 and day = $2::date', [id, day, via]);
        out.push({ user_id: id, via });
      } catch (err) {
        // Nothing was handed over: give the day back, so a later pass in the hour tries again.
        failed.push(id);
        deps.log?.warn({ err, userId: id }, 'plan reminder not sent');
        await deps.db.query("delete from plan_reminders_sent where user_id = $1 and day = $2::date and via = 'pending'", [id, day]);
      }
    }
    if (ids.length < BATCH) break;
  }
  await deps.db.query(`delete from plan_reminders_sent where day < $1::date - ${KEEP_DAYS}`, [day]);
  return out;
}

/** Starts the job in this process; every process may run it (the claim keeps them apart). */
export function startReminderJob(deps: ReminderDeps, everyMs = REMINDER_TICK_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runReminders(deps)
      .catch((err: unknown) => deps.log?.error({ err }, 'plan reminder job failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

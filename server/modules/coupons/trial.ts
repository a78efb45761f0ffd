// The free trial (issue 8 §5, SPEC §6 "once per year"): TRIAL_DAYS of premium, once per calendar
// year in Romania's time (Europe/Bucharest: 1 January starts a new year for a Romanian candidate
// at midnight there, not at UTC midnight). SPEC §9 reads both 3 and 5 days; the rule is 3
// (docs/ARCHITECTURE.md). The trial is a subscription period of kind 'trial'; the year's row in
// trial_activations is the once-only lock (primary key user + year).
import type { Db } from '../../db/db.ts';
import { conflict } from '../../lib/errors.ts';
import { TRIAL_DAYS } from '../../../src/shared/constants.ts';
import { addFreePeriod } from './queries.ts';

/** The calendar year in Bucharest at `now`. */
export function bucharestYear(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bucharest', year: 'numeric' }).format(now));
}

export async function activateTrial(db: Db, userId: number, now = new Date()): Promise<void> {
  const year = bucharestYear(now);
  try {
    await db.tx(async (t) => {
      // The users row lock queues two activations of one user; the primary key is the last guard.
      await t.query('select id from users where id = $1 for update', [userId]);
      if (await t.one('select 1 from trial_activations where user_id = $1 and year = $2', [userId, year]))
        throw conflict('FORM_TRIAL_ALREADY_USED');
      // The trial is for trying premium: a user who has it already keeps the trial for later.
      if (await t.one('select 1 from users where id = $1 and premium_until > now()', [userId])) throw conflict('FORM_USER_ALREADY_PREMIUM');
      const sub = await addFreePeriod(t, userId, 'trial', TRIAL_DAYS, null);
      await t.query('insert into trial_activations (user_id, year, subscription_id) values ($1, $2, $3)', [userId, year, sub]);
    });
  } catch (err) {
    if ((err as { code?: string })?.code === '23505') throw conflict('FORM_TRIAL_ALREADY_USED');
    throw err;
  }
}

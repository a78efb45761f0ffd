// The plan's daily reminder (issue 31 §1): the hours one may choose, the hour of an instant in
// Bucharest, what is still left of a day's plan, and the reminder's Romanian words (the push
// notification and the e-mail say the same). Shared by the settings dialog and the server's job.
import { pluralOr } from '../ro-count.ts';
import { PLAN_TIME_ZONE } from './calendar.ts';
import type { PlanDay, PlanItem } from './types.ts';

/** The earliest and latest hour a reminder may be set for, Bucharest time: never at night. */
export const REMINDER_FIRST_HOUR = 6;
export const REMINDER_LAST_HOUR = 22;
export const REMINDER_HOURS: number[] = Array.from(
  { length: REMINDER_LAST_HOUR - REMINDER_FIRST_HOUR + 1 },
  (_, i) => REMINDER_FIRST_HOUR + i,
);

/** "06:00" */
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The hour (0–23) of an instant on Bucharest's clock (EET/EEST, daylight saving included). */
export function bucharestHour(at: Date): number {
  const h = new Intl.DateTimeFormat('en-GB', { timeZone: PLAN_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number(h);
}

/** Whether an item of the day's plan is done (the "Azi" card ticks it the same way). */
export function itemDone(it: PlanItem): boolean {
  if (it.kind === 'read' || it.kind === 'simulation') return it.done;
  return it.done_count >= it.count;
}

/** The items of a day still to do. */
export const itemsLeft = (day: PlanDay | undefined): PlanItem[] => (day ? day.items.filter((it) => !itemDone(it)) : []);

/** Minutes of what is left (an offered simulation that does not fit the day counts as none). */
export function minutesLeft(items: PlanItem[]): number {
  return Math.round(items.reduce((m, it) => m + (it.kind === 'simulation' && !it.fits ? 0 : it.minutes), 0));
}

export function reminderText(name: string, items: PlanItem[]): { title: string; message: string } {
  const left = pluralOr(items.length, 'un lucru', 'lucruri');
  const min = minutesLeft(items);
  const time = min > 0 ? `, cam ${pluralOr(min, 'un minut', 'minute')}` : '';
  const who = name.trim() ? `${name.trim()}, mai` : 'Mai';
  return {
    title: 'Planul de azi te așteaptă',
    message: `${who} ai ${left} din planul de azi${time}. Deschide cardul „Azi” ca să continui.`,
  };
}

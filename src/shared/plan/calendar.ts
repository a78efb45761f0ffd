// Calendar dates as 'YYYY-MM-DD' strings, counted in whole days on UTC midnights so no daylight
// saving change can shift a day. "Today" is the date in Europe/Bucharest, where the exams are.

const DAY_MS = 86_400_000;

export const PLAN_TIME_ZONE = 'Europe/Bucharest';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a valid ISO date, or NaN. */
export function dayNumber(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return Number.NaN;
  return Math.round(t / DAY_MS);
}

export function isIsoDate(date: string): boolean {
  return Number.isFinite(dayNumber(date));
}

export function dateOfDay(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 = Monday … 6 = Sunday (the Romanian week). */
export function weekdayOf(date: string): number {
  return (new Date(dayNumber(date) * DAY_MS).getUTCDay() + 6) % 7;
}

/** The calendar date in Bucharest at an instant. */
export function bucharestDate(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: PLAN_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

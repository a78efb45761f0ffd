// How many days of premium are left (SPEC §2/§4 "premium display": -1 none, 0 the last day, N days
// left), one function for the server's user payload and every screen (issue 23 §1). Counted in
// calendar days of Romania (Europe/Bucharest), inclusively: the days after today on which premium
// still runs, the day it ends included. So 3 days of trial read "Încă 3 zile" right after activation
// (not 2, as whole 24-hour spans rounded down would say a second later), a month bought on
// 26 November reads 30 days, and the day premium ends reads 0, "Ultima zi de Premium".

const DAY_MS = 86_400_000;

// Made once: GET /user asks this on every request, and a formatter costs far more to build than to use.
const bucharestDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Days since the epoch of the calendar day in Bucharest at `t` (ms). */
function dayNumber(t: number): number {
  let y = 0;
  let m = 0;
  let d = 0;
  for (const p of bucharestDay.formatToParts(t)) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') m = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
  }
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/**
 * -1 when premium does not run at `now`; else the calendar days from today to the last day with
 * premium (the day of the instant before `until`: premium ending at midnight ends the day before).
 */
export function premiumDaysLeft(until: Date | string | number | null | undefined, now: number = Date.now()): number {
  if (until === null || until === undefined) return -1;
  const end = until instanceof Date ? until.getTime() : typeof until === 'number' ? until : Date.parse(until);
  if (Number.isNaN(end) || end <= now) return -1;
  return Math.max(0, dayNumber(end - 1) - dayNumber(now));
}

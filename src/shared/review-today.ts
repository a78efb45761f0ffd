// The review page's line for cards due later today (issue 31 §1): the plan counts every card due by
// the end of today (server/modules/review/due.ts), so when none is due this minute the review page
// says how many are still coming today and when the first is, instead of "nothing to review".
import { plural } from './ro-count.ts';

/** "5 grile de recapitulat azi, prima peste 9 min" / "…, prima la 18:40"; null when none is left today. */
export function laterTodayText(dueToday: number, nextDue: string | null, now: Date = new Date()): string | null {
  if (dueToday <= 0 || !nextDue) return null;
  const head = `${plural(dueToday, 'grilă', 'grile')} de recapitulat azi`;
  const min = Math.max(1, Math.ceil((new Date(nextDue).getTime() - now.getTime()) / 60_000));
  if (min < 60) return `${head}, ${dueToday === 1 ? 'peste' : 'prima peste'} ${min} min`;
  const at = new Date(nextDue).toLocaleTimeString('ro-RO', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Bucharest' });
  return `${head}, ${dueToday === 1 ? 'la' : 'prima la'} ${at}`;
}

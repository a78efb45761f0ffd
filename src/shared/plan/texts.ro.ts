// The plan's Romanian texts (issue 31 §1): the explanation line and the dashboard's words, one
// place for server and app.
import { plural } from '../ro-count.ts';
import type { PlanExplanation } from './types.ts';

const chapters = (n: number) => (n === 1 ? 'un capitol' : plural(n, 'capitol', 'capitole'));
const grids = (n: number) => (n === 1 ? 'o grilă' : plural(n, 'grilă', 'grile'));

function what(c: number, g: number): string {
  return [c > 0 ? chapters(c) : '', g > 0 ? grids(g) : ''].filter(Boolean).join(' și ');
}

/** "Ai rămas în urmă cu 40 de grile: le-am împărțit pe următoarele 12 zile." */
export function explanationText(e: PlanExplanation): string {
  if (e.kind === 'ahead') return `Ești înainte cu ${what(e.chapters, e.grids)}: ultima săptămână rămâne mai ușoară.`;
  const one = e.chapters + e.grids === 1;
  const verb = one ? (e.chapters === 1 ? 'l-am mutat' : 'am mutat-o') : 'le-am împărțit';
  const when = e.days <= 1 ? 'pe ziua următoare' : `pe următoarele ${plural(e.days, 'zi', 'zile')}`;
  if (e.days === 0) return `Ai rămas în urmă cu ${what(e.chapters, e.grids)}: nu mai încape în zilele rămase.`;
  return `Ai rămas în urmă cu ${what(e.chapters, e.grids)}: ${verb} ${when}.`;
}

/** Under today's ticked-off list once every item is done: said plainly, with what tomorrow asks. */
export function dayDoneText(tomorrowMinutes: number | null): string {
  const next = tomorrowMinutes && tomorrowMinutes > 0 ? ` Mâine: ${plural(Math.ceil(tomorrowMinutes), 'minut', 'minute')}.` : '';
  return `Gata pe azi: ai făcut tot ce era în plan.${next}`;
}

// The readiness chart's Romanian texts (issue 31 §3): the text alternative and the table's words.
import { formatNumber as formatGrade } from '../number-format.ts';
import type { ReadinessHistory, ReadinessPoint } from './types.ts';

export const READINESS_TEXTS = {
  title: 'Cât de pregătit ești',
  intro: 'Nota estimată după fiecare simulare și săptămânal din exersare, cu intervalul ei de incertitudine.',
  asTable: 'Vezi ca tabel',
  asChart: 'Vezi graficul',
  empty: 'Încă nu avem puncte: termină o simulare a centrului sau cel puțin 10 grile într-o săptămână.',
  offline: 'Copia de pe acest dispozitiv',
  colDate: 'Data',
  colKind: 'Din',
  colGrade: 'Nota estimată',
  colGradeShort: 'Nota',
  colBand: 'Interval',
  colGap: 'Față de prag',
  simulation: 'simulare',
  practice: 'exersare (săptămâna)',
  practiceShort: 'exersare',
  noThreshold: 'Pragul de admitere al centrului nu e cunoscut încă.',
  bandHelp:
    'Intervalul: după o simulare, ± abaterea ultimelor 5 note la simulări (cel puțin 0,5); pentru o săptămână de exersare, intervalul Wilson de 95 % al punctajului pe grilele săptămânii.',
  linkFromResult: 'Vezi evoluția pregătirii',
  loadFailed: 'Nu am putut încărca evoluția pregătirii.',
} as const;

const day = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};
export const shortDay = (iso: string) => {
  const [, m, d] = iso.split('-');
  return `${d}.${m}`;
};
export const formatDay = day;

const signed = (x: number) => (x > 0 ? `+${formatGrade(x)}` : x < 0 ? `−${formatGrade(-x)}` : formatGrade(0));

/** The table's gap column, under the header "Față de prag": just the signed difference. */
export const signedGap = signed;

export function gapText(gap: number): string {
  if (gap >= 0) return `${signed(gap)} peste prag`;
  return `${formatGrade(-gap)} sub prag`;
}

export function thresholdText(t: NonNullable<ReadinessHistory['threshold']>): string {
  return `Ultimul prag de admitere: ${formatGrade(t.min_grade)} (${t.specialization}, ${t.year}; sursa: ${t.source || 'nespecificată'})`;
}

export function pointKind(p: ReadinessPoint): string {
  return p.kind === 'simulation' ? READINESS_TEXTS.simulation : READINESS_TEXTS.practice;
}

/** The chart's text alternative: the latest estimate, its band and the gap to the threshold. */
export function readinessAlt(h: ReadinessHistory): string {
  const latest = h.points.at(-1);
  const name = `Estimarea admiterii la ${h.center.name}`;
  if (!latest) return `${name}: încă nu sunt puncte.`;
  const parts = [
    `${name}, ${h.points.length === 1 ? 'un punct' : `${h.points.length} puncte`}.`,
    `Ultima estimare (${day(latest.date)}, ${pointKind(latest)}): ${formatGrade(latest.grade)}, interval ${formatGrade(latest.low)}–${formatGrade(latest.high)}.`,
  ];
  if (h.threshold) parts.push(`Pragul ${h.threshold.year}: ${formatGrade(h.threshold.min_grade)}; ${h.gap === null ? '' : gapText(h.gap)}.`);
  else parts.push(READINESS_TEXTS.noThreshold);
  return parts.join(' ');
}

// What a candidate reads before a simulation's clock starts (issue 32 §5): the questions by type,
// how each is scored, the points granted for attending and the time. Pure, from the centre's
// scoring profile (the same data that grades the test), so the page never says other rules
// than the ones applied.
import type { GridRule, PartialRule, QuestionRange, QuestionType, ScoringProfile } from '../../shared/scoring.ts';
import { fmt, minutesLabel } from './format.ts';
import { plural } from '../practice/format.ts';

const TYPE: Record<QuestionType, string> = {
  CS: 'complement simplu (un singur răspuns corect)',
  CM: 'complement multiplu (unul sau mai multe răspunsuri corecte)',
  CG: 'complement grupat',
};

const RULE: Record<PartialRule, string> = {
  all_or_nothing: 'punctajul se acordă doar dacă bifezi exact variantele corecte',
  proportional_zero_on_wrong: 'primești o parte din punctaj pentru fiecare variantă corectă bifată, dar 0 dacă bifezi și o variantă greșită',
  per_option: 'fiecare variantă corectă bifată aduce o parte din punctaj, fiecare greșită scade o parte (cel puțin 0)',
};

const SUBJECT: Record<string, string> = { biologie: 'biologie', chimie: 'chimie', fizica: 'fizică' };

/** 1 → "1 punct", 0.5 → "0,5 puncte", 20 → "20 de puncte". */
export function pointsText(n: number): string {
  return Number.isInteger(n) ? plural(n, 'punct', 'puncte') : `${fmt(n)} puncte`;
}

const ruleText = (r: GridRule) => `${pointsText(r.points)} fiecare; ${RULE[r.rule]}`;

export type RulesText = { questions: string[]; grade: string[]; time: string };

export function simulationRules(profile: ScoringProfile | undefined, gridCount: number, timeLimitS: number): RulesText {
  const questions: string[] = [];
  if (profile && profile.question_count === gridCount && profile.ranges.length) {
    // Neighbouring ranges of one subject, type and rule are said once, with each part's points
    // (Timișoara's chemistry is three ranges of one kind): a phone's screen holds the whole list.
    const groups: QuestionRange[][] = [];
    for (const r of profile.ranges) {
      const last = groups.at(-1)?.at(-1);
      if (last && last.to + 1 === r.from && last.subject === r.subject && last.type === r.type && last.rule === r.rule && last.penalty === r.penalty)
        groups.at(-1)!.push(r);
      else groups.push([r]);
    }
    for (const g of groups) {
      const first = g[0]!;
      const subject = first.subject ? `${SUBJECT[first.subject] ?? first.subject}, ` : '';
      const points =
        g.length === 1 ? `${pointsText(first.points)} fiecare` : g.map((r) => `${r.from}–${r.to}: ${pointsText(r.points)}`).join(', ');
      questions.push(`Întrebările ${first.from}–${g.at(-1)!.to}: ${subject}${TYPE[first.type]}, ${points}; ${RULE[first.rule]}.`);
    }
  } else {
    questions.push(gridCount === 1 ? 'O întrebare.' : `${plural(gridCount, 'întrebare', 'întrebări')}.`);
    if (profile) for (const t of ['CS', 'CM'] as const) questions.push(`Grilele ${t}, ${TYPE[t]}: ${ruleText(profile.type_rules[t])}.`);
  }
  const grade: string[] = [];
  if (profile) {
    const f = profile.final;
    if (f.attendance_points > 0) grade.push(`Primești ${pointsText(f.attendance_points)} din oficiu, oricâte răspunsuri ai da.`);
    const sum = f.attendance_points > 0 ? 'punctele obținute + punctele din oficiu' : 'punctele obținute';
    grade.push(`Nota = (${sum}) / ${fmt(f.scale_divisor)}, trunchiată la ${f.truncate_decimals} zecimale; nota de trecere este ${fmt(f.pass_mark)}.`);
    if (!profile.known) grade.push('Regulile acestui centru nu sunt confirmate: nota este o estimare.');
  }
  const time = `Ai ${minutesLabel(timeLimitS)}. Cronometrul pornește când apeși „Pornește simularea” și nu se oprește dacă ieși din test sau închizi aplicația: la final testul se predă singur.`;
  return { questions, grade, time };
}

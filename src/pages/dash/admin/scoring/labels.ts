// Romanian labels of the scoring-profile editor's choices (types, rules, subjects, estimated parts).
import type { EstimatedPart, PartialRule, QuestionType, Subject } from '../../../../shared/scoring.ts';

export const TYPE_LABEL: Record<QuestionType, string> = {
  CS: 'CS – complement simplu',
  CM: 'CM – complement multiplu',
  CG: 'CG – complement grupat',
};
export const TYPE_OPTIONS = (['CS', 'CM', 'CG'] as const).map((t) => [t, TYPE_LABEL[t]] as const);

export const RULE_LABEL: Record<PartialRule, string> = {
  all_or_nothing: 'Totul sau nimic',
  proportional_zero_on_wrong: 'Parțial m/k, 0 la orice variantă greșită',
  per_option: 'Pe variantă: +1/k corectă, −penalizare/k greșită (minimum 0)',
};
export const RULE_OPTIONS = (['all_or_nothing', 'proportional_zero_on_wrong', 'per_option'] as const).map((r) => [r, RULE_LABEL[r]] as const);

export const SUBJECT_LABEL: Record<Subject, string> = { biologie: 'Biologie', chimie: 'Chimie', fizica: 'Fizică' };
export const SUBJECT_OPTIONS: ReadonlyArray<readonly ['' | Subject, string]> = [
  ['', 'Nespecificată'],
  ['biologie', 'Biologie'],
  ['chimie', 'Chimie'],
  ['fizica', 'Fizică'],
];

export const PART_LABEL: Record<EstimatedPart, string> = {
  question_count: 'Numărul de întrebări',
  time_limit: 'Durata',
  ranges: 'Intervalele (materii, tipuri, puncte)',
  rules: 'Regula de punctare parțială',
  final: 'Formula notei finale',
  subject_variants: 'Variantele de materii',
};

/** 1.5 → '1,5' (Romanian decimals), at most `d` decimals. */
export const ro = (n: number, d = 4) => n.toLocaleString('ro-RO', { maximumFractionDigits: d, useGrouping: false });

// The scoring-profile editor's form state: numbers are kept as the typed text (so '0,5' or a
// half-typed value survives) and turned into the PUT body by toBody(), which the shared
// scoringProfileBody checks — the same schema the server applies — giving errors keyed by field
// path ('ranges.1.from', 'final.pass_mark'…).
import { check } from '../../../../shared/validation.ts';
import type { z } from 'zod';
import { scoringProfileBody } from '../../../../shared/test-schema.ts';
import type { EstimatedPart, GridRule, PartialRule, QuestionType, ScoringProfile, Subject } from '../../../../shared/scoring.ts';

export type RuleDraft = { rule: PartialRule; points: string; penalty: string };
export type RangeDraft = RuleDraft & { key: number; from: string; to: string; type: QuestionType; subject: Subject | '' };
export type FinalDraft = {
  attendance_points: string;
  scale_divisor: string;
  truncate_decimals: string;
  pass_mark: string;
  /** Shown in percent (10 for Târgu Mureș); the profile stores 0–1. */
  bac_share_pct: string;
};
export type Draft = {
  name: string;
  known: boolean;
  source: string;
  source_year: string;
  estimated_parts: EstimatedPart[];
  question_count: string;
  time_limit_min: string;
  ranges: RangeDraft[];
  type_rules: Record<QuestionType, RuleDraft>;
  final: FinalDraft;
  subject_variants: Subject[][];
};

export type Errors = Record<string, string[]>;

let nextKey = 1;
/** A stable React key for a new range row. */
export const newKey = () => nextKey++;

/** Decimal text → number ('0,5' → 0.5); '' → undefined so the schema answers FIELD_REQUIRED. */
export function num(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  return t === '' ? undefined : Number(t);
}
const nullable = (text: string) => (text.trim() === '' ? null : num(text));
const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

const ruleDraft = (r: GridRule): RuleDraft => ({ rule: r.rule, points: str(r.points), penalty: str(r.penalty) });

export function fromProfile(p: ScoringProfile): Draft {
  return {
    name: p.name,
    known: p.known,
    source: p.source,
    source_year: p.source_year ?? '',
    estimated_parts: [...(p.estimated_parts ?? [])],
    question_count: str(p.question_count),
    time_limit_min: str(p.time_limit_min),
    ranges: p.ranges.map((r) => ({ ...ruleDraft(r), key: newKey(), from: str(r.from), to: str(r.to), type: r.type, subject: r.subject ?? '' })),
    type_rules: { CS: ruleDraft(p.type_rules.CS), CM: ruleDraft(p.type_rules.CM), CG: ruleDraft(p.type_rules.CG) },
    final: {
      attendance_points: str(p.final.attendance_points),
      scale_divisor: str(p.final.scale_divisor),
      truncate_decimals: str(p.final.truncate_decimals),
      pass_mark: str(p.final.pass_mark),
      // 0.1 × 100 = 10.000000000000002 in floating point
      bac_share_pct: str(Math.round(p.final.bac_share * 100 * 1e6) / 1e6),
    },
    subject_variants: p.subject_variants.map((v) => [...v]),
  };
}

function ruleBody(r: RuleDraft) {
  const penalty = r.rule === 'per_option' && r.penalty.trim() !== '' ? { penalty: num(r.penalty) } : {};
  return { rule: r.rule, points: num(r.points), ...penalty };
}

/** The PUT body (unchecked: the schema decides). */
export function toBody(d: Draft): unknown {
  const pct = num(d.final.bac_share_pct);
  return {
    name: d.name,
    known: d.known,
    source: d.source,
    source_year: d.source_year,
    // a confirmed profile has no assumed part; the checkboxes are hidden, not cleared, while known
    estimated_parts: d.known ? [] : d.estimated_parts,
    question_count: nullable(d.question_count),
    time_limit_min: nullable(d.time_limit_min),
    ranges: d.ranges.map((r) => ({
      ...ruleBody(r),
      from: num(r.from),
      to: num(r.to),
      type: r.type,
      ...(r.subject ? { subject: r.subject } : {}),
    })),
    type_rules: { CS: ruleBody(d.type_rules.CS), CM: ruleBody(d.type_rules.CM), CG: ruleBody(d.type_rules.CG) },
    final: {
      attendance_points: num(d.final.attendance_points),
      scale_divisor: num(d.final.scale_divisor),
      truncate_decimals: num(d.final.truncate_decimals),
      pass_mark: num(d.final.pass_mark),
      bac_share: pct === undefined || Number.isNaN(pct) ? pct : pct / 100,
    },
    subject_variants: d.subject_variants,
  };
}

/** Checks the draft with the shared schema: the parsed body, or the errors by field path. */
export type CheckedBody = z.output<typeof scoringProfileBody>;
export function validate(d: Draft): { body: CheckedBody; errors: null } | { body: null; errors: Errors } {
  const raw = toBody(d);
  const invalid = check(scoringProfileBody, raw);
  if (invalid) return { body: null, errors: invalid.errors };
  return { body: scoringProfileBody.parse(raw), errors: null };
}

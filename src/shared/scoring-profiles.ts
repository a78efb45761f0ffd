// Default scoring profiles, one per centre (slug = centers.slug). Source: docs DOMAIN.md.
// Migrations 005 (profiles) and 026 (source_year, estimated_parts) seed the scoring_profiles table
// with exactly these (a unit test checks they agree); administrators then edit them at
// /admin/punctare (PUT /admin/scoring-profiles/:slug). Only Timișoara is fully known; the others
// carry what was found, `known: false`, a note of what is missing and the list of their assumed
// parts, so the app can label their grades as estimates. DOMAIN.md gives a year only for Timișoara
// (2019–2020) and Iași (final = 100 % test since 2022); the others' source_year stays empty.
import type { FinalFormula, GridRule, QuestionRange, ScoringProfile, QuestionType } from './scoring.ts';

/** The reference profile: used for users without a centre or whose centre has no profile. */
export const DEFAULT_PROFILE_SLUG = 'timisoara';

const aon = (points = 1): GridRule => ({ rule: 'all_or_nothing', points });
const prop = (points = 1): GridRule => ({ rule: 'proportional_zero_on_wrong', points });

const typeRules = (cm: GridRule): Record<QuestionType, GridRule> => ({ CS: aon(), CM: cm, CG: aon() });

/** 1–10 scale from 100 test points and no attendance points (assumption where unknown). */
const per100: FinalFormula = {
  attendance_points: 0,
  scale_divisor: 10,
  truncate_decimals: 2,
  pass_mark: 5,
  bac_share: 0,
};

const range = (
  from: number,
  to: number,
  type: QuestionType,
  rule: GridRule,
  subject?: QuestionRange['subject'],
): QuestionRange => ({
  from,
  to,
  type,
  ...rule,
  ...(subject ? { subject } : {}),
});

export const DEFAULT_SCORING_PROFILES: ScoringProfile[] = [
  {
    slug: 'timisoara',
    name: 'UMF „Victor Babeș” Timișoara',
    known: true,
    source:
      'Metodologia UMF Timișoara (2019–2020): 90 de întrebări, 3 ore; Q1–60 biologie CM (1 p, punctaj parțial m/k, 0 la orice variantă greșită); Q61–90 chimie organică CS (Q61–75 1 p, Q76–85 0,5 p, Q86–90 2 p); +10 puncte din oficiu; total/10, trunchiat la 2 zecimale; promovare ≥ 5.',
    source_year: '2019–2020',
    estimated_parts: [],
    question_count: 90,
    time_limit_min: 180,
    ranges: [
      range(1, 60, 'CM', prop(1), 'biologie'),
      range(61, 75, 'CS', aon(1), 'chimie'),
      range(76, 85, 'CS', aon(0.5), 'chimie'),
      range(86, 90, 'CS', aon(2), 'chimie'),
    ],
    type_rules: typeRules(prop()),
    final: { attendance_points: 10, scale_divisor: 10, truncate_decimals: 2, pass_mark: 5, bac_share: 0 },
    subject_variants: [['biologie', 'chimie']],
  },
  {
    slug: 'bucuresti',
    name: 'UMF „Carol Davila” București',
    known: false,
    source:
      '100 de întrebări, 3 ore, maximum 100 de puncte, biologie + chimie organică. Împărțirea pe materii și regula de punctare nu au fost găsite: presupunem 1 p per întrebare, totul sau nimic.',
    source_year: '',
    estimated_parts: ['ranges', 'rules', 'final'],
    question_count: 100,
    time_limit_min: 180,
    ranges: [range(1, 100, 'CM', aon(1))],
    type_rules: typeRules(aon()),
    final: per100,
    subject_variants: [['biologie', 'chimie']],
  },
  {
    slug: 'cluj-napoca',
    name: 'UMF „Iuliu Hațieganu” Cluj-Napoca',
    known: false,
    source:
      'Test de 2 ore, rezultate în aceeași zi pe scala 1–10, biologie + chimie. Centru cu punctaje parțiale; numărul de întrebări și barema nu au fost găsite: presupunem 100 de întrebări, 1 p, parțial m/k.',
    source_year: '',
    estimated_parts: ['question_count', 'ranges', 'rules', 'final'],
    question_count: null,
    time_limit_min: 120,
    ranges: [range(1, 100, 'CM', prop(1))],
    type_rules: typeRules(prop()),
    final: per100,
    subject_variants: [['biologie', 'chimie']],
  },
  {
    slug: 'iasi',
    name: 'UMF „Grigore T. Popa” Iași',
    known: false,
    source:
      '3 ore; Medicină/Medicină dentară: biologie XI (60%) + chimie organică sau fizică (40%); media finală = 100% test din 2022. Numărul de întrebări și regula de punctare nu au fost găsite (presupunem 100, 1 p, totul sau nimic).',
    source_year: '2022',
    estimated_parts: ['question_count', 'ranges', 'rules', 'final'],
    question_count: null,
    time_limit_min: 180,
    ranges: [range(1, 60, 'CM', aon(1), 'biologie'), range(61, 100, 'CM', aon(1), 'chimie')],
    type_rules: typeRules(aon()),
    final: per100,
    subject_variants: [
      ['biologie', 'chimie'],
      ['biologie', 'fizica'],
    ],
  },
  {
    slug: 'targu-mures',
    name: 'UMFST „George Emil Palade” Târgu Mureș',
    known: false,
    source:
      '100 de întrebări, 3 ore, o singură materie (biologie sau chimie); media = 90% test + 10% bacalaureat; la Farmacie 5 variante, una corectă. Regula de punctare la Medicină nu a fost găsită (presupunem 1 p, totul sau nimic).',
    source_year: '',
    estimated_parts: ['ranges', 'rules', 'final'],
    question_count: 100,
    time_limit_min: 180,
    ranges: [range(1, 100, 'CM', aon(1))],
    type_rules: typeRules(aon()),
    final: { ...per100, bac_share: 0.1 },
    subject_variants: [['biologie'], ['chimie']],
  },
  {
    slug: 'craiova',
    name: 'UMF Craiova',
    known: false,
    source:
      '3 ore (2 ore pentru testele de 50 de întrebări), 5 variante; foaie de răspuns autocopiativă. Centru cu punctaje parțiale; materiile și barema nu au fost găsite (presupunem 100 de întrebări, 1 p, parțial m/k).',
    source_year: '',
    estimated_parts: ['question_count', 'ranges', 'rules', 'final', 'subject_variants'],
    question_count: null,
    time_limit_min: 180,
    ranges: [range(1, 100, 'CM', prop(1))],
    type_rules: typeRules(prop()),
    final: per100,
    subject_variants: [['biologie', 'chimie']],
  },
  {
    slug: 'constanta',
    name: 'Universitatea „Ovidius” Constanța',
    known: false,
    source:
      '100 de întrebări, 3 ore: biologie 75% + chimie organică sau fizică 25%; departajare după media de bacalaureat. Centru cu punctaje parțiale; barema exactă nu a fost găsită (presupunem 1 p, parțial m/k).',
    source_year: '',
    estimated_parts: ['ranges', 'rules', 'final'],
    question_count: 100,
    time_limit_min: 180,
    ranges: [range(1, 75, 'CM', prop(1), 'biologie'), range(76, 100, 'CM', prop(1), 'chimie')],
    type_rules: typeRules(prop()),
    final: per100,
    subject_variants: [
      ['biologie', 'chimie'],
      ['biologie', 'fizica'],
    ],
  },
  {
    slug: 'sibiu',
    name: 'Universitatea „Lucian Blaga” Sibiu',
    known: false,
    source:
      'Centru cu punctaje parțiale; formatul examenului nu a fost găsit (presupunem 100 de întrebări, 3 ore, 1 p, parțial m/k).',
    source_year: '',
    estimated_parts: ['question_count', 'time_limit', 'ranges', 'rules', 'final', 'subject_variants'],
    question_count: null,
    time_limit_min: 180,
    ranges: [range(1, 100, 'CM', prop(1))],
    type_rules: typeRules(prop()),
    final: per100,
    subject_variants: [['biologie', 'chimie']],
  },
  {
    slug: 'galati',
    name: 'Universitatea „Dunărea de Jos” Galați',
    known: false,
    source:
      '100 de întrebări, 3 ore: 60 biologie XI + 40 chimie organică; media = 100% test. Regula de punctare nu a fost găsită (presupunem 1 p, totul sau nimic).',
    source_year: '',
    estimated_parts: ['ranges', 'rules', 'final'],
    question_count: 100,
    time_limit_min: 180,
    ranges: [range(1, 60, 'CM', aon(1), 'biologie'), range(61, 100, 'CM', aon(1), 'chimie')],
    type_rules: typeRules(aon()),
    final: per100,
    subject_variants: [['biologie', 'chimie']],
  },
  {
    slug: 'oradea',
    name: 'Universitatea din Oradea',
    known: false,
    source:
      'Informații parțiale; la Medicină dentară biologie sau chimie organică. Formatul nu a fost găsit (presupunem 100 de întrebări, 3 ore, 1 p, totul sau nimic).',
    source_year: '',
    estimated_parts: ['question_count', 'time_limit', 'ranges', 'rules', 'final', 'subject_variants'],
    question_count: null,
    time_limit_min: 180,
    ranges: [range(1, 100, 'CM', aon(1))],
    type_rules: typeRules(aon()),
    final: per100,
    subject_variants: [['biologie', 'chimie'], ['biologie'], ['chimie']],
  },
];

export function defaultProfile(slug: string = DEFAULT_PROFILE_SLUG): ScoringProfile | undefined {
  return DEFAULT_SCORING_PROFILES.find((p) => p.slug === slug);
}

// Simulations (issue 9 §1): request bodies (zod, codes as messages) and response payloads, shared by
// server/modules/simulations and the app's screens. A simulation is a fixed paper built to a
// centre's scoring profile; the candidate takes it as a test of kind 'simulation'.
import { z } from 'zod';
import { SUBJECTS, type Subject } from './scoring.ts';
import { uuid } from './validation.ts';
import { isoDateTime, plainString, text } from './input-rules.ts';
import type { ServerTest } from './practice-payloads.ts';

export const SIMULATION_KINDS = ['centre', 'source', 'medinsider'] as const;
export type SimulationKind = (typeof SIMULATION_KINDS)[number];
export const SIMULATION_TITLE_MAX = 200;
export const SIMULATION_TIME_MIN_MAX = 600;
/** Listings return at most this many simulations (newest first). */
export const SIMULATION_LIST_LIMIT = 100;

const slug = z.string({ error: 'FORM_CENTER_INVALID' }).regex(/^[a-z0-9-]{2,60}$/, 'FORM_CENTER_INVALID');
const variant = z
  .array(z.enum(SUBJECTS, { error: 'FORM_SIMULATION_VARIANT_INVALID' }), { error: 'FORM_SIMULATION_VARIANT_INVALID' })
  .min(1, 'FORM_SIMULATION_VARIANT_INVALID')
  .max(2, 'FORM_SIMULATION_VARIANT_INVALID');

export const createSimulationBody = z
  .object({
    /** A partner's own uuid (Medinsider links); generated when absent. */
    id: uuid.optional(),
    title: text({ required: 'FORM_TITLE_REQUIRED', long: 'FORM_TITLE_TOO_LONG' }, 1, SIMULATION_TITLE_MAX),
    kind: z.enum(SIMULATION_KINDS, { error: 'FIELD_INVALID' }),
    profile_slug: slug,
    variant,
    /** grids.source of the question book (required for kind 'source'). */
    source_book: plainString(300).trim().min(1, 'FIELD_REQUIRED').nullish(),
    /** Defaults to the profile's time limit (180 minutes when unknown). */
    time_limit_min: z.number({ error: 'FIELD_INVALID' }).int('FIELD_INVALID').min(1, 'FIELD_TOO_SMALL').max(SIMULATION_TIME_MIN_MAX, 'FIELD_TOO_LARGE').nullish(),
    is_premium: z.boolean({ error: 'FIELD_INVALID' }).default(false),
    opens_at: isoDateTime().nullish(),
    closes_at: isoDateTime().nullish(),
    publish: z.boolean({ error: 'FIELD_INVALID' }).default(false),
  })
  .refine((b) => !b.opens_at || !b.closes_at || Date.parse(b.opens_at) < Date.parse(b.closes_at), {
    message: 'FIELD_INVALID',
    path: ['closes_at'],
  })
  .refine((b) => b.kind !== 'source' || Boolean(b.source_book), { message: 'FIELD_REQUIRED', path: ['source_book'] });
export type CreateSimulationBody = z.input<typeof createSimulationBody>;

export const simulationListQuery = z.object({
  kind: z.enum(SIMULATION_KINDS, { error: 'FIELD_INVALID' }).optional(),
  center: slug.optional(),
  /** Comma-separated subjects, e.g. "biologie,chimie". */
  variant: plainString(40).optional(),
  source: plainString(300).optional(),
});

export const simulationIdParams = z.object({ id: z.string({ error: 'FORM_SIMULATION_NOT_FOUND' }).max(64) });

/** One simulation as a candidate sees it, with their own attempts. */
export type SimulationSummary = {
  id: string;
  title: string;
  kind: SimulationKind;
  profile: { slug: string; name: string; known: boolean };
  variant: Subject[];
  source_book: string | null;
  grid_count: number;
  time_limit_s: number;
  is_premium: boolean;
  opens_at: string | null;
  closes_at: string | null;
  /** open now, not yet open, or closed */
  window: 'open' | 'upcoming' | 'closed';
  published: boolean;
  finished_count: number;
  /** The caller's unfinished attempt (the app resumes it) and best finished one. */
  my_open_test_id: string | null;
  my_best: { test_id: string; score: number; max_score: number; grade: number; finished_at: string } | null;
};

export type SimulationList = { simulations: SimulationSummary[] };
export type SimulationDetail = { simulation: SimulationSummary };
export type SimulationStarted = { success: 'TEST_CREATED'; test: ServerTest; created: boolean };
export type SimulationCreated = { success: 'SIMULATION_CREATED'; simulation: SimulationSummary };
export type SimulationPublished = { success: 'SIMULATION_PUBLISHED'; simulation: SimulationSummary };

export type BreakdownRow = { key: string; label: string; points: number; max_points: number; right: number; total: number };

/** GET /tests/:id/simulation: the result of a finished simulation test. */
export type SimulationResult = {
  simulation: SimulationSummary;
  test_id: string;
  score: number;
  max_score: number;
  grade: number;
  passed: boolean;
  /** false when the centre's rules are partly assumed: the app labels score and grade as estimates. */
  profile_known: boolean;
  profile_source: string;
  mapping: 'positional' | 'by_type';
  rank: number;
  total: number;
  /** Share of the others ranked below (0–100); null when no one else finished. */
  percentile: number | null;
  by_subject: BreakdownRow[];
  by_chapter: BreakdownRow[];
  /** The paper's hardest grids among everyone who finished it (empty until HARDEST_MIN_TAKERS did). */
  hardest: HardGrid[];
};

/** Candidates who must have finished a simulation before its hardest grids are shown. */
export const HARDEST_MIN_TAKERS = 5;
export const HARDEST_COUNT = 5;
export type HardGrid = { position: number; grid_id: number; statement: string; share_right: number; attempts: number };

/** PUT /admin/admission-thresholds/:center/:specialization/:year */
export const admissionThresholdBody = z.object({
  min_grade: z.number({ error: 'FIELD_INVALID' }).min(0, 'FIELD_TOO_SMALL').max(10, 'FIELD_TOO_LARGE'),
  places: z.number({ error: 'FIELD_INVALID' }).int('FIELD_INVALID').min(0, 'FIELD_TOO_SMALL').max(100_000, 'FIELD_TOO_LARGE').nullish(),
  source: text({ required: 'FIELD_REQUIRED', short: 'FIELD_TOO_SHORT', long: 'FIELD_TOO_LONG' }, 3, 1000),
});
export const admissionThresholdParams = z.object({
  center: slug,
  specialization: z.string({ error: 'FIELD_INVALID' }).regex(/^[a-z0-9-]{2,60}$/, 'FIELD_INVALID'),
  year: z.coerce.number({ error: 'FIELD_INVALID' }).int('FIELD_INVALID').min(2000, 'FIELD_TOO_SMALL').max(2100, 'FIELD_TOO_LARGE'),
});

/** How many of the candidate's latest simulation grades at a centre the estimate uses. */
export const ESTIMATE_LAST_GRADES = 5;
/** The spread assumed when there are too few grades: one simulation is not the exam (±0.5 grade points at least). */
export const ESTIMATE_MIN_SPREAD = 0.5;

export type AdmissionEstimate = {
  center: { slug: string; name: string; known: boolean };
  /** The candidate's grades used (newest first) and the range they suggest; null without any finished simulation. */
  grades: number[];
  range: { low: number; high: number } | null;
  /** The baccalaureate's share of the admission average (the estimate leaves it out when > 0). */
  bac_share: number;
  specializations: Array<{
    slug: string;
    name: string;
    thresholds: Array<{ year: number; min_grade: number; places: number | null; source: string }>;
    /** above: the whole range is above every year's threshold; below: under every one; borderline otherwise. */
    verdict: 'above' | 'borderline' | 'below' | null;
  }>;
};

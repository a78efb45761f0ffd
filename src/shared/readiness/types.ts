// Readiness over time (issue 31 §3): the admission estimate's history per centre, its payload and
// query, one definition for server and app.
import { z } from 'zod';

/** Weeks of practice the history looks back over (the query is bounded by it). */
export const READINESS_WEEKS = 26;
/** At most this many simulations of a centre in the history (newest kept). */
export const READINESS_MAX_SIMULATIONS = 30;
/** At most this many answered grids read for the weekly points (newest kept): bounds the query. */
export const READINESS_MAX_GRIDS = 5000;
/** A week with fewer grids than this gives no point: three grids say nothing about an exam. */
export const READINESS_MIN_WEEK_GRIDS = 10;
/** z of the weekly band's Wilson interval: 1.96, a 95 % interval on the share of points earned. */
export const READINESS_Z = 1.96;

export const readinessQuery = z.object({
  center: z.string({ error: 'FORM_CENTER_INVALID' }).regex(/^[a-z0-9-]{2,60}$/, 'FORM_CENTER_INVALID').optional(),
});

export type ReadinessPoint = {
  /** Bucharest day: the simulation's finish day, or the Monday of the practice week. */
  date: string;
  kind: 'simulation' | 'practice';
  grade: number;
  low: number;
  high: number;
  /** Grids behind a practice point; simulations behind a simulation point's band. */
  n: number;
};

export type ReadinessThreshold = { year: number; min_grade: number; source: string; specialization: string };

export type ReadinessHistory = {
  center: { slug: string; name: string; known: boolean };
  /** The centre's last known admission threshold (latest year, first specialization), null when none is known. */
  threshold: ReadinessThreshold | null;
  /** Oldest first. */
  points: ReadinessPoint[];
  /** latest point's grade − threshold (null without either). */
  gap: number | null;
};

export type ReadinessList = { centers: ReadinessHistory[]; weeks: number };

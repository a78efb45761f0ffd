// What GET /stats answers (server/modules/stats/queries.ts): declared once here, returned by the
// server (annotated, so a drift fails the typecheck) and read by src/api/stats.ts.

/** Counts of answered grids (blank answers do not count); correct_pct = right / answered × 100. */
export type Agg = { answered: number; right: number; partial: number; wrong: number; correct_pct: number };
/**
 * The candidate's own place among candidates with enough answers in a chapter or subject (issue 31
 * §2; thresholds in item-stats.ts). Only the candidate's percentile (the share of the others with a
 * lower accuracy, rounded down to PEER_PERCENTILE_STEP) and the group's size rounded down to
 * PEER_GROUP_STEP: no other person's data.
 */
export type PeerRank =
  | { ranked: true; percentile: number; candidates_at_least: number }
  | { ranked: false; reason: 'own_answers' | 'small_group' };
/** A manual is a subject of the exam. */
export type ManualStat = Agg & { manual_id: number; title: string; peers: PeerRank };
export type ChapterStat = Agg & { chapter_id: number; title: string; manual_id: number; peers: PeerRank };
/** One Romanian day (Europe/Bucharest), YYYY-MM-DD. */
export type ProgressDay = { day: string; answered: number; right: number; correct_pct: number };

export type StatsTotals = {
  tests: number;
  tests_finished: number;
  tests_unfinished: number;
  tests_abandoned: number;
  grids_answered: number;
  right: number;
  partial: number;
  wrong: number;
  correct_pct: number;
  avg_time_ms: number | null;
  total_time_ms: number;
};

/** GET /stats */
export type Stats = {
  totals: StatsTotals;
  manuals: ManualStat[];
  chapters: ChapterStat[];
  progress: ProgressDay[];
  weakest_chapters: ChapterStat[];
  weak_min_answered: number;
  /** A weak chapter's share right is below this (percent). */
  weak_below_pct: number;
  /** The percentile's thresholds, for the page to say them. */
  peer_min_answers: number;
  peer_min_candidates: number;
};

// Item statistics thresholds (issue 9 §4), one place for the server's queue and the admin page.
/** Answers a grid needs before its discrimination (and a low facility) is reported. */
export const ITEM_STATS_MIN_ANSWERS = 20;
/** Tests shorter than this are left out: a 2-grid test says little about the candidate. */
export const ITEM_STATS_MIN_TEST_GRIDS = 5;
/** Below this facility a grid is flagged as almost never answered right. */
export const ITEM_STATS_LOW_FACILITY = 0.15;
/** How often each server process recomputes the statistics (the statement is idempotent). */
export const ITEM_STATS_REFRESH_MS = 60 * 60 * 1000;

export type GridQuality = {
  grid_id: number;
  statement: string;
  chapter_title: string;
  manual_title: string;
  answers: number | null;
  facility: number | null;
  discrimination: number | null;
  open_reports: number;
  computed_at: string | null;
};

// Measured difficulty (issue 31 §2): the share of candidates whose FIRST answer to a grid was
// fully right (one first answer per candidate; answering again, or in another test, does not
// count). Fewer first answers than this say too little to be shown or filtered on.
/** First answers a grid needs before its measured difficulty is shown or counts in the filter. */
export const MEASURED_MIN_FIRST_ANSWERS = 30;
/** At or above this share right, a measured grid is easy ("ușoară"). */
export const MEASURED_EASY_MIN = 0.7;
/** Below this share right, a measured grid is hard ("grea"); between the two it is medium. */
export const MEASURED_HARD_BELOW = 0.4;
export const MEASURED_BANDS = ['easy', 'medium', 'hard'] as const;
export type MeasuredBand = (typeof MEASURED_BANDS)[number];
export const MEASURED_BAND_LABELS: Record<MeasuredBand, string> = { easy: 'ușoare', medium: 'medii', hard: 'grele' };

/** A grid's measured difficulty, only once MEASURED_MIN_FIRST_ANSWERS first answers exist. */
export type MeasuredDifficulty = { share: number; answers: number };

export function measuredBand(share: number): MeasuredBand {
  if (share >= MEASURED_EASY_MIN) return 'easy';
  return share < MEASURED_HARD_BELOW ? 'hard' : 'medium';
}

// Percentiles on /statistici (issue 31 §2): a candidate is ranked in a chapter or subject only
// with enough answers there, and only among at least as many such candidates.
/** Answers (not blank) a candidate needs in a chapter or subject to be ranked there. */
export const PEER_MIN_ANSWERS = 20;
/** Candidates (the one asking included) a group needs before anyone in it is ranked. */
export const PEER_MIN_CANDIDATES = 20;
/** The group size is given only rounded down to this step, the percentile down to PEER_PERCENTILE_STEP:
 *  exact figures, watched as one more person joins, would tell that person's score. */
export const PEER_GROUP_STEP = 10;
export const PEER_PERCENTILE_STEP = 5;

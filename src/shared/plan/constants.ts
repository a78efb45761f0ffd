// The planner's minutes per activity and its calendar rules (issue 31 §1). Named here so the plan
// the server computes and the one an offline device computes use the same figures.

/** Reading: about this many minutes per 10 KB of chapter text (≈ 1 500 words at a careful pace). */
export const READ_MIN_PER_10KB = 8;
/** The shortest reading a chapter is given on a day, unless less is left of it. */
export const MIN_READ_SLICE_MIN = 10;
/** A new grid, answered and its explanation read. */
export const GRID_MIN = 1.5;
/** An FSRS review of a grid seen before. */
export const REVIEW_MIN = 1;
/** Full simulations: one a week in the last this many weeks before each exam… */
export const SIMULATION_WEEKS = 8;
/** …never on the last this many days before it (rest, not a three-hour paper). */
export const SIMULATION_REST_DAYS = 2;
/** The last week before an exam is lighter: this share of the day's minutes. */
export const LIGHT_WEEK_DAYS = 7;
export const LIGHT_WEEK_SHARE = 0.6;
/** The plan never spans more days than this (about three years): the settings refuse dates past it. */
export const MAX_PLAN_DAYS = 1096;
/** Work fallen behind is caught up over this many days (within the minutes given), not thinned over
 *  every day left to the exam: "le-am împărțit pe următoarele 10 zile" is then a plan one can see. */
export const CATCH_UP_DAYS = 10;
/** Differences smaller than this are no news worth a line. */
export const EXPLAIN_MIN_GRIDS = 5;
/** At most this many centres in a plan. */
export const MAX_PLAN_CENTRES = 5;
/** At most this many minutes a day (10 hours). */
export const MAX_DAY_MINUTES = 600;
/** Days of the plan a GET returns after today. */
export const PLAN_NEXT_DAYS = 14;

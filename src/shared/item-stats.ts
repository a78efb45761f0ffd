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

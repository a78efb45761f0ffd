// What GET /stats answers (server/modules/stats/queries.ts): declared once here, returned by the
// server (annotated, so a drift fails the typecheck) and read by src/api/stats.ts.

/** Counts of answered grids (blank answers do not count); correct_pct = right / answered × 100. */
export type Agg = { answered: number; right: number; partial: number; wrong: number; correct_pct: number };
export type ManualStat = Agg & { manual_id: number; title: string };
export type ChapterStat = Agg & { chapter_id: number; title: string; manual_id: number };
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
};

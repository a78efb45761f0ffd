// What the planner takes and gives (issue 31 §1). Plain data: the server fills the input from its
// records, the offline device from its mirror, and both run the same buildPlan.

/** One chapter of a centre's bibliography, in the manual order, with the candidate's progress. */
export interface PlanChapter {
  id: number;
  title: string;
  /** Size of the chapter's text in KB (for the reading time). */
  size_kb: number;
  /** Read (marked read or scrolled to its end), today included. */
  read: boolean;
  /** Read today (so today's plan stays the one made this morning, with the reading ticked off). */
  read_today: boolean;
  /** Published grids of the chapter, and how many of them the candidate has answered (today included). */
  grids_total: number;
  grids_done: number;
  grids_today: number;
}

export interface PlanCentreInput {
  slug: string;
  name: string;
  exam_date: string;
  /** The simulation's time limit (the centre's scoring profile). */
  simulation_min: number;
  /** The chapters of the centre's bibliography, manual by manual, in the manual order. */
  chapters: PlanChapter[];
}

export interface PlanProgress {
  /** Work the previous plan asked for from its day up to yesterday… */
  chapters_due: number;
  grids_due: number;
  /** …and what was done in those days. */
  chapters_done: number;
  grids_done: number;
}

export interface PlanInput {
  /** The calendar date in Europe/Bucharest. */
  today: string;
  /** Minutes per weekday, Monday first (7 numbers; 0 = no study that day). */
  week_minutes: number[];
  centres: PlanCentreInput[];
  /** FSRS reviews still due per date (overdue ones under today's date; those reviewed today are no longer due). */
  reviews_due: Record<string, number>;
  /** Reviews done today. */
  reviews_today: number;
  /** Full simulations finished, per centre and Bucharest date (today's included). */
  simulations_done: { slug: string; date: string }[];
  /** The previous plan against what was done, when there was a previous plan. */
  progress?: PlanProgress;
}

export type PlanItem =
  | { kind: 'read'; chapter_id: number; title: string; minutes: number; finishes: boolean; done: boolean }
  | { kind: 'grids'; chapter_id: number; title: string; count: number; minutes: number; done_count: number }
  | { kind: 'reviews'; count: number; minutes: number; done_count: number }
  | {
      kind: 'simulation';
      slug: string;
      name: string;
      minutes: number;
      /** false: no day of the week has enough minutes; offered on the longest day, outside the budget. */
      fits: boolean;
      done: boolean;
    };

export interface PlanDay {
  date: string;
  /** Minutes the candidate gave for this day (0 on an exam day). */
  budget: number;
  /** Minutes the day's items take (never above budget; an offered simulation that does not fit is not counted). */
  minutes: number;
  light: boolean;
  /** Centres whose exam is on this day (nothing else is planned then). */
  exams: string[];
  items: PlanItem[];
}

export interface PlanTotals {
  chapters_to_read: number;
  grids: number;
  reviews: number;
  simulations: number;
  minutes: number;
  /** Work that does not fit in the minutes given before the exams. */
  unfit_chapters: number;
  unfit_grids: number;
}

export interface PlanCountdown {
  slug: string;
  name: string;
  exam_date: string;
  days_left: number;
}

export type PlanExplanation =
  | { kind: 'behind'; chapters: number; grids: number; days: number }
  | { kind: 'ahead'; chapters: number; grids: number };

export interface Plan {
  /** none: no centre chosen; past: every chosen exam date has passed; active: a plan to the last date. */
  state: 'none' | 'past' | 'active';
  today: string;
  last_exam: string | null;
  days: PlanDay[];
  totals: PlanTotals;
  countdown: PlanCountdown[];
  explanation: PlanExplanation | null;
}

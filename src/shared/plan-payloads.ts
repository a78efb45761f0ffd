// Study plan payloads (issue 31 §1), declared once for the server's serializers and the app.
import type { Plan, PlanDay, PlanInput } from './plan/types.ts';

export interface PlanCentreSetting {
  slug: string;
  name: string;
  exam_date: string;
}

export interface PlanSettings {
  centres: PlanCentreSetting[];
  week_minutes: number[];
  reminder_hour: number | null;
}

export interface ExamDateRow {
  slug: string;
  name: string;
  year: number;
  exam_date: string;
  source: string;
  is_demo: boolean;
}

/** GET /admin/exam-dates: a row with who changed it last (null: the migration's demo values). */
export interface AdminExamDateRow extends ExamDateRow {
  updated_at: string;
  updated_by: string | null;
}

/** GET /plan: today, the next PLAN_NEXT_DAYS days, totals to the last date, the line, the countdown;
 *  `input` is what the plan was computed from, so a device recomputes today offline. */
export interface PlanResponse {
  plan: Omit<Plan, 'days'> & { days: PlanDay[]; explanation_text: string | null };
  settings: PlanSettings;
  /** This year's and next year's dates the administrator keeps (to prefill the settings). */
  exam_dates: ExamDateRow[];
  input: PlanInput;
  computed_at: string;
}

/** POST /plan/reminder/unsubscribe: the reminder is off; `was_on` false when it already was (the link used again). */
export interface ReminderOffResponse {
  success: 'PLAN_REMINDER_TURNED_OFF';
  was_on: boolean;
}

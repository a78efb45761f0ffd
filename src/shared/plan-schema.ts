// Study plan settings and the admin's exam dates (issue 31 §1): the bounds, checked once, by the
// server's validator and the settings form alike. A date is 'YYYY-MM-DD', a real calendar day, not
// before today in Bucharest and at most MAX_PLAN_DAYS ahead (so any accepted date is one
// PostgreSQL stores and the planner spans).
import { z } from 'zod';
import { addDays, bucharestDate, isIsoDate } from './plan/calendar.ts';
import { REMINDER_FIRST_HOUR, REMINDER_LAST_HOUR } from './plan/reminder.ts';
import { MAX_DAY_MINUTES, MAX_PLAN_CENTRES, MAX_PLAN_DAYS } from './plan/constants.ts';

const slug = z.string({ error: 'FORM_PLAN_CENTRE_UNKNOWN' }).regex(/^[a-z0-9-]{2,60}$/, 'FORM_PLAN_CENTRE_UNKNOWN');

const calendarDate = z
  .string({ error: 'FORM_PLAN_DATE_INVALID' })
  .max(10, 'FORM_PLAN_DATE_INVALID')
  .refine(isIsoDate, 'FORM_PLAN_DATE_INVALID');

export const examDate = calendarDate
  .refine((d) => !isIsoDate(d) || d >= bucharestDate(), 'FORM_PLAN_DATE_PAST')
  .refine((d) => !isIsoDate(d) || d <= addDays(bucharestDate(), MAX_PLAN_DAYS), 'FORM_PLAN_DATE_TOO_FAR');

const minutes = z
  .number({ error: 'FORM_PLAN_MINUTES_RANGE' })
  .int('FORM_PLAN_MINUTES_RANGE')
  .min(0, 'FORM_PLAN_MINUTES_RANGE')
  .max(MAX_DAY_MINUTES, 'FORM_PLAN_MINUTES_RANGE');

export const planSettingsBody = z.object({
  centres: z
    .array(z.object({ slug, exam_date: examDate }), { error: 'FIELD_INVALID' })
    .max(MAX_PLAN_CENTRES, 'FORM_PLAN_TOO_MANY_CENTRES')
    .refine((cs) => new Set(cs.map((c) => c.slug)).size === cs.length, 'FORM_PLAN_CENTRE_DUPLICATE'),
  /** Monday first. */
  week_minutes: z.array(minutes, { error: 'FIELD_INVALID' }).length(7, 'FIELD_INVALID'),
  /** The daily reminder's hour, Bucharest time (06–22), or null: none (the default). */
  reminder_hour: z
    .number({ error: 'FORM_PLAN_REMINDER_HOUR' })
    .int('FORM_PLAN_REMINDER_HOUR')
    .min(REMINDER_FIRST_HOUR, 'FORM_PLAN_REMINDER_HOUR')
    .max(REMINDER_LAST_HOUR, 'FORM_PLAN_REMINDER_HOUR')
    .nullable()
    .default(null),
});
export type PlanSettingsBody = z.output<typeof planSettingsBody>;
export type PlanSettingsIn = z.input<typeof planSettingsBody>;

export const examDateParams = z.object({
  slug,
  year: z.coerce.number({ error: 'FIELD_INVALID' }).int('FIELD_INVALID').min(2000, 'FIELD_INVALID').max(2200, 'FIELD_INVALID'),
});

const examYear = z.coerce.number({ error: 'FIELD_INVALID' }).int('FIELD_INVALID').min(2000, 'FIELD_INVALID').max(2200, 'FIELD_INVALID');
const examSource = z.string({ error: 'FIELD_INVALID' }).trim().max(500, 'FIELD_TOO_LONG').default('');
/** PUT /admin/exam-dates/:slug/:year (edit, or keep if missing). `is_demo` left out: a date an
 *  administrator types is the real one (false). */
export const examDateBody = z.object({
  exam_date: calendarDate,
  source: examSource,
  is_demo: z.boolean({ error: 'FIELD_INVALID' }).default(false),
});
/** POST /admin/exam-dates: a centre's date for a year it has none for. */
export const examDateCreateBody = examDateBody.extend({ slug, year: examYear });
export const examDateListQuery = z.object({ year: examYear.optional() });
export type ExamDateBody = z.input<typeof examDateBody>;
export type ExamDateCreateBody = z.input<typeof examDateCreateBody>;

/** Default minutes per weekday for a new plan: an hour on weekdays, two on Saturday, Sunday free. */
export const DEFAULT_WEEK_MINUTES = [60, 60, 60, 60, 60, 120, 0];

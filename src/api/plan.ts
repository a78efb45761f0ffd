// Study plan (server/modules/plan, issue 31 §1).
import { api, request } from './client.ts';
import type { ExamDateBody, ExamDateCreateBody, PlanSettingsIn } from '../shared/plan-schema.ts';
import type { AdminExamDateRow, PlanResponse, PlanSettings, ReminderOffResponse } from '../shared/plan-payloads.ts';

export type { AdminExamDateRow, PlanResponse, PlanSettings, ExamDateRow } from '../shared/plan-payloads.ts';

export const fetchPlan = (): Promise<PlanResponse> => api.get('plan');

export const savePlanSettings = (body: PlanSettingsIn): Promise<{ success: 'PLAN_SETTINGS_SAVED'; settings: PlanSettings }> =>
  api.put('plan/settings', body);

// The admin's exam dates (/admin/date-examen).
type ExamDateReply<S> = { success: S; exam_date: AdminExamDateRow };

export const adminExamDates = (): Promise<{ exam_dates: AdminExamDateRow[] }> => api.get('admin/exam-dates');
export const createExamDate = (body: ExamDateCreateBody): Promise<ExamDateReply<'EXAM_DATE_CREATED'>> => api.post('admin/exam-dates', body);
export const saveExamDate = (slug: string, year: number, body: ExamDateBody): Promise<ExamDateReply<'EXAM_DATE_SAVED'>> =>
  api.put(`admin/exam-dates/${encodeURIComponent(slug)}/${year}`, body);
export const deleteExamDate = (slug: string, year: number): Promise<{ success: 'EXAM_DATE_DELETED' }> =>
  api.delete(`admin/exam-dates/${encodeURIComponent(slug)}/${year}`);

/** The reminder mail's unsubscribe link (/memento/oprire): the token is the only credential. */
export const turnReminderOff = (t: string): Promise<ReminderOffResponse> =>
  request('post', 'plan/reminder/unsubscribe', { searchParams: { t } });

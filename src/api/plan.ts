// Study plan (server/modules/plan, issue 31 §1).
import { api } from './client.ts';
import type { PlanSettingsIn } from '../shared/plan-schema.ts';
import type { PlanResponse, PlanSettings } from '../shared/plan-payloads.ts';

export type { PlanResponse, PlanSettings, ExamDateRow } from '../shared/plan-payloads.ts';

export const fetchPlan = (): Promise<PlanResponse> => api.get('plan');

export const savePlanSettings = (body: PlanSettingsIn): Promise<{ success: 'PLAN_SETTINGS_SAVED'; settings: PlanSettings }> =>
  api.put('plan/settings', body);

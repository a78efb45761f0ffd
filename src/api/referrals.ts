// Referrals (server/modules/referrals).
import { api } from './client.ts';
import type { ReferralsResponse } from '../shared/referral-rules.ts';

export type { ReferralsResponse, ReferredPerson } from '../shared/referral-rules.ts';

export const getReferrals = (): Promise<ReferralsResponse> => api.get('referrals');

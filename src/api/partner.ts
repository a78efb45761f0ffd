// Partner account calls (issue 8 §6) and the tab-local memory of a started sign-in or connection.
import { api } from './client.ts';
import type { AuthResponse, User } from '../shared/types.ts';
import type { PartnerCallbackBody, PartnerStart, PartnerStatus } from '../shared/partner.ts';

export type PartnerCallbackResult =
  | (AuthResponse & { success: 'LOGIN_SUCCESSFUL' })
  | { success: 'PARTNER_CONNECTED'; user: User };

export const startPartnerLogin = () => api.post<PartnerStart>('auth/partner/start');
export const startPartnerLink = () => api.post<PartnerStart>('user/partner/start');
export const finishPartner = (body: PartnerCallbackBody) => api.post<PartnerCallbackResult>('auth/partner/callback', body);
export const getPartnerStatus = () => api.get<PartnerStatus>('user/partner');
export const disconnectPartner = () => api.delete<{ success: 'PARTNER_DISCONNECTED' }>('user/partner');

// The binding the server handed out lives in this tab's sessionStorage only: the answer from the
// partner is accepted from the tab that asked (another browser opening the link has none).
const KEY = 'grilio.partner';
type Pending = { binding: string; purpose: 'login' | 'link'; redirect: string | null };

/** Goes to the partner; keeps what the return page needs. */
export function goToPartner(start: PartnerStart, purpose: Pending['purpose'], redirect: string | null = null): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ binding: start.binding, purpose, redirect } satisfies Pending));
  } catch {
    /* private mode without storage: the return page will say the answer cannot be checked */
  }
  window.location.assign(start.url);
}

/** What the started request left in this tab, read once. */
export function takePending(): Pending | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const v = raw ? (JSON.parse(raw) as Partial<Pending>) : null;
    if (!v || typeof v.binding !== 'string' || (v.purpose !== 'login' && v.purpose !== 'link')) return null;
    return { binding: v.binding, purpose: v.purpose, redirect: typeof v.redirect === 'string' ? v.redirect : null };
  } catch {
    return null;
  }
}

// Coupons, the anniversary offer and the trial (server/modules/coupons).
import { api } from './client.ts';
import type {
  CouponsResponse,
  GenerateResponse,
  QuoteResponse,
  RedeemResponse,
  RemainingResponse,
  TrialResponse,
} from '../shared/coupon-payloads.ts';

export type * from '../shared/coupon-payloads.ts';

export const getCoupons = (): Promise<CouponsResponse> => api.get('coupons');
export const redeemCoupon = (code: string): Promise<RedeemResponse> => api.post('coupons/redeem', { code });
export const quoteCoupon = (code: string, packageId: number): Promise<QuoteResponse> =>
  api.post('coupons/quote', { code, package_id: packageId });
export const remainingCount = (type: string): Promise<RemainingResponse> => api.get('coupons/remaining-count', { type });
export const generateCoupon = (type: string): Promise<GenerateResponse> => api.post('coupons/generate', { type });
export const activateTrial = (): Promise<TrialResponse> => api.post('user/activate-trial');

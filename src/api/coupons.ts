// Coupons, the anniversary offer and the trial (server/modules/coupons), and the coupons admin.
import { api } from './client.ts';
import type { NewCouponBody } from '../shared/coupon-rules.ts';
import type {
  AdminCouponResponse,
  AdminCouponsResponse,
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

// The coupons admin (/admin/cupoane; server/modules/coupons/admin-routes.ts).
export const adminCoupons = (page = 1): Promise<AdminCouponsResponse> => api.get('admin/coupons', { page });
export const createAdminCoupon = (body: NewCouponBody): Promise<AdminCouponResponse> => api.post('admin/coupons', body);
export const disableAdminCoupon = (id: number): Promise<AdminCouponResponse> => api.post(`admin/coupons/${id}/disable`);

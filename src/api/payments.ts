// Payments (server/modules/payments) and the sandbox provider's own endpoints. The card goes only
// to the provider (confirmCard), never to the payments API.
import { api } from './client.ts';
import type {
  CancelResponse,
  CheckoutResponse,
  OrderResponse,
  PackagesResponse,
  SandboxIntent,
  SubscriptionResponse,
} from '../shared/payment-payloads.ts';

export type * from '../shared/payment-payloads.ts';

export const getPackages = (): Promise<PackagesResponse> => api.get('packages');
/** couponCode: the server takes the coupon off the price itself (the amount is never sent). */
/** cardId: pay with that saved card (charged at once; 3-D Secure when its bank asks). */
/** useForRenewal: the card paid with becomes the renewal card (the server's default: true). */
export const startCheckout = (
  packageId: number,
  idempotencyKey: string,
  couponCode?: string | null,
  cardId?: number | null,
  useForRenewal = true,
): Promise<CheckoutResponse> =>
  api.post('payments/checkout', {
    package_id: packageId,
    idempotency_key: idempotencyKey,
    ...(couponCode ? { coupon_code: couponCode } : {}),
    ...(cardId ? { card_id: cardId } : {}),
    use_for_renewal: useForRenewal,
  });
export const getOrder = (id: number): Promise<OrderResponse> => api.get(`payments/orders/${id}`);
export const getSubscription = (): Promise<SubscriptionResponse> => api.get('payments/subscription');
export const cancelSubscription = (): Promise<CancelResponse> => api.post('payments/subscription/cancel');
export const resumeSubscription = (): Promise<SubscriptionResponse & { success: 'SUBSCRIPTION_RESUMED' }> =>
  api.post('payments/subscription/resume');
/** "Plătește acum" after a failed renewal: the default card is charged at once. */
export const retryRenewal = (): Promise<SubscriptionResponse & { success: 'SUBSCRIPTION_RENEWED' }> =>
  api.post('payments/subscription/retry');

export type CardInput = { number: string; exp_month: number; exp_year: number; cvc: string };

export const getSandboxIntent = (id: string, clientSecret: string): Promise<{ intent: SandboxIntent }> =>
  api.get(`sandbox-pay/intents/${id}`, { client_secret: clientSecret });
export const confirmCard = (id: string, clientSecret: string, card: CardInput): Promise<{ intent: SandboxIntent }> =>
  api.post(`sandbox-pay/intents/${id}/confirm`, { client_secret: clientSecret, ...card });
export const answer3ds = (id: string, clientSecret: string, result: 'approve' | 'reject'): Promise<{ intent: SandboxIntent }> =>
  api.post(`sandbox-pay/intents/${id}/3ds`, { client_secret: clientSecret, result });

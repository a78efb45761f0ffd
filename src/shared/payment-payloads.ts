// Payloads of the payments API (server/modules/payments), declared once for the server's
// serializers and the app's screens. Money is in bani (1 leu = 100 bani), VAT included.

export type PremiumPackage = {
  id: number;
  code: string;
  months: number;
  price_bani: number;
  /** The price divided by the months, rounded to the ban: what the page shows as "pe lună". */
  per_month_bani: number;
  vat_percent: number;
  currency: 'RON';
};
/**
 * provider: null when card payments are off (FORM_PAYMENTS_DISABLED at checkout).
 * stripe_publishable_key: what Stripe.js is loaded with (pk_…); null unless the provider is Stripe
 * and the key is set (without it the app's card form cannot run and says payments are unavailable).
 */
export type PackagesResponse = {
  packages: PremiumPackage[];
  provider: 'sandbox' | 'stripe' | null;
  stripe_publishable_key: string | null;
};

export type OrderStatus = 'created' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export type PaymentOrder = {
  id: number;
  status: OrderStatus;
  package_id: number;
  months: number;
  amount_bani: number;
  currency: 'RON';
  /** A FORM_CARD_* code when the order failed. */
  failure_code: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
  created_at: string;
  paid_at: string | null;
  /**
   * Once paid: the card the subscription's renewals charge from now on (the user's default card),
   * which the result names, so it never says less than what will be charged; null before, or when
   * no card is saved.
   */
  renewal_card: { brand: string; last4: string } | null;
};

/** What the card form needs to talk to the provider: its intent (sandbox or Stripe) and the client secret. */
export type ProviderPayment = { provider: 'sandbox' | 'stripe'; intent_id: string; client_secret: string };

export type CheckoutResponse = { order: PaymentOrder; payment: ProviderPayment | null };
export type OrderResponse = { order: PaymentOrder };

export type SubscriptionView = {
  id: number;
  package_id: number | null;
  months: number | null;
  /** order: paid; grant: given by the team; coupon: a coupon's days; trial: the free trial; referral: a referral reward. */
  source: 'order' | 'grant' | 'coupon' | 'trial' | 'referral';
  period_start: string;
  period_end: string;
  status: 'active' | 'cancelled' | 'ended';
  cancel_at_period_end: boolean;
};
/** The next renewal charge, disclosed before it happens (EU consumer rules): when, how much, which card. */
export type RenewalView = {
  /** When the card is charged: a day before the paid period ends (a retry's date after a failure). */
  charge_at: string;
  /** The package's full price, without any coupon the first payment had. */
  amount_bani: number;
  months: number;
  /** The default card the job charges; null: none saved, so the renewal would fail. */
  card: { brand: string; last4: string } | null;
};
/** The last renewal attempt failed (declined, no card): shown until a charge succeeds or the plan ends. */
export type RenewalFailureView = {
  code: string;
  failures: number;
  /** The next automatic attempt; null when none is left. */
  next_attempt_at: string | null;
};
/** What paying for a package now means (shown at checkout): when the paid period runs and renews. */
export type CheckoutTerms = {
  package_id: number;
  /** Now, or where the free premium held ends (the paid period follows it). */
  starts_at: string;
  ends_at: string;
  /** The first renewal charge, of the package's full price, unless cancelled before. */
  renews_at: string;
  renewal_amount_bani: number;
};
export type SubscriptionResponse = {
  /** The paid plan (the latest paid period not over, renewing or cancelled), or null: what "Anulează abonamentul" acts on. */
  subscription: SubscriptionView | null;
  /** Every period running or to come, paid and free, in time order. */
  periods: SubscriptionView[];
  /** End of the premium the user holds, all periods together (users.premium_until). */
  premium_until: string | null;
  /** The next charge while the plan renews; null otherwise. */
  renewal: RenewalView | null;
  renewal_failure: RenewalFailureView | null;
  /** The terms of buying each package the user may buy now: every one without a paid plan, the longer ones with a plan (an upgrade). */
  checkout_terms: CheckoutTerms[];
  /** The trial can still be activated this calendar year (and no premium runs). */
  trial_available: boolean;
};
export type CancelResponse = SubscriptionResponse & { success: 'SUBSCRIPTION_CANCELLED' };

// The sandbox provider's own endpoints (server/modules/payments/sandbox-routes.ts): the card form
// and the 3-D Secure page talk to them, never to the payments API, as they would to Stripe.
export type SandboxIntentStatus = 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
export type SandboxIntent = {
  id: string;
  status: SandboxIntentStatus;
  amount: number;
  currency: string;
  /** Stripe's decline code when the card was refused (card_declined, insufficient_funds, …). */
  decline_code: string | null;
  card: { brand: string; last4: string } | null;
  /** Where the customer authorises the payment when 3-D Secure is asked. */
  next_action: { redirect_to: string } | null;
};

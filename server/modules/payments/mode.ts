// Which payment provider this deployment uses: read by the payments routes and by the CSP (Stripe.js
// and its 3-D Secure frames are allowed only when the provider is Stripe).

/**
 * The provider unless PAYMENTS_PROVIDER names one: the sandbox, except for a public production
 * deployment (PUBLIC_URL not on this machine), where a test card would hand out premium for free.
 */
export function paymentsMode(config: {
  PAYMENTS_PROVIDER?: 'sandbox' | 'stripe' | 'disabled';
  STRIPE_SECRET_KEY?: string;
  NODE_ENV: string;
  publicUrl: string;
}) {
  if (config.PAYMENTS_PROVIDER) return config.PAYMENTS_PROVIDER;
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  const local = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(config.publicUrl);
  return config.NODE_ENV !== 'production' || local ? 'sandbox' : 'disabled';
}

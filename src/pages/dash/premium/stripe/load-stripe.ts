// The one place Stripe.js is loaded (from js.stripe.com, by the official @stripe/stripe-js loader).
// The `pure` entry injects the script only when loadStripe is called, and this module is reached
// only through the lazily imported Stripe card forms: no public page and no sandbox page loads it.
// Unit tests replace this module (vi.mock) with a fake Stripe object.
import type { Stripe } from '@stripe/stripe-js';

let loaded: { key: string; promise: Promise<Stripe | null> } | null = null;

/** Stripe.js for this publishable key, loaded once; a failed load is tried again on the next call. */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  if (loaded?.key === publishableKey) return loaded.promise;
  const promise = import('@stripe/stripe-js/pure').then(({ loadStripe }) =>
    loadStripe(publishableKey, { locale: 'ro' }),
  );
  loaded = { key: publishableKey, promise };
  promise.catch(() => {
    if (loaded?.promise === promise) loaded = null;
  });
  return promise;
}

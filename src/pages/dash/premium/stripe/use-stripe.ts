// Stripe.js for the card forms: loaded when a form first shows (load-stripe.ts), or the code that
// says it could not be (no network to js.stripe.com, a blocked script).
import { useEffect, useState } from 'react';
import { loadStripeJs } from './load-stripe.ts';
import type { StripeJs } from './stripe-flow.ts';

export function useStripe(publishableKey: string): { stripe: StripeJs | null; failed: boolean } {
  const [state, setState] = useState<{ stripe: StripeJs | null; failed: boolean }>({ stripe: null, failed: false });
  useEffect(() => {
    let live = true;
    loadStripeJs(publishableKey).then(
      (stripe) => live && setState({ stripe, failed: !stripe }),
      () => live && setState({ stripe: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return state;
}

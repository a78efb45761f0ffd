// The Stripe adapter of the provider port, through the official `stripe` package: PaymentIntents
// created with an idempotency key (a retried checkout gets the same intent from Stripe), read back
// with their latest charge (card brand, last four, expiry) and cancelled when an attempt is over.
// Used when STRIPE_SECRET_KEY is set; STRIPE_API_URL points the SDK elsewhere (the tests' recorder).
import Stripe from 'stripe';
import type {
  CreatedIntent,
  CreatedSetupIntent,
  IntentStatus,
  PaymentProvider,
  ProviderIntent,
  ProviderSetupIntent,
} from './provider.ts';

/** The fields of a PaymentIntent this adapter reads. */
type Intent = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  client_secret: string | null;
  customer?: string | { id: string } | null;
  payment_method?: string | { id: string } | null;
  last_payment_error?: { code?: string | null; decline_code?: string | null } | null;
  latest_charge?:
    | string
    | {
        payment_method_details?: {
          card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number; fingerprint?: string | null } | null;
        } | null;
      }
    | null;
};

const STATUSES: Record<string, IntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_action',
  requires_action: 'requires_action',
  processing: 'processing',
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function toIntent(pi: Intent): ProviderIntent {
  const card = typeof pi.latest_charge === 'object' ? pi.latest_charge?.payment_method_details?.card : null;
  const summary =
    card?.brand && card.last4 && card.exp_month && card.exp_year
      ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, fingerprint: card.fingerprint ?? null }
      : null;
  const pm = typeof pi.payment_method === 'string' ? pi.payment_method : (pi.payment_method?.id ?? null);
  return {
    id: pi.id,
    status: STATUSES[pi.status] ?? 'processing',
    amount: pi.amount,
    // Stripe writes currencies in lower case; orders keep ISO upper case.
    currency: pi.currency.toUpperCase(),
    decline_code: pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? null,
    card: summary,
    // With a customer, a succeeded intent leaves its card attached to it: created with
    // setup_future_usage, or paid with a card saved already (saving that one again is a no-op).
    saved_method: pi.status === 'succeeded' && pi.customer && pm && summary ? { id: pm, card: summary } : null,
  };
}

export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const url = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'http:' ? 80 : 443),
          protocol: url.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(stripe: Stripe) {
    this.stripe = stripe;
  }

  async createIntent(input: {
    amount: number;
    currency: string;
    idempotencyKey: string;
    orderId: number;
    customerId?: string;
    paymentMethodId?: string;
  }): Promise<CreatedIntent> {
    const base = {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      allowed_payment_method_types: ['card'],
      // 3-D Secure whenever the bank asks (Stripe's default for cards under SCA).
      payment_method_options: { card: { request_three_d_secure: 'automatic' as const } },
      metadata: { order_id: String(input.orderId) },
    };
    let id: string;
    if (input.customerId && input.paymentMethodId) {
      // A saved card, the customer present: confirmed at once; requires_action when the bank asks.
      try {
        id = (
          await this.stripe.paymentIntents.create(
            { ...base, customer: input.customerId, payment_method: input.paymentMethodId, confirm: true },
            { idempotencyKey: input.idempotencyKey },
          )
        ).id;
      } catch (err) {
        // A decline is an error carrying the intent it closed.
        const pi = (err as { payment_intent?: { id?: string } }).payment_intent;
        if (!pi?.id) throw err;
        id = pi.id;
      }
    } else {
      const pi = (await this.stripe.paymentIntents.create(
        input.customerId
          ? // The card typed now is kept on the customer for renewals made without them.
            { ...base, customer: input.customerId, setup_future_usage: 'off_session' }
          : base,
        { idempotencyKey: input.idempotencyKey },
      )) as unknown as Intent;
      if (!pi.client_secret) throw new Error('stripe: payment intent without client secret');
      return { ...toIntent(pi), client_secret: pi.client_secret };
    }
    // Read back with its charge: the card and the outcome of the confirmation.
    const pi = (await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] })) as unknown as Intent;
    if (!pi.client_secret) throw new Error('stripe: payment intent without client secret');
    return { ...toIntent(pi), client_secret: pi.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | undefined> {
    const pi = (await this.stripe.paymentIntents.retrieve(id, {
      expand: ['latest_charge'],
    })) as unknown as Intent;
    return toIntent(pi);
  }

  async cancelIntent(id: string): Promise<ProviderIntent | undefined> {
    try {
      await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
    } catch {
      // Stripe refuses to cancel an intent that succeeded or is processing: read what it is.
    }
    return this.retrieveIntent(id);
  }

  // Saved cards: a Customer per user, SetupIntents for off-session use, detach on removal, and
  // renewals as off-session PaymentIntents confirmed at once. Every create call is idempotent.
  async createCustomer(input: { userId: number; idempotencyKey: string }): Promise<string> {
    const c = await this.stripe.customers.create(
      { metadata: { user_id: String(input.userId) } },
      { idempotencyKey: input.idempotencyKey },
    );
    return c.id;
  }

  async createSetupIntent(input: {
    customerId: string;
    idempotencyKey: string;
    setupId: number;
  }): Promise<CreatedSetupIntent> {
    const si = (await this.stripe.setupIntents.create(
      {
        customer: input.customerId,
        allowed_payment_method_types: ['card'],
        payment_method_options: { card: { request_three_d_secure: 'automatic' } },
        // Saved for renewals made without the customer: the bank may ask 3-D Secure now instead.
        usage: 'off_session',
        metadata: { card_setup_id: String(input.setupId) },
      },
      { idempotencyKey: input.idempotencyKey },
    )) as unknown as SetupIntent;
    if (!si.client_secret) throw new Error('stripe: setup intent without client secret');
    return { ...toSetup(si), client_secret: si.client_secret };
  }

  async retrieveSetupIntent(id: string): Promise<ProviderSetupIntent | undefined> {
    return toSetup(
      (await this.stripe.setupIntents.retrieve(id, { expand: ['payment_method'] })) as unknown as SetupIntent,
    );
  }

  async detachPaymentMethod(id: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(id);
    } catch (err) {
      // Already detached (or deleted at Stripe): the card is gone either way.
      if (
        (err as { code?: string }).code !== 'resource_missing' &&
        (err as { type?: string }).type !== 'StripeInvalidRequestError'
      )
        throw err;
    }
  }

  async chargeSaved(input: {
    amount: number;
    currency: string;
    customerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
    orderId: number;
  }): Promise<ProviderIntent> {
    let id: string;
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: { order_id: String(input.orderId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      id = pi.id;
    } catch (err) {
      // A decline (or authentication_required) is an error carrying the intent it closed.
      const pi = (err as { payment_intent?: { id?: string } }).payment_intent;
      if (!pi?.id) throw err;
      id = pi.id;
    }
    return (await this.retrieveIntent(id))!;
  }
}

type SetupIntent = {
  id: string;
  status: string;
  client_secret: string | null;
  last_setup_error?: { code?: string | null; decline_code?: string | null } | null;
  payment_method?:
    | string
    | { id: string; card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number; fingerprint?: string | null } | null }
    | null;
};

function toSetup(si: SetupIntent): ProviderSetupIntent {
  const pm = typeof si.payment_method === 'object' ? si.payment_method : null;
  const card = pm?.card;
  return {
    id: si.id,
    status: STATUSES[si.status] ?? 'processing',
    decline_code: si.last_setup_error?.decline_code ?? si.last_setup_error?.code ?? null,
    payment_method:
      pm && card?.brand && card.last4 && card.exp_month && card.exp_year
        ? {
            id: pm.id,
            card: {
              brand: card.brand,
              last4: card.last4,
              exp_month: card.exp_month,
              exp_year: card.exp_year,
              fingerprint: card.fingerprint ?? null,
            },
          }
        : null,
  };
}

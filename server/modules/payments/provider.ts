// The payment-provider port (issue 8 §2). The payments service speaks only to this interface; the
// sandbox adapter (sandbox-provider.ts, the default with no keys) implements it on our own
// database, a Stripe adapter would implement it with PaymentIntents. Whatever the browser says,
// an order is settled from what the provider answers here.

/** Stripe's PaymentIntent statuses that matter here. */
export type IntentStatus =
  'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export type CardSummary = {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The provider's name for the card number (Stripe's card.fingerprint): one saved card per number. */
  fingerprint?: string | null;
};

export type ProviderIntent = {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  /** Stripe's decline code of the attempt that closed the intent (card_declined, insufficient_funds, …). */
  decline_code: string | null;
  card: CardSummary | null;
  /**
   * The card kept on the customer for later charges (Stripe's setup_future_usage, or a card that
   * was saved already): set once the payment went through with a customer; the caller saves it.
   */
  saved_method: { id: string; card: CardSummary } | null;
};

export type CreatedIntent = ProviderIntent & { client_secret: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Same idempotency key → the same intent (and secret), never a second one. With a customer, the
   * card the user types is kept on it for renewals (setup_future_usage: 'off_session'); with a
   * saved payment method as well, the intent is confirmed at once with that card (on-session: the
   * bank may still ask for 3-D Secure, status requires_action).
   */
  createIntent(input: {
    amount: number;
    currency: string;
    idempotencyKey: string;
    orderId: number;
    customerId?: string;
    paymentMethodId?: string;
  }): Promise<CreatedIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent | undefined>;
  /** Cancels unless the money already moved; answers the intent as it is afterwards. */
  cancelIntent(id: string): Promise<ProviderIntent | undefined>;

  // Saved cards (cards.ts) and renewal (renewal.ts). Every create call carries an idempotency key.
  /** The provider's customer for a user; the key makes a retried call the same customer. */
  createCustomer(input: { userId: number; idempotencyKey: string }): Promise<string>;
  /** A SetupIntent: saves a card to the customer, with 3-D Secure when the bank asks. */
  createSetupIntent(input: {
    customerId: string;
    idempotencyKey: string;
    setupId: number;
  }): Promise<CreatedSetupIntent>;
  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent | undefined>;
  /** Takes a saved card off the customer; a card already gone is not an error. */
  detachPaymentMethod(id: string): Promise<void>;
  /**
   * Charges a saved card without the customer (renewal): confirmed at once, off-session. A decline
   * comes back as a closed intent with its decline code, not as a throw.
   */
  chargeSaved(input: {
    amount: number;
    currency: string;
    customerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
    orderId: number;
  }): Promise<ProviderIntent>;
}

export type ProviderSetupIntent = {
  id: string;
  status: IntentStatus;
  decline_code: string | null;
  /** The saved card once the intent succeeded. */
  payment_method: { id: string; card: CardSummary } | null;
};
export type CreatedSetupIntent = ProviderSetupIntent & { client_secret: string };

// Stripe's decline codes → the catalogue's card codes: one table for the server and the app.
export { declineToCode } from '../../../src/shared/card-declines.ts';

// What the Stripe card forms do after the server has created the intent: Stripe.js confirms the
// card (and runs 3-D Secure in its own dialog when the bank asks), then the server is asked how the
// attempt stands. The server decides: a 'succeeded' from Stripe.js is not taken as paid until the
// order (or card setup) read back from our API says so; Stripe's own refusal is shown only while
// the server still has the attempt open. Kept apart from React so tests drive it with a fake Stripe.
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { ErrorCode } from '../../../../shared/codes.ts';
import { KNOWN_DECLINES, declineToCode } from '../../../../shared/card-declines.ts';

/** The part of Stripe.js the forms use. */
export type StripeJs = Pick<Stripe, 'elements' | 'confirmCardPayment' | 'confirmCardSetup' | 'handleNextAction'>;

/** Stripe.js's error, the fields read here. */
export type StripeJsError = { type: string; code?: string; decline_code?: string };

/** An order or a card setup as our API answers it. */
export type ServerAttempt = {
  status: 'created' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  failure_code: string | null;
};

/** done: the server says it went through. error: a catalogue code; open: the attempt may be retried as is. */
export type Outcome<T> = { done: T } | { error: string; open: boolean };

// The Card Element's own checks (Stripe.js 'validation_error': nothing was sent to the bank).
const FIELD_ERRORS: Readonly<Record<string, ErrorCode>> = {
  incomplete_number: 'FORM_CARD_WRONG_NUMBER',
  invalid_number: 'FORM_CARD_WRONG_NUMBER',
  incorrect_number: 'FORM_CARD_WRONG_NUMBER',
  incomplete_expiry: 'FORM_CARD_WRONG_EXPIRY',
  invalid_expiry_month: 'FORM_CARD_WRONG_EXPIRY',
  invalid_expiry_year: 'FORM_CARD_WRONG_EXPIRY',
  invalid_expiry_month_past: 'FORM_CARD_EXPIRED',
  invalid_expiry_year_past: 'FORM_CARD_EXPIRED',
  incomplete_cvc: 'FORM_CARD_WRONG_CVV',
  invalid_cvc: 'FORM_CARD_WRONG_CVV',
};

/** Stripe.js's error as a catalogue code: the same decline table as the server's. */
export function stripeErrorCode(error: StripeJsError): ErrorCode {
  if (error.type === 'validation_error') return FIELD_ERRORS[error.code ?? ''] ?? 'FORM_CARD_INCOMPLETE';
  const code = error.decline_code ?? error.code ?? '';
  // A card refused by the bank (card_error), or 3-D Secure failed (Stripe's *_authentication_failure).
  if (error.type === 'card_error' || KNOWN_DECLINES.includes(code)) return declineToCode(code);
  // Network, rate limit, an intent Stripe.js could not use: nothing the card holder did.
  return 'FORM_CARD_PROCESSING_ERROR';
}

/** How long to wait before each read of the server after Stripe.js reported the money moved. */
export const SETTLE_WAITS_MS: readonly number[] = [0, 1000, 2000, 4000];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The server's word after Stripe.js answered. Each read of an open attempt makes the server ask
 * Stripe itself (GET /payments/orders/:id, GET /payments/cards/setup/:id), so one read settles a
 * decline; after a success the webhook may still be on its way: read again a few times.
 */
export async function serverWord<T extends ServerAttempt>(
  stripeAnswer: { error?: StripeJsError },
  read: () => Promise<T>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<Outcome<T>> {
  const refused = stripeAnswer.error;
  // Stripe.js refused the fields itself: the attempt is untouched at Stripe and stays ours to retry.
  if (refused?.type === 'validation_error') return { error: stripeErrorCode(refused), open: true };
  for (const ms of refused ? [0] : SETTLE_WAITS_MS) {
    if (ms) await wait(ms);
    const attempt = await read();
    if (attempt.status === 'succeeded') return { done: attempt };
    if (attempt.status === 'failed' || attempt.status === 'canceled')
      return {
        error: attempt.failure_code ?? (refused ? stripeErrorCode(refused) : 'FORM_CARD_DECLINED'),
        open: false,
      };
  }
  // Still open at the server: Stripe's refusal (the intent takes another card), or money on its way.
  return refused ? { error: stripeErrorCode(refused), open: true } : { error: 'FORM_PAYMENT_PENDING', open: true };
}

type Secret = { client_secret: string };

/** A new card at checkout: confirmCardPayment with the Card Element (3-D Secure by Stripe.js). */
export async function payWithNewCard<T extends ServerAttempt>(
  stripe: StripeJs,
  card: StripeCardElement,
  payment: Secret,
  read: () => Promise<T>,
  wait?: (ms: number) => Promise<void>,
): Promise<Outcome<T>> {
  const answer = await stripe.confirmCardPayment(payment.client_secret, { payment_method: { card } });
  return serverWord(answer, read, wait);
}

/**
 * A saved card the server charged at once and whose bank asks for 3-D Secure (the intent waits in
 * requires_action): Stripe.js shows the bank's page in its dialog, then the server is asked.
 */
export async function authenticateSavedCard<T extends ServerAttempt>(
  stripe: StripeJs,
  payment: Secret,
  read: () => Promise<T>,
  wait?: (ms: number) => Promise<void>,
): Promise<Outcome<T>> {
  const answer = await stripe.handleNextAction({ clientSecret: payment.client_secret });
  return serverWord(answer, read, wait);
}

/** "Adaugă un card": confirmCardSetup on the SetupIntent from POST /payments/cards/setup. */
export async function saveNewCard<T extends ServerAttempt>(
  stripe: StripeJs,
  card: StripeCardElement,
  payment: Secret,
  read: () => Promise<T>,
  wait?: (ms: number) => Promise<void>,
): Promise<Outcome<T>> {
  const answer = await stripe.confirmCardSetup(payment.client_secret, { payment_method: { card } });
  return serverWord(answer, read, wait);
}

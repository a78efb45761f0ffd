// Stripe's decline and card-error codes → the catalogue's card codes (SPEC §8), once for the server
// (an order settled from a PaymentIntent's last_payment_error) and the app (Stripe.js's answer to
// confirmCardPayment / confirmCardSetup, shown while the server settles the same attempt).
import type { ErrorCode } from './codes.ts';

const DECLINES: Readonly<Record<string, ErrorCode>> = {
  card_declined: 'FORM_CARD_DECLINED',
  generic_decline: 'FORM_CARD_DECLINED',
  do_not_honor: 'FORM_CARD_DECLINED',
  insufficient_funds: 'FORM_CARD_INSUFFICIENT_FUNDS',
  // A card reported stolen or lost is told apart to nobody: whoever holds it learns only that it
  // was declined (issue 23 §1), as card networks ask; the order keeps the generic code too.
  stolen_card: 'FORM_CARD_DECLINED',
  lost_card: 'FORM_CARD_DECLINED',
  pickup_card: 'FORM_CARD_DECLINED',
  expired_card: 'FORM_CARD_EXPIRED',
  incorrect_cvc: 'FORM_CARD_WRONG_CVV',
  invalid_cvc: 'FORM_CARD_WRONG_CVV',
  incorrect_number: 'FORM_CARD_WRONG_NUMBER',
  invalid_number: 'FORM_CARD_WRONG_NUMBER',
  processing_error: 'FORM_CARD_PROCESSING_ERROR',
  authentication_failed: 'FORM_CARD_3DS_FAILED',
  authentication_required: 'FORM_CARD_3DS_FAILED',
  // Stripe's error codes (not decline codes) when the customer fails or closes 3-D Secure.
  payment_intent_authentication_failure: 'FORM_CARD_3DS_FAILED',
  setup_intent_authentication_failure: 'FORM_CARD_3DS_FAILED',
};

/** The Stripe codes the table knows (tests walk them all). */
export const KNOWN_DECLINES: readonly string[] = Object.keys(DECLINES);

/** A decline code the table does not know is still a decline. */
export function declineToCode(declineCode: string): ErrorCode {
  return DECLINES[declineCode] ?? 'FORM_CARD_DECLINED';
}

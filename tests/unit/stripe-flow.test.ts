// The Stripe card forms' logic (src/pages/dash/premium/stripe/stripe-flow.ts) with a fake Stripe.js:
// what each of Stripe.js's answers becomes once the server has been asked, and that the server
// decides (a 'succeeded' from Stripe.js is never taken as paid on its own).
import { describe, expect, it, vi } from 'vitest';
import type { StripeCardElement } from '@stripe/stripe-js';
import {
  SETTLE_WAITS_MS,
  authenticateSavedCard,
  payWithNewCard,
  saveNewCard,
  serverWord,
  stripeErrorCode,
  type ServerAttempt,
  type StripeJs,
} from '../../src/pages/dash/premium/stripe/stripe-flow.ts';
import { KNOWN_DECLINES } from '../../src/shared/card-declines.ts';
import { messageFor } from '../../src/shared/messages.ro.ts';

type Order = ServerAttempt & { id: number };
const order = (status: Order['status'], failure_code: string | null = null): Order => ({ id: 5, status, failure_code });
const card = { elementType: 'card' } as unknown as StripeCardElement;
const noWait = vi.fn(async () => undefined);

/** A fake Stripe.js whose confirm calls answer what the test says and record their arguments. */
function fakeStripe(answer: unknown) {
  return {
    elements: vi.fn(),
    confirmCardPayment: vi.fn(async () => answer),
    confirmCardSetup: vi.fn(async () => answer),
    handleNextAction: vi.fn(async () => answer),
  } as unknown as StripeJs & Record<'confirmCardPayment' | 'confirmCardSetup' | 'handleNextAction', ReturnType<typeof vi.fn>>;
}

/** Reads of the server answering these in turn (the last one repeats). */
const reads = (...answers: Order[]) => {
  let i = 0;
  return vi.fn(async () => answers[Math.min(i++, answers.length - 1)]!);
};

// Stripe's codes and the catalogue's, written out here (not derived from the table under test).
const EXPECTED: Record<string, string> = {
  card_declined: 'FORM_CARD_DECLINED',
  generic_decline: 'FORM_CARD_DECLINED',
  do_not_honor: 'FORM_CARD_DECLINED',
  insufficient_funds: 'FORM_CARD_INSUFFICIENT_FUNDS',
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
  payment_intent_authentication_failure: 'FORM_CARD_3DS_FAILED',
  setup_intent_authentication_failure: 'FORM_CARD_3DS_FAILED',
};

describe('a new card at checkout (confirmCardPayment)', () => {
  it('succeeds when Stripe.js and then the server say so; the card element and secret go to Stripe.js', async () => {
    const stripe = fakeStripe({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const read = reads(order('succeeded'));
    const out = await payWithNewCard(stripe, card, { client_secret: 'pi_1_secret_x' }, read, noWait);
    expect(out).toEqual({ done: order('succeeded') });
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', { payment_method: { card } });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('3-D Secure asked, then approved: Stripe.js resolves after its dialog and the server settles it', async () => {
    // Stripe.js's confirmCardPayment runs the bank's challenge itself and resolves once it is over.
    let challenged = false;
    const stripe = fakeStripe(null);
    stripe.confirmCardPayment.mockImplementation(async () => {
      challenged = true;
      return { paymentIntent: { id: 'pi_2', status: 'succeeded', next_action: null } };
    });
    // The webhook is a moment late: the first read still finds the order waiting.
    const read = reads(order('requires_action'), order('succeeded'));
    const out = await payWithNewCard(stripe, card, { client_secret: 's' }, read, noWait);
    expect(challenged).toBe(true);
    expect(out).toEqual({ done: order('succeeded') });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('3-D Secure failed: Stripe.js error → the server closed the order with its code', async () => {
    const stripe = fakeStripe({
      error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure' },
    });
    const out = await payWithNewCard(stripe, card, { client_secret: 's' }, reads(order('failed', 'FORM_CARD_3DS_FAILED')), noWait);
    expect(out).toEqual({ error: 'FORM_CARD_3DS_FAILED', open: false });
  });

  it.each(Object.entries(EXPECTED))('decline %s → %s, in Romanian', async (decline, code) => {
    const error = decline.endsWith('_authentication_failure')
      ? { type: 'invalid_request_error', code: decline }
      : { type: 'card_error', code: 'card_declined', decline_code: decline };
    expect(stripeErrorCode(error)).toBe(code);
    // While the server still has the attempt open, Stripe's refusal is what the form shows…
    const open = await payWithNewCard(fakeStripe({ error }), card, { client_secret: 's' }, reads(order('requires_action')), noWait);
    expect(open).toEqual({ error: code, open: true });
    // …once the server closed it, its code is shown and the attempt is over.
    const closed = await payWithNewCard(fakeStripe({ error }), card, { client_secret: 's' }, reads(order('failed', code)), noWait);
    expect(closed).toEqual({ error: code, open: false });
    expect(messageFor(code)).not.toBe(code);
    expect(messageFor(code)).toMatch(/[a-zăâîșț]/);
  });

  it('knows every Stripe code in the shared table, and an unknown decline is still a decline', () => {
    expect([...KNOWN_DECLINES].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(stripeErrorCode({ type: 'card_error', code: 'card_declined', decline_code: 'pickup_card' })).toBe('FORM_CARD_DECLINED');
    // An error code without a decline code (Stripe's expired_card comes so).
    expect(stripeErrorCode({ type: 'card_error', code: 'expired_card' })).toBe('FORM_CARD_EXPIRED');
    expect(stripeErrorCode({ type: 'api_connection_error' })).toBe('FORM_CARD_PROCESSING_ERROR');
  });

  it("the server decides: Stripe.js's 'succeeded' is not paid while the order is not", async () => {
    const stripe = fakeStripe({ paymentIntent: { id: 'pi_3', status: 'succeeded' } });
    // The server found something wrong (an amount that differs): it never says succeeded.
    const read = reads(order('requires_action'));
    const wait = vi.fn(async () => undefined);
    const out = await payWithNewCard(stripe, card, { client_secret: 's' }, read, wait);
    expect(out).toEqual({ error: 'FORM_PAYMENT_PENDING', open: true });
    expect(read).toHaveBeenCalledTimes(SETTLE_WAITS_MS.length);
    expect(wait.mock.calls.map((c) => (c as unknown[])[0])).toEqual(SETTLE_WAITS_MS.filter((ms) => ms > 0));
    // And an order the server failed after Stripe.js said succeeded is a failure, not a payment.
    const failed = await payWithNewCard(stripe, card, { client_secret: 's' }, reads(order('failed', 'FORM_CARD_DECLINED')), noWait);
    expect(failed).toEqual({ error: 'FORM_CARD_DECLINED', open: false });
  });

  it("the Element's own checks: nothing is read from the server, the attempt stays", async () => {
    const read = reads(order('requires_action'));
    for (const [code, expected] of [
      ['incomplete_number', 'FORM_CARD_WRONG_NUMBER'],
      ['invalid_expiry_year_past', 'FORM_CARD_EXPIRED'],
      ['incomplete_expiry', 'FORM_CARD_WRONG_EXPIRY'],
      ['incomplete_cvc', 'FORM_CARD_WRONG_CVV'],
      ['something_new', 'FORM_CARD_INCOMPLETE'],
    ] as const) {
      const out = await payWithNewCard(fakeStripe({ error: { type: 'validation_error', code } }), card, { client_secret: 's' }, read, noWait);
      expect(out).toEqual({ error: expected, open: true });
    }
    expect(read).not.toHaveBeenCalled();
  });
});

describe('a saved card whose bank asks for 3-D Secure (handleNextAction)', () => {
  it('Stripe.js runs the challenge on the intent the server confirmed, then the server is asked', async () => {
    const stripe = fakeStripe({ paymentIntent: { id: 'pi_4', status: 'succeeded' } });
    const out = await authenticateSavedCard(stripe, { client_secret: 'pi_4_secret' }, reads(order('succeeded')), noWait);
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_4_secret' });
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    expect(out).toEqual({ done: order('succeeded') });
  });
});

describe('"Adaugă un card" (confirmCardSetup)', () => {
  it('saves the card once the server says the setup succeeded; a refusal shows its code', async () => {
    const ok = fakeStripe({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    const out = await saveNewCard(ok, card, { client_secret: 'seti_1_secret' }, reads(order('succeeded')), noWait);
    expect(ok.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret', { payment_method: { card } });
    expect(out).toEqual({ done: order('succeeded') });
    const refused = fakeStripe({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } });
    const no = await saveNewCard(refused, card, { client_secret: 's' }, reads(order('failed', 'FORM_CARD_INSUFFICIENT_FUNDS')), noWait);
    expect(no).toEqual({ error: 'FORM_CARD_INSUFFICIENT_FUNDS', open: false });
  });

  it('a failed attempt without a code from the server falls back to Stripe’s refusal', async () => {
    const out = await serverWord(
      { error: { type: 'card_error', code: 'card_declined', decline_code: 'lost_card' } },
      reads(order('canceled')),
      noWait,
    );
    expect(out).toEqual({ error: 'FORM_CARD_DECLINED', open: false });
  });
});

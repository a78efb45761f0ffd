// The card form's own checks (issue 23 §1): a typo never reaches the provider, so it is never a
// refused payment in the history. A 12-digit number, a failed check digit (Luhn) or an expiry in
// the past stays on the device with the field's message.
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/pages/dash/premium/card-fields.tsx';

const now = new Date('2026-11-26T10:00:00Z');
const ok = { number: '4242 4242 4242 4242', exp: '12/35', cvc: '123' };

describe('parseCard', () => {
  it('a valid test card passes', () => {
    expect(parseCard(ok, now)).toEqual({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' }, errors: {} });
    // Valid to the end of its expiry month.
    expect(parseCard({ ...ok, exp: '11/26' }, now).card).toBeDefined();
  });

  it('12 digits, 20 digits or a wrong check digit: FORM_CARD_WRONG_NUMBER, nothing to send', () => {
    for (const number of ['4242 4242 4242', '4242 4242 4242 4242 4242', '4242 4242 4242 4241']) {
      const r = parseCard({ ...ok, number }, now);
      expect(r.card, number).toBeUndefined();
      expect(r.errors.number, number).toEqual(['FORM_CARD_WRONG_NUMBER']);
    }
  });

  it('an expiry in the past: FORM_CARD_EXPIRED on the expiry field', () => {
    const r = parseCard({ ...ok, exp: '10/26' }, now);
    expect(r.card).toBeUndefined();
    expect(r.errors).toEqual({ exp: ['FORM_CARD_EXPIRED'] });
  });
});

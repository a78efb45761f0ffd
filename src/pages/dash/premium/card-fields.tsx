// The card number, expiry and CVV fields of the checkout (CardForm.tsx) and of "Adaugă un card"
// (settings/cards/AddCardForm.tsx): the typing help, the device-side checks and the fields, once.
// The card goes only to the payment provider; what is checked here only spares a round trip.
import { useState } from 'react';
import { ApiError, errorCode } from '../../../api/errors.ts';
import { TextField } from '../../../shell/form/TextField.tsx';
import { luhnValid } from '../../../shared/sandbox-cards.ts';

export type CardFieldValues = { number: string; exp: string; cvc: string };
export type CardFieldErrors = Partial<Record<'number' | 'exp' | 'cvc' | 'general', string[]>>;
export type CardInput = { number: string; exp_month: number; exp_year: number; cvc: string };

/** "4242424242424242" → "4242 4242 4242 4242" as the user types. */
const groupDigits = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1229" / "12/29" → "12/29". */
const formatExp = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/**
 * The card as the provider wants it, or the fields' error codes. A typo never leaves the device
 * (issue 23 §1), as Stripe.js keeps it: a number of a length no card has (13–19 digits) or failing
 * its check digit (Luhn), an expiry already past. Otherwise the attempt would reach the provider and
 * stay in the payment history as a refused payment.
 */
export function parseCard(f: CardFieldValues, now = new Date()): { card?: CardInput; errors: CardFieldErrors } {
  const errors: CardFieldErrors = {};
  const number = f.number.replace(/\D/g, '');
  if (!number) errors.number = ['FIELD_REQUIRED'];
  else if (number.length < 13 || number.length > 19 || !luhnValid(number)) errors.number = ['FORM_CARD_WRONG_NUMBER'];
  const m = /^(\d{2})\/(\d{2})$/.exec(f.exp);
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) errors.exp = [f.exp ? 'FIELD_INVALID' : 'FIELD_REQUIRED'];
  else {
    // A card is valid to the end of its expiry month.
    const year = 2000 + Number(m[2]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.exp = ['FORM_CARD_EXPIRED'];
  }
  if (!/^\d{3,4}$/.test(f.cvc)) errors.cvc = [f.cvc ? 'FORM_CARD_WRONG_CVV' : 'FIELD_REQUIRED'];
  if (Object.keys(errors).length) return { errors };
  return { card: { number, exp_month: month, exp_year: 2000 + Number(m![2]), cvc: f.cvc }, errors };
}

/** A provider's refusal placed on its fields, or as a general error when it names none. */
export function cardErrorsFrom(err: unknown): CardFieldErrors {
  const body = err instanceof ApiError ? err.body.errors : {};
  const next: CardFieldErrors = { number: body.number, exp: body.exp_month ?? body.exp_year, cvc: body.cvc };
  if (!next.number && !next.exp && !next.cvc) next.general = [errorCode(err)];
  return next;
}

/** The fields' values with the typing help applied. */
export function useCardFields() {
  const [fields, setFields] = useState<CardFieldValues>({ number: '', exp: '', cvc: '' });
  const set = (name: keyof CardFieldValues) => (v: string) =>
    setFields((f) => ({
      ...f,
      [name]:
        name === 'number' ? groupDigits(v) : name === 'exp' ? formatExp(v) : v.replace(/\D/g, '').slice(0, 4),
    }));
  const clear = () => setFields({ number: '', exp: '', cvc: '' });
  return { fields, set, clear };
}

export function CardFields({
  fields,
  set,
  errors,
}: {
  fields: CardFieldValues;
  set: (name: keyof CardFieldValues) => (v: string) => void;
  errors: CardFieldErrors;
}) {
  return (
    <>
      <TextField
        label="Numărul cardului"
        name="cardnumber"
        value={fields.number}
        onChange={set('number')}
        errors={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
      />
      <div className="card-form__row">
        <TextField
          label="Expirare (LL/AA)"
          name="cc-exp"
          value={fields.exp}
          onChange={set('exp')}
          errors={errors.exp}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="LL/AA"
        />
        <TextField
          label="CVV"
          name="cvc"
          value={fields.cvc}
          onChange={set('cvc')}
          errors={errors.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
        />
      </div>
    </>
  );
}

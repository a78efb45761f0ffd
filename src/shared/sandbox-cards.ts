// The sandbox provider's test cards (server/modules/payments/sandbox-provider.ts decides with them; the
// premium page lists them in sandbox mode): Stripe's documented test numbers, so a tester who knows Stripe knows
// these (https://docs.stripe.com/testing). Any expiry in the future and any CVC work, as there.

export type CardOutcome = { kind: 'succeed' } | { kind: 'three_ds' } | { kind: 'decline'; code: string };

export type TestCard = { number: string; outcome: CardOutcome; label: string };

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', outcome: { kind: 'succeed' }, label: 'plată reușită' },
  { number: '5555555555554444', outcome: { kind: 'succeed' }, label: 'plată reușită (Mastercard)' },
  {
    number: '4000002760003184',
    outcome: { kind: 'three_ds' },
    label: 'cere 3-D Secure (Respinge → 3-D Secure eșuat)',
  },
  { number: '4000000000000002', outcome: { kind: 'decline', code: 'card_declined' }, label: 'card refuzat' },
  {
    number: '4000000000009995',
    outcome: { kind: 'decline', code: 'insufficient_funds' },
    label: 'fonduri insuficiente',
  },
  { number: '4000000000009979', outcome: { kind: 'decline', code: 'stolen_card' }, label: 'card furat' },
  { number: '4000000000009987', outcome: { kind: 'decline', code: 'lost_card' }, label: 'card pierdut' },
  { number: '4000000000000069', outcome: { kind: 'decline', code: 'expired_card' }, label: 'card expirat' },
  { number: '4000000000000127', outcome: { kind: 'decline', code: 'incorrect_cvc' }, label: 'CVV greșit' },
  {
    number: '4242424242424241',
    outcome: { kind: 'decline', code: 'incorrect_number' },
    label: 'număr greșit',
  },
  {
    number: '4000000000000119',
    outcome: { kind: 'decline', code: 'processing_error' },
    label: 'eroare de procesare',
  },
  // Saved cards (/setari/carduri) and renewal: Stripe's cards for SetupIntents and off-session charges.
  {
    number: '4000002500003155',
    outcome: { kind: 'three_ds' },
    label: 'cere 3-D Secure la salvare; reînnoirea trece fără',
  },
  {
    number: '4000000000000341',
    outcome: { kind: 'decline', code: 'card_declined' },
    label: 'se poate salva; plata și reînnoirea sunt refuzate',
  },
];

/**
 * How a saved test card answers an off-session charge (renewal), as Stripe's: 3184 always asks
 * for 3-D Secure, which nobody can answer off-session; 0341 attaches but every charge fails.
 */
export const OFF_SESSION_DECLINES: Readonly<Record<string, string>> = {
  '4000002760003184': 'authentication_required',
  '4000000000000341': 'card_declined',
};

/** Saving a card (a SetupIntent): as a payment, except that 0341 saves (it fails only when charged). */
export function setupOutcome(
  card: { number: string; exp_month: number; exp_year: number },
  now = new Date(),
): CardOutcome {
  const outcome = cardOutcome(card, now);
  return card.number === '4000000000000341' && outcome.kind === 'decline' && outcome.code === 'card_declined'
    ? { kind: 'succeed' }
    : outcome;
}

/** Luhn check digit: a mistyped number fails it (Stripe's incorrect_number card does too). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  return 'card';
}

/**
 * What the sandbox does with a card. An expiry before the current month is expired_card; a number
 * that is not one of the test cards is declined, as Stripe's test mode refuses real cards.
 */
export function cardOutcome(
  card: { number: string; exp_month: number; exp_year: number },
  now = new Date(),
): CardOutcome {
  const known = TEST_CARDS.find((c) => c.number === card.number);
  if (known?.outcome.kind === 'decline' && known.outcome.code === 'incorrect_number') return known.outcome;
  if (!luhnValid(card.number)) return { kind: 'decline', code: 'incorrect_number' };
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  if (card.exp_year < y || (card.exp_year === y && card.exp_month < m))
    return { kind: 'decline', code: 'expired_card' };
  return known ? known.outcome : { kind: 'decline', code: 'card_declined' };
}

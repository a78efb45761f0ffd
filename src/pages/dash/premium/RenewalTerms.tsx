// What a checkout discloses before the payment (EU consumer rules, issue 23 §1): that the plan
// renews by itself, when the paid period runs (after any free days the user holds), the date of the
// first renewal charge, its full amount (the package's price, whatever coupon lowers this payment)
// and the card it is taken from (the one paid with now, unless the form keeps the default). The
// dates come from the server (GET /payments/subscription).
import type { SavedCard } from '../../../api/cards.ts';
import type { CheckoutTerms } from '../../../shared/payment-payloads.ts';
import type { CardChoice } from './SavedCardChoice.tsx';
import { renewalCardName } from './RenewalCardChoice.tsx';
import { formatLei, longDate } from './format.ts';

export function RenewalTerms({
  terms,
  saved,
  choice,
  useForRenewal,
  discounted,
}: {
  terms: CheckoutTerms | undefined;
  saved: readonly SavedCard[];
  choice: CardChoice;
  /** The form's "Folosește acest card pentru reînnoirea automată" (RenewalCardChoice.tsx). */
  useForRenewal: boolean;
  discounted: boolean;
}) {
  if (!terms) return null;
  const startsLater = Date.parse(terms.starts_at) - Date.now() > 60_000;
  return (
    <div className="renewal-terms" data-testid="renewal-terms">
      <p>
        <strong>Abonament cu reînnoire automată.</strong>{' '}
        {startsLater
          ? `Perioada plătită începe pe ${longDate(terms.starts_at)}, după Premiumul pe care îl ai deja, și ține până pe ${longDate(terms.ends_at)}.`
          : `Perioada plătită ține de azi până pe ${longDate(terms.ends_at)}.`}
      </p>
      <p>
        Pe <strong>{longDate(terms.renews_at)}</strong> plătești automat{' '}
        <strong>{formatLei(terms.renewal_amount_bani)}</strong>
        {discounted ? ' (prețul întreg al pachetului: reducerea cuponului se aplică doar acum)' : ''} cu{' '}
        {renewalCardName(saved, choice, useForRenewal)}, apoi la fel la fiecare reînnoire. Poți anula oricând din pagina Premium,
        înainte de data plății.
      </p>
    </div>
  );
}

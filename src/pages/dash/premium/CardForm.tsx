// The checkout: card number, expiry and CVV go only to the payment provider (the sandbox's confirm
// endpoint), never to the payments API. One idempotency key per attempt: a double click or a retry
// after a lost answer reuses it, so it never makes a second order; a declined attempt is over and
// the next submit starts a new one. What the page shows comes from the order the server settled.
// With saved cards, the default one is preselected and paying with it charges it at once (the 3-D
// Secure page when its bank asks); a new card is saved for the renewal once the payment went through.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/errors.ts';
import {
  confirmCard,
  getOrder,
  getSandboxIntent,
  startCheckout,
  type CheckoutResponse,
  type PaymentOrder,
  type PremiumPackage,
} from '../../../api/payments.ts';
import { Link } from '../../../router/Link.tsx';
import { SavedCardChoice, useSavedCardChoice, type CardChoice } from './SavedCardChoice.tsx';
import { RenewalTerms } from './RenewalTerms.tsx';
import { NewCardSavedNote, RenewalCardChoice, replacedDefault } from './RenewalCardChoice.tsx';
import type { CheckoutTerms } from '../../../shared/payment-payloads.ts';
import {
  CardFields,
  cardErrorsFrom,
  parseCard,
  useCardFields,
  type CardFieldErrors,
} from './card-fields.tsx';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../../shell/form/SubmitButton.tsx';
import type { QuoteResponse } from '../../../api/coupons.ts';
import { formatLei, newKey, orderProblem } from './format.ts';
import { CheckoutTitle } from './CheckoutTitle.tsx';

export function CardForm({
  pkg,
  quote = null,
  terms,
  initialError,
  onPaid,
  onAlreadyPremium,
}: {
  pkg: PremiumPackage;
  /** The coupon the server accepted for this package, with the price it will charge. */
  quote?: QuoteResponse | null;
  /** What this payment means: when the paid period runs, when and for how much it renews (the server's). */
  terms?: CheckoutTerms;
  initialError?: string | null;
  onPaid: (order: PaymentOrder) => void;
  onAlreadyPremium: () => void;
}) {
  const navigate = useNavigate();
  const { fields, set } = useCardFields();
  const [errors, setErrors] = useState<CardFieldErrors>(initialError ? { general: [initialError] } : {});
  const [busy, setBusy] = useState(false);
  // The attempt in progress: its key, and the checkout once the server answered it.
  const attempt = useRef<{
    key: string;
    packageId: number;
    coupon: string | null;
    card: CardChoice;
    renew: boolean;
    checkout?: CheckoutResponse;
  } | null>(null);
  const { saved, choice, setChoice } = useSavedCardChoice();
  // "Folosește acest card pentru reînnoirea automată", ticked unless the candidate unticks it.
  const [useForRenewal, setUseForRenewal] = useState(true);
  // Asked only when a default card exists and another card pays: otherwise this card renews anyway.
  const renew = replacedDefault(saved, choice) ? useForRenewal : true;
  const coupon = quote?.package_id === pkg.id ? quote : null;
  const price = coupon?.amount_bani ?? pkg.price_bani;

  function settled(order: PaymentOrder) {
    attempt.current = null;
    if (order.status === 'succeeded') onPaid(order);
    else setErrors({ general: [orderProblem(order)] });
  }

  /**
   * After a request without an answer: the same attempt asked again (the same key answers the same
   * order, never a second charge), then the order as the server settles it with the provider. true
   * when that told the outcome; still unreachable: "we do not know yet", not "the request failed".
   */
  async function askAfterLostReply(): Promise<boolean> {
    const a = attempt.current;
    // A new card whose checkout never answered: no card was sent, nothing can have been charged.
    if (!a || (a.card === 'new' && !a.checkout)) return false;
    try {
      a.checkout ??= await startCheckout(a.packageId, a.key, a.coupon, a.card === 'new' ? null : a.card, a.renew);
      const { order } = await getOrder(a.checkout.order.id);
      if (order.status === 'created' || order.status === 'requires_action') return false;
      settled(order);
      return true;
    } catch {
      setErrors({ general: ['FORM_PAYMENT_STATUS_UNKNOWN'] });
      return true;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const { card, errors: local } = choice === 'new' ? parseCard(fields) : { errors: {} };
    setErrors(local);
    if (choice === 'new' && !card) return;
    setBusy(true);
    try {
      const code = coupon?.code ?? null;
      const a = attempt.current;
      if (!a || a.packageId !== pkg.id || a.coupon !== code || a.card !== choice || a.renew !== renew)
        attempt.current = { key: newKey(), packageId: pkg.id, coupon: code, card: choice, renew };
      const current = attempt.current!;
      current.checkout ??= await startCheckout(pkg.id, current.key, code, choice === 'new' ? null : choice, renew);
      const c = current.checkout;
      if (!c.payment) return settled((await getOrder(c.order.id)).order);
      // A saved card was charged at once; still open means its bank asks for 3-D Secure.
      const { intent } = card
        ? await confirmCard(c.payment.intent_id, c.payment.client_secret, card)
        : await getSandboxIntent(c.payment.intent_id, c.payment.client_secret);
      if (intent.next_action) {
        const q = new URLSearchParams({
          client_secret: c.payment.client_secret,
          comanda: String(c.order.id),
        });
        navigate(`${intent.next_action.redirect_to}?${q.toString()}`);
        return;
      }
      settled((await getOrder(c.order.id)).order);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'FORM_USER_ALREADY_PREMIUM') onAlreadyPremium();
      // A lost reply may hide a payment that went through: ask the server before saying anything.
      if (err instanceof ApiError && err.status === null && (await askAfterLostReply())) return;
      setErrors(cardErrorsFrom(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label="Plata cu cardul">
      <CheckoutTitle pkg={pkg} price={price} discounted={coupon !== null} />
      {saved.length ? <SavedCardChoice cards={saved} value={choice} onChange={setChoice} /> : null}
      {choice === 'new' ? <CardFields fields={fields} set={set} errors={errors} /> : null}
      <FormErrors codes={errors.general ?? []} />
      <RenewalCardChoice saved={saved} choice={choice} value={useForRenewal} onChange={setUseForRenewal} />
      <RenewalTerms terms={terms} saved={saved} choice={choice} useForRenewal={renew} discounted={coupon !== null} />
      <SubmitButton busy={busy} busyLabel="Se procesează plata…">
        Plătește {formatLei(price)}
      </SubmitButton>
      {choice === 'new' ? (
        <>
          <p className="card-form__note muted">
            Datele cardului merg direct la procesatorul de plăți; noi păstrăm doar tipul cardului, ultimele 4
            cifre și data expirării.
          </p>
          <NewCardSavedNote saved={saved} useForRenewal={renew} />
        </>
      ) : (
        <p className="card-form__note muted">
          Plătești cu cardul salvat; îl poți schimba din <Link to="/setari/carduri">Setări › Carduri</Link>.
        </p>
      )}
    </form>
  );
}

// The checkout with Stripe (issue 8 §2): the card is typed in Stripe's Card Element and confirmed by
// Stripe.js (confirmCardPayment; 3-D Secure in Stripe's dialog when the bank asks), on the
// PaymentIntent the server created for the order. A saved card is charged by the server at once;
// if its bank asks for 3-D Secure, Stripe.js runs it (handleNextAction). What the page shows comes
// from the order read back from our API (stripe-flow.ts). One idempotency key per attempt, as in the
// sandbox form (../CardForm.tsx): a double click or a retry is the same order and the same intent.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorCode } from '../../../../api/errors.ts';
import {
  getOrder,
  startCheckout,
  type CheckoutResponse,
  type PaymentOrder,
  type PremiumPackage,
} from '../../../../api/payments.ts';
import type { QuoteResponse } from '../../../../api/coupons.ts';
import { Link } from '../../../../router/Link.tsx';
import { FormErrors } from '../../../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../../../shell/form/SubmitButton.tsx';
import { SavedCardChoice, useSavedCardChoice, type CardChoice } from '../SavedCardChoice.tsx';
import { RenewalTerms } from '../RenewalTerms.tsx';
import { NewCardSavedNote, RenewalCardChoice, replacedDefault } from '../RenewalCardChoice.tsx';
import type { CheckoutTerms } from '../../../../shared/payment-payloads.ts';
import { formatLei, newKey } from '../format.ts';
import { StripeCardBox, cardProblem, useCardElement } from './StripeCardField.tsx';
import { authenticateSavedCard, payWithNewCard, serverWord } from './stripe-flow.ts';
import { useStripe } from './use-stripe.ts';
import { CheckoutTitle } from '../CheckoutTitle.tsx';

export default function StripeCardForm({
  publishableKey,
  pkg,
  quote = null,
  terms,
  onPaid,
  onAlreadyPremium,
}: {
  publishableKey: string;
  pkg: PremiumPackage;
  quote?: QuoteResponse | null;
  /** What this payment means: when the paid period runs, when and for how much it renews (the server's). */
  terms?: CheckoutTerms;
  onPaid: (order: PaymentOrder) => void;
  onAlreadyPremium: () => void;
}) {
  const { stripe, failed } = useStripe(publishableKey);
  const { box, card, state } = useCardElement(stripe);
  const [cardErrors, setCardErrors] = useState<string[]>([]);
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{
    key: string;
    packageId: number;
    coupon: string | null;
    card: CardChoice;
    renew: boolean;
    checkout?: CheckoutResponse;
    /** Stripe.js said the money moved and the server has not settled yet: only read it again. */
    pending?: boolean;
  } | null>(null);
  const { saved, choice, setChoice } = useSavedCardChoice();
  // "Folosește acest card pentru reînnoirea automată", ticked unless the candidate unticks it.
  const [useForRenewal, setUseForRenewal] = useState(true);
  // Asked only when a default card exists and another card pays: otherwise this card renews anyway.
  const renew = replacedDefault(saved, choice) ? useForRenewal : true;
  // The Element's own message as the user types (cleared when the card is fixed).
  useEffect(() => setCardErrors(state.error ? [state.error] : []), [state.error]);
  const coupon = quote?.package_id === pkg.id ? quote : null;
  const price = coupon?.amount_bani ?? pkg.price_bani;

  function settled(order: PaymentOrder) {
    attempt.current = null;
    if (order.status === 'succeeded') onPaid(order);
    else setGeneral([order.failure_code ?? 'FORM_CARD_DECLINED']);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !stripe) return;
    const problem = choice === 'new' ? cardProblem(state) : null;
    setCardErrors(problem ? [problem] : []);
    setGeneral([]);
    if (problem || (choice === 'new' && !card)) return;
    setBusy(true);
    try {
      const code = coupon?.code ?? null;
      const a = attempt.current;
      if (!a || a.packageId !== pkg.id || a.coupon !== code || a.card !== choice || a.renew !== renew)
        attempt.current = { key: newKey(), packageId: pkg.id, coupon: code, card: choice, renew };
      const current = attempt.current!;
      current.checkout ??= await startCheckout(pkg.id, current.key, code, choice === 'new' ? null : choice, renew);
      const c = current.checkout;
      // No intent to confirm: the order is settled (a saved card charged at once, or refused).
      if (!c.payment) return settled((await getOrder(c.order.id)).order);
      const read = async () => (await getOrder(c.order.id)).order;
      const outcome = current.pending
        ? await serverWord({}, read)
        : choice === 'new'
          ? await payWithNewCard(stripe, card!, c.payment, read)
          : await authenticateSavedCard(stripe, c.payment, read);
      if ('done' in outcome) return settled(outcome.done);
      current.pending = outcome.error === 'FORM_PAYMENT_PENDING';
      // An attempt the server closed is over: the next submit starts a new order.
      if (!outcome.open) attempt.current = null;
      setGeneral([outcome.error]);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'FORM_USER_ALREADY_PREMIUM') onAlreadyPremium();
      setGeneral([errorCode(err)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label="Plata cu cardul">
      <CheckoutTitle pkg={pkg} price={price} discounted={coupon !== null} />
      {saved.length ? <SavedCardChoice cards={saved} value={choice} onChange={setChoice} /> : null}
      {failed ? (
        <FormErrors codes={['FORM_PAYMENT_PROVIDER_INIT_FAILED']} />
      ) : (
        <>
          {!stripe && choice === 'new' ? (
            <p className="muted stripe-card-loading">Se încarcă formularul cardului…</p>
          ) : null}
          {/* Always in the page (hidden while Stripe.js loads or a saved card is chosen), so the
              Element is mounted once and keeps what was typed when the choice goes back to it. */}
          <div className="stripe-card-wrap" hidden={!stripe || choice !== 'new'}>
            <StripeCardBox box={box} card={card} errors={cardErrors} />
          </div>
        </>
      )}
      <FormErrors codes={general} />
      <RenewalCardChoice saved={saved} choice={choice} value={useForRenewal} onChange={setUseForRenewal} />
      <RenewalTerms terms={terms} saved={saved} choice={choice} useForRenewal={renew} discounted={coupon !== null} />
      <SubmitButton busy={busy} busyLabel="Se procesează plata…" disabled={!stripe}>
        Plătește {formatLei(price)}
      </SubmitButton>
      {choice === 'new' ? (
        <>
          <p className="card-form__note muted">
            Datele cardului merg direct la Stripe, procesatorul de plăți; noi păstrăm doar tipul cardului,
            ultimele 4 cifre și data expirării. Dacă banca cere 3D Secure, confirmarea apare într-o fereastră.
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

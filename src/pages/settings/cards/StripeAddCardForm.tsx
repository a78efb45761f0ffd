// "Adaugă un card" with Stripe (issue 8 §3): the card is typed in Stripe's Card Element and saved by
// Stripe.js on the SetupIntent the server created (confirmCardSetup; 3-D Secure in Stripe's dialog
// when the bank asks); then the server is asked how the attempt stands (GET /payments/cards/setup/:id)
// and only its word adds the card. One idempotency key per attempt, as in the sandbox form.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorCode } from '../../../api/errors.ts';
import { getCardSetup, startCardSetup, type CardSetup, type CardSetupResponse } from '../../../api/cards.ts';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../../shell/form/SubmitButton.tsx';
import { newKey } from '../../dash/premium/format.ts';
import { StripeCardBox, cardProblem, useCardElement } from '../../dash/premium/stripe/StripeCardField.tsx';
import { saveNewCard, serverWord } from '../../dash/premium/stripe/stripe-flow.ts';
import { useStripe } from '../../dash/premium/stripe/use-stripe.ts';

export default function StripeAddCardForm({
  publishableKey,
  onAdded,
}: {
  publishableKey: string;
  onAdded: (setup: CardSetup) => void;
}) {
  const { stripe, failed } = useStripe(publishableKey);
  const { box, card, state } = useCardElement(stripe);
  const [cardErrors, setCardErrors] = useState<string[]>([]);
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // pending: Stripe.js said the card was saved and the server has not settled yet: only read it again.
  const attempt = useRef<{ key: string; started?: CardSetupResponse; pending?: boolean } | null>(null);
  useEffect(() => setCardErrors(state.error ? [state.error] : []), [state.error]);

  function settled(setup: CardSetup) {
    attempt.current = null;
    if (setup.status === 'succeeded') {
      card?.clear();
      onAdded(setup);
    } else setGeneral([setup.failure_code ?? 'FORM_CARD_DECLINED']);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !stripe || !card) return;
    const problem = cardProblem(state);
    setCardErrors(problem ? [problem] : []);
    setGeneral([]);
    if (problem) return;
    setBusy(true);
    try {
      attempt.current ??= { key: newKey() };
      const current = attempt.current;
      current.started ??= await startCardSetup(current.key);
      const s = current.started;
      if (!s.payment) return settled((await getCardSetup(s.setup.id)).setup);
      const read = async () => (await getCardSetup(s.setup.id)).setup;
      const outcome = current.pending ? await serverWord({}, read) : await saveNewCard(stripe, card, s.payment, read);
      if ('done' in outcome) return settled(outcome.done);
      current.pending = outcome.error === 'FORM_PAYMENT_PENDING';
      if (!outcome.open) attempt.current = null;
      setGeneral([outcome.error]);
    } catch (err) {
      setGeneral([errorCode(err)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label="Adaugă un card">
      <h2 className="card-form__title">Adaugă un card</h2>
      {failed ? (
        <FormErrors codes={['FORM_PAYMENT_PROVIDER_INIT_FAILED']} />
      ) : (
        <>
          {!stripe ? <p className="muted stripe-card-loading">Se încarcă formularul cardului…</p> : null}
          <div className="stripe-card-wrap" hidden={!stripe}>
            <StripeCardBox box={box} card={card} errors={cardErrors} />
          </div>
        </>
      )}
      <FormErrors codes={general} />
      <SubmitButton busy={busy} busyLabel="Se salvează cardul…" disabled={!card}>
        Salvează cardul
      </SubmitButton>
      <p className="card-form__note muted">
        Nu se face nicio plată acum. Datele cardului merg direct la Stripe, procesatorul de plăți; noi păstrăm
        doar tipul cardului, ultimele 4 cifre și data expirării. Dacă banca cere 3D Secure, confirmarea apare
        într-o fereastră.
      </p>
    </form>
  );
}

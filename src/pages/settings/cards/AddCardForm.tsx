// "Adaugă un card": the card goes only to the provider (the sandbox's setup-intent endpoint), never
// to the API. One idempotency key per attempt (a double click or a retry is the same attempt); a
// refused card ends the attempt and the next submit starts a new one. When the bank asks for
// 3-D Secure the page goes to /plata/3ds/… and comes back to /setari/carduri?adaugare=ID.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  confirmSetupCard,
  getCardSetup,
  startCardSetup,
  type CardSetup,
  type CardSetupResponse,
} from '../../../api/cards.ts';
import {
  CardFields,
  cardErrorsFrom,
  parseCard,
  useCardFields,
  type CardFieldErrors,
} from '../../dash/premium/card-fields.tsx';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../../shell/form/SubmitButton.tsx';
import { newKey } from '../../dash/premium/format.ts';

export function AddCardForm({
  onAdded,
  initialError,
}: {
  onAdded: (setup: CardSetup) => void;
  initialError?: string | null;
}) {
  const navigate = useNavigate();
  const { fields, set, clear } = useCardFields();
  const [errors, setErrors] = useState<CardFieldErrors>(initialError ? { general: [initialError] } : {});
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; started?: CardSetupResponse } | null>(null);

  function settled(setup: CardSetup) {
    attempt.current = null;
    if (setup.status === 'succeeded') {
      clear();
      onAdded(setup);
    } else setErrors({ general: [setup.failure_code ?? 'FORM_CARD_DECLINED'] });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const { card, errors: local } = parseCard(fields);
    setErrors(local);
    if (!card) return;
    setBusy(true);
    try {
      attempt.current ??= { key: newKey() };
      const current = attempt.current;
      current.started ??= await startCardSetup(current.key);
      const s = current.started;
      if (!s.payment) return settled((await getCardSetup(s.setup.id)).setup);
      const { intent } = await confirmSetupCard(s.payment.intent_id, s.payment.client_secret, card);
      if (intent.next_action) {
        const q = new URLSearchParams({
          client_secret: s.payment.client_secret,
          adaugare: String(s.setup.id),
        });
        navigate(`${intent.next_action.redirect_to}?${q.toString()}`);
        return;
      }
      settled((await getCardSetup(s.setup.id)).setup);
    } catch (err) {
      setErrors(cardErrorsFrom(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label="Adaugă un card">
      <h2 className="card-form__title">Adaugă un card</h2>
      <CardFields fields={fields} set={set} errors={errors} />
      <FormErrors codes={errors.general ?? []} />
      <SubmitButton busy={busy} busyLabel="Se salvează cardul…">
        Salvează cardul
      </SubmitButton>
      <p className="card-form__note muted">
        Nu se face nicio plată acum. Datele cardului merg direct la procesatorul de plăți; noi păstrăm doar
        tipul cardului, ultimele 4 cifre și data expirării.
      </p>
    </form>
  );
}

// "Adaugă un card": the card goes only to the provider (the sandbox's setup-intent endpoint), never
// to the API. One idempotency key per attempt (a double click or a retry is the same attempt); a
// refused card ends the attempt and the next submit starts a new one. When the bank asks for
// 3-D Secure the page goes to /plata/3ds/… and comes back to /setari/carduri?adaugare=ID.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorCode } from '../../../api/errors.ts';
import {
  confirmSetupCard,
  getCardSetup,
  startCardSetup,
  type CardSetup,
  type CardSetupResponse,
} from '../../../api/cards.ts';
import { TextField } from '../../../shell/form/TextField.tsx';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../../shell/form/SubmitButton.tsx';
import { newKey } from '../../dash/premium/format.ts';

type Fields = { number: string; exp: string; cvc: string };
type FieldErrors = Partial<Record<'number' | 'exp' | 'cvc' | 'general', string[]>>;

// The same typing help as the checkout's card form (premium/CardForm.tsx).
const groupDigits = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExp = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

function parse(f: Fields) {
  const errors: FieldErrors = {};
  const number = f.number.replace(/\D/g, '');
  if (!number) errors.number = ['FIELD_REQUIRED'];
  else if (number.length < 12) errors.number = ['FORM_CARD_WRONG_NUMBER'];
  const m = /^(\d{2})\/(\d{2})$/.exec(f.exp);
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) errors.exp = [f.exp ? 'FIELD_INVALID' : 'FIELD_REQUIRED'];
  if (!/^\d{3,4}$/.test(f.cvc)) errors.cvc = [f.cvc ? 'FORM_CARD_WRONG_CVV' : 'FIELD_REQUIRED'];
  if (Object.keys(errors).length) return { errors };
  return { card: { number, exp_month: month, exp_year: 2000 + Number(m![2]), cvc: f.cvc }, errors };
}

export function AddCardForm({
  onAdded,
  initialError,
}: {
  onAdded: (setup: CardSetup) => void;
  initialError?: string | null;
}) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>({ number: '', exp: '', cvc: '' });
  const [errors, setErrors] = useState<FieldErrors>(initialError ? { general: [initialError] } : {});
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ key: string; started?: CardSetupResponse } | null>(null);

  const set = (name: keyof Fields) => (v: string) =>
    setFields((f) => ({
      ...f,
      [name]:
        name === 'number' ? groupDigits(v) : name === 'exp' ? formatExp(v) : v.replace(/\D/g, '').slice(0, 4),
    }));

  function settled(setup: CardSetup) {
    attempt.current = null;
    if (setup.status === 'succeeded') {
      setFields({ number: '', exp: '', cvc: '' });
      onAdded(setup);
    } else setErrors({ general: [setup.failure_code ?? 'FORM_CARD_DECLINED'] });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const { card, errors: local } = parse(fields);
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
      const body = err instanceof ApiError ? err.body.errors : {};
      const next: FieldErrors = { number: body.number, exp: body.exp_month ?? body.exp_year, cvc: body.cvc };
      if (!next.number && !next.exp && !next.cvc) next.general = [errorCode(err)];
      setErrors(next);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label="Adaugă un card">
      <h2 className="card-form__title">Adaugă un card</h2>
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

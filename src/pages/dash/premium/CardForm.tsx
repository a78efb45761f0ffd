// The checkout: card number, expiry and CVV go only to the payment provider (the sandbox's confirm
// endpoint), never to the payments API. One idempotency key per attempt: a double click or a retry
// after a lost answer reuses it, so it never makes a second order; a declined attempt is over and
// the next submit starts a new one. What the page shows comes from the order the server settled.
// With saved cards, the default one is preselected and paying with it charges it at once (the 3-D
// Secure page when its bank asks); a new card is saved for the renewal once the payment went through.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorCode } from '../../../api/errors.ts';
import {
  confirmCard,
  getOrder,
  getSandboxIntent,
  startCheckout,
  type CheckoutResponse,
  type PaymentOrder,
  type PremiumPackage,
} from '../../../api/payments.ts';
import { getCards, type SavedCard } from '../../../api/cards.ts';
import { Link } from '../../../router/Link.tsx';
import { SavedCardChoice, type CardChoice } from './SavedCardChoice.tsx';
import { TextField } from '../../../shell/form/TextField.tsx';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../../shell/form/SubmitButton.tsx';
import type { QuoteResponse } from '../../../api/coupons.ts';
import { formatLei, newKey, packageTitle } from './format.ts';

type Fields = { number: string; exp: string; cvc: string };
type FieldErrors = Partial<Record<'number' | 'exp' | 'cvc' | 'general', string[]>>;

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

function parse(f: Fields): {
  card?: { number: string; exp_month: number; exp_year: number; cvc: string };
  errors: FieldErrors;
} {
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

export function CardForm({
  pkg,
  quote = null,
  initialError,
  onPaid,
  onAlreadyPremium,
}: {
  pkg: PremiumPackage;
  /** The coupon the server accepted for this package, with the price it will charge. */
  quote?: QuoteResponse | null;
  initialError?: string | null;
  onPaid: (order: PaymentOrder) => void;
  onAlreadyPremium: () => void;
}) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>({ number: '', exp: '', cvc: '' });
  const [errors, setErrors] = useState<FieldErrors>(initialError ? { general: [initialError] } : {});
  const [busy, setBusy] = useState(false);
  // The attempt in progress: its key, and the checkout once the server answered it.
  const attempt = useRef<{
    key: string;
    packageId: number;
    coupon: string | null;
    card: CardChoice;
    checkout?: CheckoutResponse;
  } | null>(null);
  const [saved, setSaved] = useState<readonly SavedCard[]>([]);
  const [choice, setChoice] = useState<CardChoice>('new');
  useEffect(() => {
    // Without the list (an error), the form still takes a new card.
    getCards().then(
      (r) => {
        setSaved(r.cards);
        const preferred = r.cards.find((c) => c.is_default) ?? r.cards[0];
        if (preferred) setChoice(preferred.id);
      },
      () => undefined,
    );
  }, []);
  const coupon = quote?.package_id === pkg.id ? quote : null;
  const price = coupon?.amount_bani ?? pkg.price_bani;

  const set = (name: keyof Fields) => (v: string) =>
    setFields((f) => ({
      ...f,
      [name]:
        name === 'number' ? groupDigits(v) : name === 'exp' ? formatExp(v) : v.replace(/\D/g, '').slice(0, 4),
    }));

  function settled(order: PaymentOrder) {
    attempt.current = null;
    if (order.status === 'succeeded') onPaid(order);
    else setErrors({ general: [order.failure_code ?? 'FORM_CARD_DECLINED'] });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const { card, errors: local } = choice === 'new' ? parse(fields) : { errors: {} };
    setErrors(local);
    if (choice === 'new' && !card) return;
    setBusy(true);
    try {
      const code = coupon?.code ?? null;
      const a = attempt.current;
      if (!a || a.packageId !== pkg.id || a.coupon !== code || a.card !== choice)
        attempt.current = { key: newKey(), packageId: pkg.id, coupon: code, card: choice };
      const current = attempt.current!;
      current.checkout ??= await startCheckout(pkg.id, current.key, code, choice === 'new' ? null : choice);
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
      const body = err instanceof ApiError ? err.body.errors : {};
      const next: FieldErrors = {
        number: body.number,
        exp: body.exp_month ?? body.exp_year,
        cvc: body.cvc,
      };
      if (!next.number && !next.exp && !next.cvc) next.general = [errorCode(err)];
      setErrors(next);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-label="Plata cu cardul">
      <h2 className="card-form__title">
        Plată cu cardul: {packageTitle(pkg)},{' '}
        {coupon ? (
          <>
            <s className="price-old">{formatLei(pkg.price_bani)}</s> {formatLei(price)}
          </>
        ) : (
          formatLei(price)
        )}
      </h2>
      {saved.length ? <SavedCardChoice cards={saved} value={choice} onChange={setChoice} /> : null}
      {choice === 'new' ? (
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
      ) : null}
      <FormErrors codes={errors.general ?? []} />
      <SubmitButton busy={busy} busyLabel="Se procesează plata…">
        Plătește {formatLei(price)}
      </SubmitButton>
      {choice === 'new' ? (
        <>
          <p className="card-form__note muted">
            Datele cardului merg direct la procesatorul de plăți; noi păstrăm doar tipul cardului, ultimele 4
            cifre și data expirării.
          </p>
          <p className="card-form__note muted" data-testid="card-saved-note">
            Cardul va fi salvat pentru reînnoirea automată a abonamentului. Îl poți șterge din{' '}
            <Link to="/setari/carduri">Setări › Carduri</Link> după ce adaugi alt card sau anulezi reînnoirea.
          </p>
        </>
      ) : (
        <p className="card-form__note muted">
          Plătești cu cardul salvat; îl poți schimba din <Link to="/setari/carduri">Setări › Carduri</Link>.
        </p>
      )}
    </form>
  );
}

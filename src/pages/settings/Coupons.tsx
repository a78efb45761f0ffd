// /setari/cupoane: redeem a code (a 'days' coupon gives its premium at once; a percent one waits
// for the checkout on /cont/premium) and the coupons the user holds, newest first. What a coupon
// is worth and whether it can be used is the server's answer, never computed here.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../router/Link.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { TextField } from '../../shell/form/TextField.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import { ApiError, errorCode } from '../../api/errors.ts';
import { getCoupons, redeemCoupon, type UserCoupon } from '../../api/coupons.ts';
import { setUser } from '../../state/user.ts';
import { showToast } from '../../state/toast.ts';
import { longDate, untilLabel } from '../dash/premium/format.ts';
import { zile } from '../../shell/nav.ts';
import '../../styles/forms.css';
import '../dash/premium/premium.css';
import './coupons.css';

/** What the coupon gives, in words. */
export function couponValue(c: Pick<UserCoupon, 'kind' | 'percent_off' | 'premium_days'>): string {
  if (c.kind === 'story') return `${zile(c.premium_days ?? 0)} de Premium și ${c.percent_off}% reducere la pachet`;
  if (c.kind === 'days') return `${zile(c.premium_days ?? 0)} de Premium gratuit`;
  return `${c.percent_off}% reducere la pachetul Premium`;
}

const STATUS: Record<UserCoupon['status'], string> = {
  claimed: 'Disponibil',
  reserved: 'Într-o plată în curs',
  used: 'Folosit',
};

function CouponItem({ c }: { c: UserCoupon }) {
  const expired = c.valid_until !== null && new Date(c.valid_until).getTime() <= Date.now();
  const usable = c.status === 'claimed' && !expired && c.kind !== 'days';
  return (
    <li className="coupon" data-coupon={c.code}>
      <div className="coupon__head">
        <code className="coupon__code">{c.code}</code>
        <span className={`coupon__status coupon__status--${expired && c.status !== 'used' ? 'expired' : c.status}`}>
          {expired && c.status !== 'used' ? 'Expirat' : STATUS[c.status]}
        </span>
      </div>
      <p className="coupon__value">{couponValue(c)}</p>
      <p className="coupon__meta muted">
        {c.status === 'used' && c.used_at
          ? `Folosit pe ${longDate(c.used_at)}`
          : c.kind === 'story'
            ? `Zilele de Premium au fost adăugate pe ${longDate(c.claimed_at)}`
            : `Adăugat pe ${longDate(c.claimed_at)}`}
        {c.valid_until && c.status !== 'used' ? `; reducerea e valabilă ${untilLabel(c.valid_until)}` : ''}.
      </p>
      {usable ? (
        <Link className="btn btn--ghost coupon__use" to={`/cont/premium?cupon=${encodeURIComponent(c.code)}`}>
          Folosește la plată
        </Link>
      ) : null}
    </li>
  );
}

function CouponsPage() {
  const [coupons, setCoupons] = useState<UserCoupon[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string[]; general?: string[] }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<UserCoupon | null>(null);

  useEffect(() => {
    getCoupons().then(
      (r) => setCoupons(r.coupons),
      (err) => setLoadError(errorCode(err)),
    );
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) return setErrors({ code: ['FORM_COUPON_CODE_REQUIRED'] });
    setBusy(true);
    setErrors({});
    setDone(null);
    try {
      const res = await redeemCoupon(code);
      setUser(res.user);
      setCoupons((list) => [res.coupon, ...(list ?? []).filter((c) => c.id !== res.coupon.id)]);
      setDone(res.coupon);
      setCode('');
      showToast(res.success, 'success');
    } catch (err) {
      const field = err instanceof ApiError ? err.field('code') : [];
      // SPEC §8: the coupon screens fall back to the generic error.
      setErrors(field.length ? { code: field } : { general: [errorCode(err) || 'FORM_AN_ERROR_HAS_OCCURRED'] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-page form-page--wide coupons-page" aria-labelledby="coupons-title">
      <header className="form-page__header">
        <h1 id="coupons-title" className="form-page__title">
          Cupoane
        </h1>
        <nav aria-label="Setări" className="form-links">
          <Link to="/setari">Înapoi la setări</Link>
        </nav>
      </header>

      <form className="form-section coupon-form" onSubmit={submit} noValidate aria-label="Adaugă un cupon">
        <h2 className="form-section__title">Ai un cod?</h2>
        <div className="coupon-form__row">
          <TextField
            label="Codul cuponului"
            name="coupon"
            value={code}
            onChange={(v) => setCode(v.toUpperCase())}
            errors={errors.code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="de ex. BAC2026"
          />
          <SubmitButton busy={busy} busyLabel="Se aplică…">
            Aplică
          </SubmitButton>
        </div>
        <FormErrors codes={errors.general ?? []} />
        {done ? (
          <p className="coupon-form__done" role="status">
            {done.kind === 'days'
              ? `Gata: ${couponValue(done)} au fost adăugate contului tău.`
              : `Gata: ai ${couponValue(done)}. Se aplică atunci când plătești pe pagina Premium.`}
          </p>
        ) : null}
      </form>

      <section className="form-section" aria-labelledby="coupons-list-title">
        <h2 id="coupons-list-title" className="form-section__title">
          Cupoanele tale
        </h2>
        {loadError ? (
          <FormErrors codes={[loadError]} />
        ) : !coupons ? (
          <p className="muted">Se încarcă…</p>
        ) : coupons.length === 0 ? (
          <p className="muted">Nu ai încă niciun cupon.</p>
        ) : (
          <ul className="coupons">
            {coupons.map((c) => (
              <CouponItem key={c.id} c={c} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Coupons() {
  return (
    <NetworkRequired title="Cupoane">
      <CouponsPage />
    </NetworkRequired>
  );
}

// The coupon of the checkout: the code is checked by the server (POST /coupons/quote), which also
// says the reduced price; the checkout sends only the code, and the server charges what it computes.
import { useEffect, useState } from 'react';
import { ApiError, errorCode } from '../../../api/errors.ts';
import { quoteCoupon, type QuoteResponse } from '../../../api/coupons.ts';
import { TextField } from '../../../shell/form/TextField.tsx';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { formatLei } from './format.ts';
import '../../settings/coupons.css';

export function CouponField({
  packageId,
  initialCode,
  quote,
  onQuote,
}: {
  packageId: number;
  initialCode?: string | null;
  quote: QuoteResponse | null;
  onQuote: (q: QuoteResponse | null) => void;
}) {
  const [code, setCode] = useState(initialCode ?? '');
  const [applied, setApplied] = useState<string | null>(initialCode ?? null);
  const [errors, setErrors] = useState<{ code?: string[]; general?: string[] }>({});
  const [busy, setBusy] = useState(false);

  // Asked again for every package chosen: the coupon may not apply to it, the price differs.
  useEffect(() => {
    if (!applied) return;
    let live = true;
    setBusy(true);
    quoteCoupon(applied, packageId).then(
      (q) => {
        if (!live) return;
        setErrors({});
        onQuote(q);
      },
      (err) => {
        if (!live) return;
        const field = err instanceof ApiError ? err.field('code') : [];
        setErrors(field.length ? { code: field } : { general: [errorCode(err)] });
        onQuote(null);
      },
    ).finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied, packageId]);

  function apply() {
    if (!code.trim()) return setErrors({ code: ['FORM_COUPON_CODE_REQUIRED'] });
    setApplied(code.trim().toUpperCase());
  }

  function remove() {
    setApplied(null);
    setCode('');
    setErrors({});
    onQuote(null);
  }

  if (quote && applied) {
    return (
      <div className="checkout-coupon" role="status">
        <p className="checkout-coupon__applied">
          <span>
            Cupon <strong>{quote.code}</strong>: −{quote.percent_off}% (−{formatLei(quote.discount_bani)})
          </span>
          <button type="button" className="btn btn--ghost" onClick={remove}>
            Elimină cuponul
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className="checkout-coupon">
      <div className="checkout-coupon__row">
        <TextField
          label="Cod de reducere (opțional)"
          name="coupon"
          value={code}
          onChange={(v) => {
            setCode(v.toUpperCase());
            if (applied) setApplied(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          errors={errors.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <button type="button" className="btn btn--ghost" onClick={apply} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Se verifică…' : 'Aplică'}
        </button>
      </div>
      <FormErrors codes={errors.general ?? []} />
    </div>
  );
}

// The new-coupon form of /admin/cupoane: checked with the shared newCouponBody before sending (the
// server's and the CLI's rules), each error under its field.
import { COUPON_CODE_MAX, COUPON_DAYS_MAX, COUPON_PERCENT_MAX, newCouponBody, type NewCouponBody, type NewCouponKind } from '../../../../shared/coupon-rules.ts';
import type { AdminCoupon } from '../../../../shared/coupon-payloads.ts';
import type { PremiumPackage } from '../../../../shared/payment-payloads.ts';
import { createAdminCoupon } from '../../../../api/coupons.ts';
import { ErrorList, FormErrors, SubmitButton, TextField, useForm } from '../../../../shell/form/index.ts';
import { showToast } from '../../../../state/toast.ts';
import { monthsLabel } from '../../premium/format.ts';

type Values = {
  code: string;
  kind: NewCouponKind;
  value: string;
  valid_from: string;
  valid_until: string;
  max_uses: string;
  package_ids: number[];
  family: string;
};
const EMPTY: Values = { code: '', kind: 'percent', value: '', valid_from: '', valid_until: '', max_uses: '', package_ids: [], family: '' };

/** A typed number: '' is "none" (undefined for the value, null for the limit); '12,0' is not a number. */
const number = (s: string) => (s.trim() === '' ? undefined : /^\s*-?\d+\s*$/.test(s) ? Number(s) : Number.NaN);

/** The body sent: the form's strings as the API's types (the schema says what is wrong with them). */
const toBody = (v: Values) => ({
  code: v.code,
  kind: v.kind,
  value: number(v.value),
  valid_from: v.valid_from || null,
  valid_until: v.valid_until || null,
  max_uses: number(v.max_uses) ?? null,
  // A days coupon gives premium; packages only narrow a discount.
  package_ids: v.kind === 'percent' && v.package_ids.length ? v.package_ids : null,
  family: v.family.trim() || null,
});

export function CouponForm({ packages, onCreated }: { packages: readonly PremiumPackage[]; onCreated: (c: AdminCoupon) => void }) {
  const form = useForm({
    initial: EMPTY,
    schema: newCouponBody,
    toBody,
    onSubmit: async (_checked, values) => {
      // Sent as typed (the server applies the same schema); it passed the check, so value is a number.
      const res = await createAdminCoupon(toBody(values) as NewCouponBody);
      showToast(res.success);
      form.reset(EMPTY);
      onCreated(res.coupon);
    },
  });
  const { values, set } = form;
  const percent = values.kind === 'percent';
  // The value's rule follows the kind: its old error (a percent over 90, say) no longer applies.
  const chooseKind = (kind: NewCouponKind) => {
    set('kind', kind);
    set('value', values.value);
  };
  const togglePackage = (id: number, on: boolean) =>
    set('package_ids', on ? [...values.package_ids, id] : values.package_ids.filter((x) => x !== id));

  return (
    <form className="form coupon-form" noValidate onSubmit={form.submit} aria-label="Cupon nou">
      <TextField
        label="Codul"
        hint="4–40 caractere: litere A–Z, cifre și cratimă; literele mici devin mari."
        maxLength={COUPON_CODE_MAX}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        {...form.field('code')}
      />
      <fieldset className="form-fieldset coupon-form__kind" aria-describedby={form.errors.kind ? 'coupon-kind-errors' : undefined}>
        <legend className="form-field__label">Tipul</legend>
        <label className="check-line">
          <input type="radio" name="kind" value="percent" checked={percent} onChange={() => chooseKind('percent')} /> Procent de reducere la plată
        </label>
        <label className="check-line">
          <input type="radio" name="kind" value="days" checked={!percent} onChange={() => chooseKind('days')} /> Zile de Premium, date pe loc
        </label>
        <ErrorList id="coupon-kind-errors" codes={form.errors.kind ?? []} />
      </fieldset>
      <TextField
        label={percent ? 'Reducerea (%)' : 'Zilele de Premium'}
        hint={percent ? `Între 1 și ${COUPON_PERCENT_MAX}.` : `Între 1 și ${COUPON_DAYS_MAX}.`}
        inputMode="numeric"
        {...form.field('value')}
      />
      <div className="coupon-form__row">
        <TextField label="Valabil din (gol = de acum)" type="date" {...form.field('valid_from')} />
        <TextField label="Valabil până pe (inclusiv; gol = fără termen)" type="date" {...form.field('valid_until')} />
      </div>
      <TextField label="Număr maxim de utilizatori (gol = fără limită)" inputMode="numeric" {...form.field('max_uses')} />
      {percent ? (
        <fieldset className="form-fieldset coupon-form__packages">
          <legend className="form-field__label">Pachetele (niciunul bifat = toate)</legend>
          {packages.map((p) => (
            <label key={p.id} className="check-line">
              <input type="checkbox" checked={values.package_ids.includes(p.id)} onChange={(e) => togglePackage(p.id, e.target.checked)} /> Premium {monthsLabel(p.months)}
            </label>
          ))}
          <ErrorList codes={form.errors.package_ids ?? []} />
        </fieldset>
      ) : null}
      <TextField
        label="Familia (opțional)"
        hint="Un utilizator poate avea un singur cupon din aceeași familie, de exemplu vara_2026."
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        {...form.field('family')}
      />
      <FormErrors codes={form.general} />
      <SubmitButton busy={form.busy}>Creează cuponul</SubmitButton>
    </form>
  );
}

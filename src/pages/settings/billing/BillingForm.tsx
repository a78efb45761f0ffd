// The billing-data form (SPEC §3 billing data, issue 8 §4): who the invoices are made out to. It
// checks with the same schema as PUT /user/billing (CIF check digit, registry number, county), so
// the server's codes and the form's read the same.
import { useId, type ReactNode } from 'react';
import { useForm, TextField, SubmitButton, FormErrors, ErrorList } from '../../../shell/form/index.ts';
import { billingBody, BUCHAREST, COUNTIES, COUNTRIES, SECTORS, sectorOf, type BillingBody, type BillingData } from '../../../shared/billing-rules.ts';
import { saveBilling, type BillingSaved } from '../../../api/invoices.ts';
import '../../../styles/forms.css';
import './billing-form.css';

export type BillingValues = Required<BillingBody>;
export const EMPTY_BILLING: BillingValues = {
  kind: 'person',
  name: '',
  address: '',
  city: '',
  county: '',
  country: 'RO',
  cif: '',
  reg_no: '',
};
/** The form's values for saved data (null: empty, with `name` prefilled, e.g. the account's). */
export const billingValues = (saved: BillingData | null, name = ''): BillingValues =>
  saved ? { ...EMPTY_BILLING, ...saved } : { ...EMPTY_BILLING, name };

/** A labelled native select over string codes (the shared Select is for numeric ids). */
function Choice(props: {
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  errors: readonly string[];
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  const id = `${props.name}-${useId()}`;
  const errorId = props.errors.length ? `${id}-errors` : undefined;
  return (
    <div className={`form-field${props.errors.length ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        className="form-field__input form-select"
        value={props.value}
        aria-invalid={props.errors.length > 0 || undefined}
        aria-describedby={errorId}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.placeholder ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} codes={props.errors} />
    </div>
  );
}

/**
 * The buyer's name and address as the invoice needs them; saved with PUT /user/billing. Used by
 * /setari/date-facturare and by the checkout's first step (src/pages/dash/premium/BuyerStep.tsx).
 */
export function BillingForm({
  initial,
  onSaved,
  submitLabel = 'Salvează datele de facturare',
  children,
}: {
  initial: BillingValues;
  onSaved: (saved: BillingSaved) => void;
  submitLabel?: string;
  /** Shown beside the submit button (the checkout's "Renunță"). */
  children?: ReactNode;
}) {
  const form = useForm({
    initial,
    schema: billingBody,
    onSubmit: async (body) => onSaved(await saveBilling(body)),
  });
  const { values } = form;
  const company = values.kind === 'company';
  const inRomania = values.country === 'RO';

  return (
    <form className="form" noValidate onSubmit={form.submit}>
      <fieldset className="form-fieldset">
        <legend className="form-field__label">Factura se emite pentru</legend>
        <div className="form-segmented">
          {(
            [
              ['person', 'Persoană fizică'],
              ['company', 'Persoană juridică'],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className={`form-segmented__option${values.kind === kind ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={values.kind === kind}
                onChange={() => form.set('kind', kind)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
        <ErrorList codes={form.errors.kind ?? []} />
      </fieldset>

      <TextField
        label={company ? 'Denumirea firmei' : 'Nume și prenume'}
        autoComplete={company ? 'organization' : 'name'}
        required
        {...form.field('name')}
      />
      {company ? (
        <>
          <TextField
            label="Cod de identificare fiscală (CIF)"
            hint={
              inRomania
                ? 'Cu prefixul RO dacă firma este plătitoare de TVA, de exemplu RO14399840.'
                : 'Codul de TVA al firmei.'
            }
            inputMode="text"
            autoCapitalize="characters"
            {...form.field('cif')}
          />
          {inRomania ? (
            <TextField
              label="Nr. de înregistrare la Registrul Comerțului"
              hint="De exemplu J40/1234/2020 sau J2020001234406."
              autoCapitalize="characters"
              {...form.field('reg_no')}
            />
          ) : null}
        </>
      ) : null}
      <TextField
        label="Adresa (stradă, număr, bloc, apartament)"
        autoComplete="street-address"
        required
        {...form.field('address')}
      />
      {inRomania ? (
        <Choice
          label="Județul"
          name="county"
          value={values.county}
          placeholder="Alege județul…"
          options={COUNTIES.map((c) => ({ value: c.name, label: c.name }))}
          errors={form.errors.county ?? []}
          onChange={(v) => {
            // București's localities are its sectors (e-Factura names them so); a sector means
            // nothing elsewhere.
            if (v === BUCHAREST) form.set('city', sectorOf(values.city) ?? '');
            else if (values.county === BUCHAREST) form.set('city', '');
            form.set('county', v);
          }}
        />
      ) : null}
      {inRomania && values.county === BUCHAREST ? (
        <Choice
          label="Sectorul"
          name="city"
          value={sectorOf(values.city) ?? ''}
          placeholder="Alege sectorul…"
          options={SECTORS.map((x) => ({ value: x, label: x }))}
          errors={form.errors.city ?? []}
          onChange={(v) => form.set('city', v)}
        />
      ) : (
        <TextField label="Localitatea" autoComplete="address-level2" required {...form.field('city')} />
      )}
      {inRomania ? null : <TextField label="Regiunea (opțional)" autoComplete="address-level1" {...form.field('county')} />}
      <Choice
        label="Țara"
        name="country"
        value={values.country}
        options={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
        errors={form.errors.country ?? []}
        onChange={(v) => {
          form.set('country', v);
          // A Romanian county means nothing abroad, and a region typed abroad is not a county.
          form.set('county', '');
        }}
      />
      <FormErrors codes={form.general} />
      <div className="billing-form__actions">
        <SubmitButton busy={form.busy} busyLabel="Se salvează…">
          {submitLabel}
        </SubmitButton>
        {children}
      </div>
    </form>
  );
}


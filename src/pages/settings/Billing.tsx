// /setari/date-facturare (SPEC §3 billing data, issue 8 §4): who the invoices are made out to.
// The form checks with the same schema as PUT /user/billing (CIF check digit, registry number,
// county), so the server's codes and the form's read the same.
import { useEffect, useId, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { useForm, TextField, SubmitButton, FormErrors, ErrorList } from '../../shell/form/index.ts';
import { billingBody, BUCHAREST, COUNTIES, COUNTRIES, SECTORS, sectorOf, type BillingBody } from '../../shared/billing-rules.ts';
import { getBilling, saveBilling } from '../../api/invoices.ts';
import { showToast } from '../../state/toast.ts';
import { errorCode } from '../../api/errors.ts';
import '../../styles/forms.css';

type Values = Required<BillingBody>;
const EMPTY: Values = {
  kind: 'person',
  name: '',
  address: '',
  city: '',
  county: '',
  country: 'RO',
  cif: '',
  reg_no: '',
};

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

function BillingForm({ initial }: { initial: Values }) {
  const form = useForm({
    initial,
    schema: billingBody,
    onSubmit: async (body) => {
      const res = await saveBilling(body);
      showToast(res.success, 'success');
    },
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
      <SubmitButton busy={form.busy} busyLabel="Se salvează…">
        Salvează datele de facturare
      </SubmitButton>
    </form>
  );
}

function BillingPage() {
  const [initial, setInitial] = useState<Values | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getBilling()
      .then((r) => live && setInitial(r.billing ? { ...EMPTY, ...r.billing } : EMPTY))
      .catch((err: unknown) => {
        if (!live) return;
        setFailed(true);
        showToast(errorCode(err), 'error');
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="form-page form-page--wide" aria-labelledby="billing-title">
      <header className="form-page__header">
        <h1 id="billing-title" className="form-page__title">
          Date de facturare
        </h1>
        <nav aria-label="Setări" className="form-links">
          <Link to="/setari">Înapoi la setări</Link>
          <Link to="/setari/istoric-facturi">Istoric facturi</Link>
        </nav>
      </header>
      <p className="form-page__lead">
        Aceste date apar pe facturile plăților următoare. O factură deja emisă rămâne cu datele pe care le
        avea atunci.
      </p>
      {initial ? (
        <BillingForm initial={initial} />
      ) : failed ? (
        <p role="alert">Datele de facturare nu au putut fi încărcate. Reîncarcă pagina.</p>
      ) : (
        <p aria-busy="true">Se încarcă…</p>
      )}
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Billing() {
  return (
    <NetworkRequired title="Date de facturare">
      <BillingPage />
    </NetworkRequired>
  );
}

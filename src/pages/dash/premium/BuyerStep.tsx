// The checkout's first step (issue 23 §2): who the invoice is made out to. Every invoice needs the
// buyer's name and address (and e-Factura a county), so before the first payment the form asks for
// them, the name prefilled from the account; they are saved as the billing data (PUT /user/billing)
// and the next checkout shows them in one line, with "Modifică". The card form comes after: the
// page shows it only once onReady(true) said the buyer is known.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../../state/app.ts';
import { getBilling } from '../../../api/invoices.ts';
import { errorCode } from '../../../api/errors.ts';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { Link } from '../../../router/Link.tsx';
import { BUCHAREST, countryName, type BillingData } from '../../../shared/billing-rules.ts';
import { BillingForm, billingValues } from '../../settings/billing/BillingForm.tsx';

/** "Str. Lungă 1, Brașov, jud. Brașov" (the country only abroad). */
export function billingPlace(b: BillingData): string {
  const county = b.county && (b.country !== 'RO' ? b.county : b.county === BUCHAREST ? BUCHAREST : `jud. ${b.county}`);
  return [b.address, b.city, county, b.country !== 'RO' && countryName(b.country)].filter(Boolean).join(', ');
}

export function BuyerStep({ onReady }: { onReady: (ready: boolean) => void }) {
  const { user } = useSnapshot(app);
  // undefined: still loading; null: never saved.
  const [billing, setBilling] = useState<BillingData | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getBilling().then(
      (r) => live && setBilling(r.billing),
      (err: unknown) => live && setFailed(errorCode(err)),
    );
    return () => {
      live = false;
    };
  }, []);
  const ready = Boolean(billing) && !editing;
  useEffect(() => onReady(ready), [ready, onReady]);

  if (failed) return <FormErrors codes={[failed]} />;
  if (billing === undefined) return <p className="muted" aria-busy="true">Se încarcă datele pentru factură…</p>;
  if (!billing || editing)
    return (
      <section className="card buyer-step" aria-labelledby="buyer-step-title">
        <h2 id="buyer-step-title" className="card-form__title">
          Datele pentru factură
        </h2>
        <p className="muted buyer-step__lead">
          {billing
            ? 'Factura acestei plăți și a celor următoare se emite pe datele de mai jos.'
            : 'Înainte de plată, spune-ne pe numele cui emitem factura și adresa. Le păstrăm pentru plățile următoare; le poți schimba oricând din '}
          {billing ? null : <Link to="/setari/date-facturare">Setări › Date de facturare</Link>}
          {billing ? null : '.'}
        </p>
        <BillingForm
          initial={billingValues(billing, user?.name ?? '')}
          submitLabel="Continuă spre plată"
          onSaved={(res) => {
            setBilling(res.billing);
            setEditing(false);
          }}
        >
          {billing ? (
            <button type="button" className="btn btn--ghost" onClick={() => setEditing(false)}>
              Renunță
            </button>
          ) : null}
        </BillingForm>
      </section>
    );
  return (
    <div className="card buyer-summary" data-testid="buyer-summary">
      <div className="buyer-summary__text">
        <h2 className="buyer-summary__title">Factura se emite pe</h2>
        <p className="buyer-summary__name">
          {billing.name}
          {billing.cif ? `, CIF ${billing.cif}` : ''}
        </p>
        <p className="muted buyer-summary__place">{billingPlace(billing)}</p>
      </div>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(true)}>
        Modifică
      </button>
    </div>
  );
}

// /setari/date-facturare (SPEC §3 billing data, issue 8 §4): who the invoices are made out to.
// The form checks with the same schema as PUT /user/billing (CIF check digit, registry number,
// county), so the server's codes and the form's read the same.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { getBilling } from '../../api/invoices.ts';
import { showToast } from '../../state/toast.ts';
import { errorCode } from '../../api/errors.ts';
import { BillingForm, billingValues, type BillingValues } from './billing/BillingForm.tsx';

function BillingPage() {
  const [initial, setInitial] = useState<BillingValues | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getBilling()
      .then((r) => live && setInitial(billingValues(r.billing)))
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
        <BillingForm initial={initial} onSaved={(res) => showToast(res.success, 'success')} />
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

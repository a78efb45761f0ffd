// The running subscription of a premium user: until when, and "Anulează abonamentul" (premium stays
// to the end of the period; nothing renews afterwards). Premium given without a payment (a grant)
// has nothing to cancel.
import { useEffect, useState } from 'react';
import { cancelSubscription, getSubscription, type SubscriptionResponse } from '../../../api/payments.ts';
import { errorCode } from '../../../api/errors.ts';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { showToast } from '../../../state/toast.ts';
import { longDate, monthsLabel } from './format.ts';

export function SubscriptionPanel() {
  const [data, setData] = useState<SubscriptionResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getSubscription().then(setData, (err) => setError(errorCode(err)));
  }, []);

  async function cancel() {
    setBusy(true);
    try {
      const res = await cancelSubscription();
      setData(res);
      setAsking(false);
      showToast(res.success);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  }

  if (error) return <FormErrors codes={[error]} />;
  if (!data) return <p className="muted">Se încarcă abonamentul…</p>;
  const s = data.subscription;
  const until = data.premium_until ? longDate(data.premium_until) : null;
  if (!s)
    return until ? <p className="subscription__line">Premium este activ până la {until}.</p> : null;
  // Periods without an order: the trial and a coupon's days (server/modules/coupons), or a grant.
  const what = s.months
    ? `Abonamentul Premium de ${monthsLabel(s.months)} este activ`
    : s.source === 'trial'
      ? 'Perioada de probă Premium este activă'
      : s.source === 'coupon'
        ? 'Premiumul primit cu un cupon este activ'
        : 'Premium oferit este activ';
  return (
    <div className="subscription">
      {s.status === 'cancelled' ? (
        <p className="subscription__line" data-subscription="cancelled">
          {`Abonamentul Premium de ${monthsLabel(s.months ?? 1)}`} este anulat. Premium rămâne activ până la <strong>{until}</strong>, apoi nu se mai reînnoiește.
        </p>
      ) : (
        <p className="subscription__line" data-subscription="active">
          {what} până la <strong>{until}</strong>.
        </p>
      )}
      {s.source === 'order' && s.status === 'active' ? (
        asking ? (
          <div className="subscription__confirm" role="group" aria-label="Confirmă anularea">
            <p>Sigur anulezi? Premium rămâne activ până la {until}.</p>
            <div className="subscription__actions">
              <button type="button" className="btn btn--danger" onClick={cancel} disabled={busy}>
                {busy ? 'Se anulează…' : 'Da, anulează abonamentul'}
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)} disabled={busy}>
                Renunță
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>
            Anulează abonamentul
          </button>
        )
      ) : null}
    </div>
  );
}

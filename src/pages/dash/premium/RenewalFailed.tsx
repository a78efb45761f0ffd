// After a failed renewal (issue 23 §1): the reason, when the job tries again (with the next saved
// card), "Plătește acum" (the default card, at once) and "Alege alt card" (/setari/carduri, where
// the default is chosen). Shown until a charge succeeds or the plan ends.
import { useState } from 'react';
import { retryRenewal, type SubscriptionResponse } from '../../../api/payments.ts';
import { errorCode } from '../../../api/errors.ts';
import { Link } from '../../../router/Link.tsx';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { Icon } from '../../../shell/icons.tsx';
import { messageFor } from '../../../shared/messages.ro.ts';
import { showToast } from '../../../state/toast.ts';
import { longDate } from './format.ts';

export function RenewalFailed({
  data,
  onChange,
  onRetried,
}: {
  data: SubscriptionResponse;
  onChange: (d: SubscriptionResponse) => void;
  /** Whatever the answer, the view is read again (a declined retry counts as an attempt). */
  onRetried: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const f = data.renewal_failure;
  if (!f) return null;

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const res = await retryRenewal();
      onChange(res);
      showToast(res.success, 'success');
    } catch (err) {
      setError(errorCode(err));
      onRetried();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="renewal-failed" role="alert" data-testid="renewal-failed">
      <Icon name="alert" />
      <div>
        <h2>Reînnoirea abonamentului nu a reușit</h2>
        <p>
          {messageFor(f.code)}{' '}
          {f.next_attempt_at
            ? `Încercăm din nou pe ${longDate(f.next_attempt_at)}, cu următorul card salvat dacă ai mai multe.`
            : 'Nu mai încercăm automat.'}
        </p>
        <FormErrors codes={error ? [error] : []} />
        <div className="subscription__actions">
          <button type="button" className="btn btn--primary" onClick={() => void pay()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Se procesează plata…' : 'Plătește acum'}
          </button>
          <Link to="/setari/carduri" className="btn btn--ghost">
            Alege alt card
          </Link>
        </div>
      </div>
    </div>
  );
}

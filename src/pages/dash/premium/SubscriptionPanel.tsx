// The premium a user holds (issue 23 §1): the paid plan apart from free time. With a plan: until
// when it is paid, the next charge (date, full amount, card: disclosed before it happens), "Anulează
// abonamentul" and, once cancelled, "Reia abonamentul". Every period ahead is listed, so bonus days
// (a coupon, a referral, the trial) show as time added, never in place of the plan.
import { useState } from 'react';
import { cancelSubscription, resumeSubscription, type SubscriptionResponse, type SubscriptionView } from '../../../api/payments.ts';
import { errorCode } from '../../../api/errors.ts';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { Link } from '../../../router/Link.tsx';
import { showToast } from '../../../state/toast.ts';
import { brandName } from '../../settings/cards/CardList.tsx';
import { DAYS_CONVENTION, formatLei, longDate, longDateTime, monthsLabel } from './format.ts';

export function periodLabel(p: SubscriptionView): string {
  if (p.source === 'order') return `Premium plătit, ${monthsLabel(p.months ?? 1)}`;
  if (p.source === 'trial') return 'Perioada de probă';
  if (p.source === 'coupon') return 'Zile primite cu un cupon';
  if (p.source === 'referral') return 'Zile primite pentru o recomandare';
  return 'Premium oferit';
}

/** The periods ahead, in time order: what premium_until adds up to. */
export function PeriodList({ periods }: { periods: readonly SubscriptionView[] }) {
  if (periods.length < 2) return null;
  return (
    <div className="periods">
      <h3 className="periods__title">Perioadele tale de Premium</h3>
      <ul className="periods__list">
        {periods.map((p) => (
          <li key={p.id} data-period={p.source}>
            <span>{periodLabel(p)}</span>
            <span className="muted">
              {longDateTime(p.period_start)} – {longDateTime(p.period_end)}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted periods__convention">{DAYS_CONVENTION}</p>
    </div>
  );
}

/** Premium without a paid plan: what it is and until when. */
export function FreePremiumLine({ data }: { data: SubscriptionResponse }) {
  const first = data.periods[0];
  if (!first || !data.premium_until) return null;
  const what =
    first.source === 'trial'
      ? 'Perioada de probă Premium este activă'
      : first.source === 'coupon'
        ? 'Premiumul primit cu un cupon este activ'
        : first.source === 'referral'
          ? 'Premiumul primit pentru o recomandare este activ'
          : 'Premium oferit este activ';
  return (
    <div className="subscription">
      <p className="subscription__line" data-subscription="free">
        {data.periods.length > 1 ? 'Premium gratuit este activ' : what} până la <strong>{longDate(data.premium_until)}</strong>. Nu
        se reînnoiește și nu îți cere cardul.
      </p>
      <PeriodList periods={data.periods} />
    </div>
  );
}

export function SubscriptionPanel({
  data,
  onChange,
}: {
  data: SubscriptionResponse;
  onChange: (d: SubscriptionResponse) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const s = data.subscription;
  if (!s) return null;

  async function act(call: () => Promise<SubscriptionResponse & { success: string }>) {
    setBusy(true);
    setError(null);
    try {
      const res = await call();
      onChange(res);
      setAsking(false);
      showToast(res.success);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  }

  const until = data.premium_until ? longDate(data.premium_until) : longDate(s.period_end);
  const paidUntil = longDate(s.period_end);
  const extra = data.premium_until && Date.parse(data.premium_until) > Date.parse(s.period_end);
  const r = data.renewal;
  return (
    <div className="subscription">
      {s.status === 'cancelled' ? (
        <p className="subscription__line" data-subscription="cancelled">
          Abonamentul Premium de {monthsLabel(s.months ?? 1)} este anulat: nu se mai reînnoiește. Premium rămâne activ până la{' '}
          <strong>{until}</strong>.
        </p>
      ) : (
        <p className="subscription__line" data-subscription="active">
          Abonamentul Premium de {monthsLabel(s.months ?? 1)} este activ, plătit până la <strong>{paidUntil}</strong>
          {extra ? (
            <>
              ; cu zilele primite în plus, Premium ține până la <strong>{until}</strong>
            </>
          ) : null}
          .
        </p>
      )}
      {r ? (
        <p className="subscription__line subscription__renewal" data-renewal="">
          Următoarea plată: <strong>{formatLei(r.amount_bani)}</strong> pe <strong>{longDate(r.charge_at)}</strong>
          {r.card ? (
            <>
              , cu cardul {brandName(r.card.brand)} •••• {r.card.last4}
            </>
          ) : null}
          , pentru încă {monthsLabel(r.months)}.
          {r.card ? null : (
            <>
              {' '}
              Nu ai un card salvat: <Link to="/setari/carduri">adaugă unul</Link>, altfel reînnoirea nu poate fi plătită.
            </>
          )}
        </p>
      ) : null}
      <PeriodList periods={data.periods} />
      <FormErrors codes={error ? [error] : []} />
      {s.status === 'cancelled' ? (
        <button type="button" className="btn btn--primary" onClick={() => void act(resumeSubscription)} disabled={busy}>
          {busy ? 'Se reia…' : 'Reia abonamentul'}
        </button>
      ) : asking ? (
        <div className="subscription__confirm" role="group" aria-label="Confirmă anularea">
          <p>Sigur anulezi? Nu se mai face nicio plată; Premium rămâne activ până la {until}.</p>
          <div className="subscription__actions">
            <button type="button" className="btn btn--danger" onClick={() => void act(cancelSubscription)} disabled={busy}>
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
      )}
    </div>
  );
}

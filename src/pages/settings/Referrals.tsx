// /setari/referrali (issue 8 §5): the personal link and code, who joined through them and what
// they earned. The reward and who earned it are the server's answer; this page only shows them.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { copyText } from '../../shell/copy-text.ts';
import { errorCode } from '../../api/errors.ts';
import { getReferrals, type ReferralsResponse, type ReferredPerson } from '../../api/referrals.ts';
import { longDate } from '../dash/premium/format.ts';
import { zile } from '../../shell/nav.ts';
import '../../styles/forms.css';
import './referrals.css';

function Person({ p }: { p: ReferredPerson }) {
  return (
    <li className="referral">
      <span className="referral__name">{p.first_name}</span>
      <span className="muted">s-a înscris pe {longDate(p.joined_at)}</span>
      {p.rewarded_at ? (
        <span className="referral__status referral__status--earned">
          +{zile(p.reward_days ?? 0)} de Premium
        </span>
      ) : (
        <span className="referral__status">Așteaptă prima plată</span>
      )}
    </li>
  );
}

function ReferralsPage() {
  const [data, setData] = useState<ReferralsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getReferrals().then(setData, (err) => setError(errorCode(err) || 'FORM_AN_ERROR_HAS_OCCURRED'));
  }, []);
  const link = data ? `${window.location.origin}${data.path}` : '';

  return (
    <section className="form-page form-page--wide referrals-page" aria-labelledby="referrals-title">
      <header className="form-page__header">
        <h1 id="referrals-title" className="form-page__title">
          Recomandări
        </h1>
        <nav aria-label="Setări" className="form-links">
          <Link to="/setari">Înapoi la setări</Link>
        </nav>
      </header>
      {error ? (
        <FormErrors codes={[error]} />
      ) : !data ? (
        <p className="muted">Se încarcă…</p>
      ) : (
        <>
          <div className="form-section">
            <h2 className="form-section__title">Linkul tău de invitație</h2>
            <p>
              Trimite-l colegilor. Când cineva se înscrie prin el și plătește prima dată pentru Premium,
              primiți amândoi {zile(data.reward_days)} de Premium.
            </p>
            <div className="referral-link">
              <code className="referral-link__text" data-testid="referral-link">
                {link}
              </code>
              <button type="button" className="btn btn--primary" onClick={() => void copyText(link)}>
                Copiază linkul
              </button>
            </div>
            <p className="muted">
              Codul tău: <code className="referral-link__code">{data.code}</code>
            </p>
          </div>
          <div className="form-section">
            <h2 className="form-section__title">Cine s-a înscris</h2>
            <p className="referral-earned">
              Ai câștigat până acum:{' '}
              <strong>{data.earned_days > 0 ? `${zile(data.earned_days)} de Premium` : 'nimic încă'}</strong>
            </p>
            {data.referred.length ? (
              <ul className="referrals">
                {data.referred.map((p, i) => (
                  <Person key={`${p.joined_at}-${i}`} p={p} />
                ))}
              </ul>
            ) : (
              <p className="muted">Nimeni nu s-a înscris încă prin linkul tău.</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Referrals() {
  return (
    <NetworkRequired title="Recomandări">
      <ReferralsPage />
    </NetworkRequired>
  );
}

// /plata/3ds/:intent — the sandbox provider's 3-D Secure challenge, standing in for the bank's page.
// "Autorizează" or "Respinge" goes to the provider (never to the payments API); the server then
// settles the order from the provider's answer, and /cont/premium?comanda=ID shows the result.
// Closing this tab loses nothing: the order stays open and is settled whenever the provider answers.
// A saved card's setup intent (seti_sbx_…, from /setari/carduri) is confirmed here too, with no sum,
// and goes back to /setari/carduri?adaugare=ID. An answer whose reply is lost may still have reached
// the provider (issue 23 §1): the page asks the provider what happened before it says anything, and
// while it cannot know (offline) it says so and asks again when the connection returns.
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { answer3ds, getSandboxIntent, type SandboxIntent } from '../../api/payments.ts';
import { answerSetup3ds, getSandboxSetupIntent, type SandboxSetupIntent } from '../../api/cards.ts';
import { errorCode } from '../../api/errors.ts';
import { Icon } from '../../shell/icons.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { useProduct } from '../../shell/useProduct.ts';
import { formatLei } from './premium/format.ts';
import { brandName } from '../../shared/card-brands.ts';
import './premium/premium.css';


export default function ThreeDSecure() {
  const { intent: intentId = '' } = useParams();
  const [params] = useSearchParams();
  const secret = params.get('client_secret') ?? '';
  const order = params.get('comanda') ?? '';
  const setupId = params.get('adaugare') ?? '';
  const isSetup = intentId.startsWith('seti_sbx_');
  const back = isSetup
    ? /^\d{1,10}$/.test(setupId)
      ? `/setari/carduri?adaugare=${setupId}`
      : '/setari/carduri'
    : /^\d{1,10}$/.test(order)
      ? `/cont/premium?comanda=${order}`
      : '/cont/premium';
  const navigate = useNavigate();
  const product = useProduct();
  const [intent, setIntent] = useState<
    SandboxIntent | (SandboxSetupIntent & { amount?: undefined; currency?: undefined }) | null
  >(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  const fetchIntent = () =>
    (isSetup ? getSandboxSetupIntent(intentId, secret) : getSandboxIntent(intentId, secret)).then((r) => r.intent);

  useEffect(() => {
    fetchIntent().then(setIntent, (err) => setError(errorCode(err)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intentId, secret, isSetup]);

  /** The provider's word after a lost reply: settled → the result page; still waiting → as it was. */
  async function recheck(requestError: string | null): Promise<void> {
    const state = await fetchIntent().catch(() => null);
    if (state && state.status !== 'requires_action') {
      navigate(back, { replace: true });
      return;
    }
    if (state) setIntent(state);
    // Reachable and still waiting: the answer really did not arrive, and the request's error is true.
    setError(state ? requestError : 'FORM_PAYMENT_STATUS_UNKNOWN');
  }

  // Unknown while offline: asked again as soon as the connection returns.
  useEffect(() => {
    if (error !== 'FORM_PAYMENT_STATUS_UNKNOWN') return;
    const again = () => void recheck(null);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  async function answer(result: 'approve' | 'reject') {
    setBusy(result);
    try {
      await (isSetup ? answerSetup3ds : answer3ds)(intentId, secret, result);
      navigate(back, { replace: true });
    } catch (err) {
      await recheck(errorCode(err));
      setBusy(null);
    }
  }

  return (
    <section className="page page--narrow three-ds">
      <div className="card three-ds__card">
        <header className="three-ds__header">
          <span className="three-ds__shield" aria-hidden="true">
            <Icon name="lock" />
          </span>
          <div>
            <h1>{isSetup ? 'Confirmă cardul' : 'Confirmă plata'}</h1>
            <p className="muted">Verificare 3-D Secure</p>
          </div>
        </header>
        {error ? (
          <>
            <FormErrors codes={[error]} />
            {error === 'FORM_PAYMENT_STATUS_UNKNOWN' ? (
              <button type="button" className="btn btn--primary" onClick={() => void recheck(null)}>
                Verifică din nou
              </button>
            ) : null}
            <Link to={back} className="btn btn--ghost">
              {isSetup ? 'Înapoi la carduri' : 'Înapoi la Premium'}
            </Link>
          </>
        ) : !intent ? (
          <p className="muted">Se încarcă…</p>
        ) : intent.status !== 'requires_action' ? (
          <>
            <p>
              {isSetup
                ? 'Cardul acesta nu mai așteaptă confirmare.'
                : 'Plata aceasta nu mai așteaptă confirmare.'}
            </p>
            <Link to={back} className="btn btn--primary">
              {isSetup ? 'Înapoi la carduri' : 'Vezi rezultatul plății'}
            </Link>
          </>
        ) : (
          <>
            <dl className="three-ds__facts">
              <dt>Comerciant</dt>
              <dd>{product}</dd>
              {intent.amount === undefined ? (
                <>
                  <dt>Operațiune</dt>
                  <dd>Salvarea cardului (nicio plată acum)</dd>
                </>
              ) : (
                <>
                  <dt>Sumă</dt>
                  <dd>
                    {intent.currency === 'RON'
                      ? formatLei(intent.amount)
                      : `${intent.amount} ${intent.currency}`}
                  </dd>
                </>
              )}
              {intent.card ? (
                <>
                  <dt>Card</dt>
                  <dd>
                    {brandName(intent.card.brand)} •••• {intent.card.last4}
                  </dd>
                </>
              ) : null}
            </dl>
            <p>
              {isSetup
                ? 'Banca ta îți cere să confirmi că tu salvezi acest card.'
                : 'Banca ta îți cere să confirmi că tu faci această plată.'}
            </p>
            <div className="three-ds__actions">
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => answer('approve')}
                disabled={busy !== null}
              >
                {busy === 'approve' ? 'Se autorizează…' : 'Autorizează'}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => answer('reject')}
                disabled={busy !== null}
              >
                {busy === 'reject' ? 'Se respinge…' : 'Respinge'}
              </button>
            </div>
            <p className="three-ds__note muted">
              Pagină de test a procesatorului sandbox: nicio bancă reală nu este implicată.
            </p>
          </>
        )}
      </div>
    </section>
  );
}

// /plata/3ds/:intent — the sandbox provider's 3-D Secure challenge, standing in for the bank's page.
// "Autorizează" or "Respinge" goes to the provider (never to the payments API); the server then
// settles the order from the provider's answer, and /cont/premium?comanda=ID shows the result.
// Closing this tab loses nothing: the order stays open and is settled whenever the provider answers.
// A saved card's setup intent (seti_sbx_…, from /setari/carduri) is confirmed here too, with no sum,
// and goes back to /setari/carduri?adaugare=ID.
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
import './premium/premium.css';

const brandName = (b: string) => (b === 'visa' ? 'Visa' : b === 'mastercard' ? 'Mastercard' : 'card');

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

  useEffect(() => {
    (isSetup ? getSandboxSetupIntent(intentId, secret) : getSandboxIntent(intentId, secret)).then(
      (r) => setIntent(r.intent),
      (err) => setError(errorCode(err)),
    );
  }, [intentId, secret, isSetup]);

  async function answer(result: 'approve' | 'reject') {
    setBusy(result);
    try {
      await (isSetup ? answerSetup3ds : answer3ds)(intentId, secret, result);
      navigate(back, { replace: true });
    } catch (err) {
      setError(errorCode(err));
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

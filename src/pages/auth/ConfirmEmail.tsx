import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { getItem } from '../../state/storage.ts';
import { setUser, isProfileCompleted } from '../../state/user.ts';
import { STORAGE } from '../../shared/storage-keys.ts';
import { check, confirmEmailBody } from '../../shared/validation.ts';
import { firstCode } from '../../shared/codes.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { confirmEmail, resendVerificationEmail } from '../../api/auth.ts';
import { getCurrentUser } from '../../api/account.ts';
import { errorsOf } from '../../shell/form/useForm.ts';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import '../../styles/forms.css';

type State = { status: 'pending' } | { status: 'done' } | { status: 'error'; code: string };

export default function ConfirmEmail() {
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const { user, product } = useSnapshot(app);
  const signedIn = Boolean(getItem(STORAGE.token));
  const [state, setState] = useState<State>({ status: 'pending' });
  const [resending, setResending] = useState(false);
  const [resendErrors, setResendErrors] = useState<string[]>([]);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // A confirmation hash is single-use: post it once even under StrictMode's double effects.
    if (sent.current === hash) return;
    sent.current = hash;
    const invalid = check(confirmEmailBody, { hash });
    if (invalid) {
      setState({ status: 'error', code: 'FORM_INVALID_CONFIRMATION_HASH' });
      return;
    }
    setState({ status: 'pending' });
    (async () => {
      try {
        const res = await confirmEmail(hash);
        showToast(res?.success || 'EMAIL_VERIFIED', 'success');
        if (getItem(STORAGE.token)) {
          try {
            setUser(await getCurrentUser());
          } catch {
            /* the flags refresh on the next session load */
          }
        }
        setState({ status: 'done' });
      } catch (err) {
        setState({ status: 'error', code: firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED' });
      }
    })();
  }, [hash]);

  const resend = async () => {
    setResending(true);
    setResendErrors([]);
    try {
      const res = await resendVerificationEmail();
      showToast(res?.success || 'EMAIL_VERIFICATION_SENT', 'success');
    } catch (err) {
      setResendErrors([firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED']);
    } finally {
      setResending(false);
    }
  };

  const next = user && isProfileCompleted(user) ? '/teste' : '/inca-un-pas';

  return (
    <section className="form-page" aria-labelledby="confirm-title" aria-busy={state.status === 'pending'}>
      <div className="form-card">
        <h1 id="confirm-title" className="form-page__title">
          Confirmarea adresei de email
        </h1>
        {state.status === 'pending' ? (
          <p className="form-page__lead" role="status">
            <span className="form-spinner" aria-hidden="true" /> Confirmăm adresa ta de email…
          </p>
        ) : null}
        {state.status === 'done' ? (
          <>
            <p className="form-success" role="status">
              {messageFor('EMAIL_VERIFIED', product)}
            </p>
            <div className="form-actions">
              {signedIn ? (
                <Link className="form-btn form-btn--primary" to={next}>
                  {next === '/teste' ? 'Mergi la teste' : 'Continuă'}
                </Link>
              ) : (
                <Link className="form-btn form-btn--primary" to="/conectare">
                  Conectează-te
                </Link>
              )}
            </div>
          </>
        ) : null}
        {state.status === 'error' ? (
          <>
            <FormErrors codes={[state.code]} />
            {signedIn ? (
              <div className="form-actions">
                <p className="form-field__hint">Îți putem trimite un link nou de confirmare.</p>
                <FormErrors codes={resendErrors} />
                <button type="button" className="form-btn form-btn--primary" onClick={resend} disabled={resending} aria-busy={resending || undefined}>
                  {resending ? 'Se trimite…' : 'Retrimite emailul de confirmare'}
                </button>
              </div>
            ) : (
              <p className="form-switch">
                <Link to="/conectare">Conectează-te</Link> ca să primești un link nou de confirmare.
              </p>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}

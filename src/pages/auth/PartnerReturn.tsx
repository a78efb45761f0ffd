// /conectare/partener — where the partner sends the browser back. Posts code, state and this
// tab's binding to the API once; a sign-in completes like any other, a connection goes back to /cont.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { finishPartner, takePending } from '../../api/partner.ts';
import { check } from '../../shared/validation.ts';
import { partnerCallbackBody } from '../../shared/partner.ts';
import { firstCode } from '../../shared/codes.ts';
import { setUser } from '../../state/user.ts';
import { showToast } from '../../state/toast.ts';
import { useAuthSuccess } from '../../shell/form/useAuthSuccess.ts';
import { safeRedirect } from '../../shell/form/auth-redirect.ts';
import { errorsOf } from '../../shell/form/useForm.ts';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import '../../styles/forms.css';

type State = { status: 'pending' } | { status: 'cancelled'; link: boolean } | { status: 'error'; code: string; link: boolean };

export default function PartnerReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useAuthSuccess();
  const [state, setState] = useState<State>({ status: 'pending' });
  const once = useRef(false);

  useEffect(() => {
    // The code is single-use: post it once even under StrictMode's double effects.
    if (once.current) return;
    once.current = true;
    const pending = takePending();
    const link = pending?.purpose === 'link';
    if (params.get('error')) {
      setState({ status: 'cancelled', link });
      return;
    }
    const body = {
      code: params.get('code') ?? '',
      state: params.get('state') ?? '',
      binding: pending?.binding ?? '',
      ...(params.get('iss') ? { iss: params.get('iss')! } : {}),
    };
    if (!pending || check(partnerCallbackBody, body)) {
      setState({ status: 'error', code: 'FORM_PARTNER_TOKEN_INVALID', link });
      return;
    }
    finishPartner(body)
      .then((res) => {
        if (res.success === 'PARTNER_CONNECTED') {
          setUser(res.user);
          showToast('PARTNER_CONNECTED', 'success');
          navigate('/cont#partener', { replace: true });
          return;
        }
        const to = safeRedirect(pending.redirect);
        complete(res, to ? { to } : {});
      })
      .catch((err: unknown) => setState({ status: 'error', code: firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED', link }));
  }, [params, navigate, complete]);

  const back = state.status !== 'pending' && state.link ? { to: '/cont#partener', label: 'Înapoi la cont' } : { to: '/conectare', label: 'Înapoi la conectare' };
  return (
    <section className="form-page" aria-labelledby="partner-title" aria-busy={state.status === 'pending'}>
      <div className="form-card">
        <h1 id="partner-title" className="form-page__title">
          Conectare prin contul partener
        </h1>
        {state.status === 'pending' ? (
          <p role="status">
            <span className="form-spinner" aria-hidden="true" /> Se verifică răspunsul partenerului…
          </p>
        ) : (
          <>
            {state.status === 'cancelled' ? (
              <p className="form-notice" role="alert">
                Conectarea a fost anulată la partener. Nu s-a schimbat nimic.
              </p>
            ) : (
              <FormErrors codes={[state.code]} />
            )}
            <p className="form-switch">
              <Link to={back.to}>{back.label}</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}

import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { resendVerificationEmail } from '../../api/auth.ts';
import { errorsOf } from '../../shell/form/useForm.ts';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { firstCode } from '../../shared/codes.ts';
import { FixEmailForm } from './FixEmailForm.tsx';
import '../../styles/forms.css';

export default function VerifyEmail() {
  const { user } = useSnapshot(app);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [fixing, setFixing] = useState(false);

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    try {
      const res = await resendVerificationEmail();
      showToast(res?.success || 'EMAIL_VERIFICATION_SENT', 'success');
    } catch (err) {
      setErrors([firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="form-page" aria-labelledby="verify-title">
      <div className="form-card">
        <h1 id="verify-title" className="form-page__title">
          Confirmă-ți adresa de email
        </h1>
        <p className="form-page__lead">
          Ți-am trimis un link de confirmare
          {user?.email ? (
            <>
              {' '}
              la <strong className="form-break">{user.email}</strong>
            </>
          ) : null}
          . Deschide emailul și apasă pe link ca să-ți activezi contul.
        </p>
        <p className="form-field__hint">Nu găsești emailul? Verifică și dosarele Spam sau Promoții.</p>
        <FormErrors codes={errors} />
        <div className="form-actions">
          <button type="button" className="form-btn form-btn--primary" onClick={resend} disabled={busy} aria-busy={busy || undefined}>
            {busy ? (
              <>
                <span className="form-spinner" aria-hidden="true" />
                Se trimite…
              </>
            ) : (
              'Retrimite emailul de confirmare'
            )}
          </button>
        </div>
        {/* The account page is closed until the address is confirmed: correct it here. */}
        {fixing && user?.email ? (
          <div className="verify-fix">
            <h2 className="verify-fix__title">Corectează adresa</h2>
            <FixEmailForm current={user.email} onDone={() => setFixing(false)} />
          </div>
        ) : (
          <p className="form-switch">
            Ai greșit adresa?{' '}
            <button type="button" className="form-btn form-btn--link" onClick={() => setFixing(true)}>
              Corectează adresa de email
            </button>
          </p>
        )}
      </div>
    </section>
  );
}

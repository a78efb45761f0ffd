import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { resetPasswordBody } from '../../shared/validation.ts';
import { resetPassword } from '../../api/auth.ts';
import { showToast } from '../../state/toast.ts';
import { useForm } from '../../shell/form/useForm.ts';
import { PasswordField, PasswordStrengthHint } from '../../shell/form/PasswordField.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import '../../styles/forms.css';

export default function ResetPassword() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({
    initial: { password: '', password_confirmation: '' },
    schema: resetPasswordBody,
    // The token travels hidden; its errors (FORM_WRONG_RESET_TOKEN) land in `general`.
    toBody: (values) => ({ ...values, token }),
    onSubmit: async (body) => {
      const res = await resetPassword(body);
      showToast(res?.success || 'PASSWORD_RESET_SUCCESSFUL', 'success', 5000);
      navigate('/conectare', { replace: true });
    },
  });
  const tokenBroken = form.general.includes('FORM_WRONG_RESET_TOKEN');

  return (
    <section className="form-page" aria-labelledby="reset-title">
      <div className="form-card">
        <h1 id="reset-title" className="form-page__title">
          Alege o parolă nouă
        </h1>
        {!token ? (
          <FormErrors codes={['FORM_WRONG_RESET_TOKEN']} />
        ) : (
          <p className="form-page__lead">Parola trebuie să aibă între 8 și 100 de caractere.</p>
        )}
        <form className="form" noValidate onSubmit={form.submit}>
          {/* Lets password managers pair the new password with the account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
          <PasswordField
            label="Parola nouă"
            autoComplete="new-password"
            required
            hint={<PasswordStrengthHint password={form.values.password} />}
            {...form.field('password')}
          />
          <PasswordField label="Confirmă parola nouă" autoComplete="new-password" required {...form.field('password_confirmation')} />
          <FormErrors codes={form.general} />
          <SubmitButton busy={form.busy} disabled={!token}>
            Salvează parola
          </SubmitButton>
        </form>
        <p className="form-switch">
          {tokenBroken || !token ? (
            <>
              Linkul nu mai merge? <Link to="/recuperare-parola">Cere un link nou</Link>
            </>
          ) : (
            <Link to="/conectare">Înapoi la conectare</Link>
          )}
        </p>
      </div>
    </section>
  );
}

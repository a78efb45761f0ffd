import { useNavigate } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { forgotPasswordBody } from '../../shared/validation.ts';
import { forgotPassword } from '../../api/auth.ts';
import { showToast } from '../../state/toast.ts';
import { getCaptchaToken } from '../../shell/captcha.ts';
import { useForm } from '../../shell/form/useForm.ts';
import { EmailField } from '../../shell/form/TextField.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import { CaptchaNotice } from '../../shell/form/CaptchaNotice.tsx';
import '../../styles/forms.css';

export default function ForgotPassword() {
  const navigate = useNavigate();
  const form = useForm({
    initial: { email: '' },
    schema: forgotPasswordBody,
    onSubmit: async (body) => {
      const captcha = await getCaptchaToken('forgot_password');
      const res = await forgotPassword({ email: body.email, captcha });
      showToast(res?.success || 'PASSWORD_RESET_SENT', 'success', 5000);
      navigate('/conectare', { replace: true });
    },
  });

  return (
    <section className="form-page" aria-labelledby="forgot-title">
      <div className="form-card">
        <h1 id="forgot-title" className="form-page__title">
          Recuperează parola
        </h1>
        <p className="form-page__lead">
          Scrie adresa de email a contului și îți trimitem un link pentru a alege o parolă nouă.
        </p>
        <form className="form" noValidate onSubmit={form.submit}>
          <EmailField {...form.field('email')} />
          <FormErrors codes={form.general} />
          <SubmitButton busy={form.busy}>Trimite linkul de resetare</SubmitButton>
          <CaptchaNotice />
        </form>
        <p className="form-switch">
          Ți-ai amintit parola? <Link to="/conectare">Conectează-te</Link>
        </p>
      </div>
    </section>
  );
}

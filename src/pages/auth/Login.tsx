import { Link } from '../../router/Link.tsx';
import { loginBody } from '../../shared/validation.ts';
import { login } from '../../api/auth.ts';
import { getCaptchaToken } from '../../shell/captcha.ts';
import GoogleButton from '../../shell/GoogleButton.tsx';
import PartnerButton from '../../shell/PartnerButton.tsx';
import { useForm } from '../../shell/form/useForm.ts';
import { useAuthSuccess } from '../../shell/form/useAuthSuccess.ts';
import { EmailField } from '../../shell/form/TextField.tsx';
import { PasswordField } from '../../shell/form/PasswordField.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import { CaptchaNotice } from '../../shell/form/CaptchaNotice.tsx';
import '../../styles/forms.css';

export default function Login() {
  const complete = useAuthSuccess();
  const form = useForm({
    initial: { email: '', password: '' },
    schema: loginBody,
    onSubmit: async (body) => {
      const captcha = await getCaptchaToken('login');
      complete(await login({ ...body, captcha }));
    },
  });

  return (
    <section className="form-page" aria-labelledby="login-title">
      <div className="form-card">
        <h1 id="login-title" className="form-page__title">
          Conectează-te
        </h1>
        <p className="form-page__lead">Bine ai revenit! Continuă pregătirea pentru admitere.</p>
        <form className="form" noValidate onSubmit={form.submit}>
          <EmailField {...form.field('email')} />
          <PasswordField
            label="Parola"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <p className="form-aside">
            <Link to="/recuperare-parola">Ți-ai uitat parola?</Link>
          </p>
          <FormErrors codes={form.general} />
          <SubmitButton busy={form.busy} busyLabel="Se conectează…">
            Conectează-te
          </SubmitButton>
          <CaptchaNotice />
        </form>
        <GoogleButton context="signin" />
        <PartnerButton />
        <p className="form-switch">
          Nu ai cont? <Link to="/inregistrare">Creează un cont gratuit</Link>
        </p>
      </div>
    </section>
  );
}

import { useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { INVITATION_CODE_PATTERN } from '../../shared/input-rules.ts';
import { REFERRAL_PARAM, REFERRAL_REWARD_DAYS } from '../../shared/referral-rules.ts';
import { zile } from '../../shell/nav.ts';
import { registerBody } from '../../shared/validation.ts';
import { register } from '../../api/auth.ts';
import { getCaptchaToken } from '../../shell/captcha.ts';
import GoogleButton from '../../shell/GoogleButton.tsx';
import PartnerButton from '../../shell/PartnerButton.tsx';
import { useForm } from '../../shell/form/useForm.ts';
import { useAuthSuccess } from '../../shell/form/useAuthSuccess.ts';
import { TextField, EmailField } from '../../shell/form/TextField.tsx';
import { PasswordField, PasswordStrengthHint } from '../../shell/form/PasswordField.tsx';
import { Checkbox } from '../../shell/form/Checkbox.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import { CaptchaNotice } from '../../shell/form/CaptchaNotice.tsx';
import '../../styles/forms.css';

export default function Register() {
  const complete = useAuthSuccess();
  // A personal link (/inregistrare?ref=CODE, issue 8 §5); a malformed code is dropped, never an error.
  const ref = useSearchParams()[0].get(REFERRAL_PARAM)?.trim().toUpperCase() ?? '';
  const referralCode = INVITATION_CODE_PATTERN.test(ref) ? ref : undefined;
  const form = useForm({
    initial: { name: '', call_name: '', email: '', password: '', terms: false },
    schema: registerBody,
    onSubmit: async (body) => {
      const captcha = await getCaptchaToken('register');
      const res = await register({ ...body, captcha, referral_code: referralCode });
      complete(res, { to: '/verifica-email', toast: res.success || 'REGISTER_SUCCESSFUL' });
    },
  });

  return (
    <section className="form-page" aria-labelledby="register-title">
      <div className="form-card">
        <h1 id="register-title" className="form-page__title">
          Creează-ți contul
        </h1>
        <p className="form-page__lead">
          Grile, teste și simulări pentru admiterea la medicină, într-un singur loc.
        </p>
        {referralCode ? (
          <p className="form-page__note" role="note">
            Te înscrii prin invitația unui prieten: după prima ta plată pentru Premium, amândoi primiți{' '}
            {zile(REFERRAL_REWARD_DAYS)} de Premium în plus.
          </p>
        ) : null}
        <form className="form" noValidate onSubmit={form.submit}>
          <TextField
            label="Nume complet"
            autoComplete="name"
            autoCapitalize="words"
            hint="Numele și prenumele, de exemplu „Popescu Ana”."
            required
            {...form.field('name')}
          />
          <TextField
            label="Cum să-ți spunem? (opțional)"
            autoComplete="nickname"
            autoCapitalize="words"
            hint="Folosit în salut și în invitații, de exemplu „Ana”."
            {...form.field('call_name')}
          />
          <EmailField {...form.field('email')} />
          <PasswordField
            label="Parola"
            autoComplete="new-password"
            required
            hint={<PasswordStrengthHint password={form.values.password} />}
            {...form.field('password')}
          />
          <Checkbox
            label={
              <>
                Sunt de acord cu{' '}
                <Link to="/legal/termeni" target="_blank">
                  termenii și condițiile
                </Link>{' '}
                și cu{' '}
                <Link to="/legal/politica-de-confidentialitate" target="_blank">
                  politica de confidențialitate
                </Link>
                .
              </>
            }
            required
            {...form.field('terms')}
          />
          <FormErrors codes={form.general} />
          <SubmitButton busy={form.busy} busyLabel="Se creează contul…">
            Creează contul
          </SubmitButton>
          <CaptchaNotice />
        </form>
        <GoogleButton context="signup" />
        <PartnerButton />
        <p className="form-switch">
          Ai deja cont? <Link to="/conectare">Conectează-te</Link>
        </p>
      </div>
    </section>
  );
}

// Contact / help form: name, email, message (10–5000), captcha token when configured.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { contactBody } from '../../shared/validation.ts';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN } from '../../shared/constants.ts';
import { sendContactMessage } from '../../api/account.ts';
import { showToast } from '../../state/toast.ts';
import { getCaptchaToken } from '../captcha.ts';
import { useForm } from './useForm.ts';
import { TextField } from './TextField.tsx';
import { FormErrors } from './ErrorList.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { CaptchaNotice } from './CaptchaNotice.tsx';
import '../../styles/forms.css';

export function ContactForm() {
  const { user } = useSnapshot(app);
  const form = useForm({
    initial: { name: user?.name ?? '', email: user?.email ?? '', message: '' },
    schema: contactBody,
    onSubmit: async (body, values) => {
      const captcha = await getCaptchaToken('contact');
      const res = await sendContactMessage({ ...body, captcha });
      showToast(res?.success ?? 'CONTACT_MESSAGE_SENT', 'success');
      form.reset({ ...values, message: '' });
    },
  });
  // The user may arrive after the form mounted (session load): prefill empty fields then.
  const { set } = form;
  const nameEmpty = form.values.name === '';
  const emailEmpty = form.values.email === '';
  useEffect(() => {
    if (!user) return;
    if (nameEmpty && user.name) set('name', user.name);
    if (emailEmpty && user.email) set('email', user.email);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the user changes
  }, [user?.id]);
  const length = form.values.message.trim().length;
  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Formular de contact">
      <TextField label="Nume complet" {...form.field('name')} autoComplete="name" required />
      <TextField label="Email" type="email" inputMode="email" {...form.field('email')} autoComplete="email" required />
      <TextField
        label="Mesajul tău"
        multiline
        rows={7}
        {...form.field('message')}
        maxLength={CONTACT_MESSAGE_MAX}
        hint={`${length} / ${CONTACT_MESSAGE_MAX} caractere (minimum ${CONTACT_MESSAGE_MIN}).`}
        required
      />
      <FormErrors codes={form.general} />
      <SubmitButton busy={form.busy} busyLabel="Se trimite…">
        Trimite mesajul
      </SubmitButton>
      <CaptchaNotice />
    </form>
  );
}

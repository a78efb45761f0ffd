// On /verifica-email: correct a mistyped address without leaving the page (issue 11 §4.6). The
// account pages are closed until the address is confirmed, so a link to /cont led straight back
// here. Uses PUT /user/email (password-checked and rate-limited on the server), which mails a new
// confirmation link to the corrected address and voids the one sent to the old address.
import { z } from 'zod';
import { changeEmail } from '../../api/account.ts';
import { setUser } from '../../state/user.ts';
import { showToast } from '../../state/toast.ts';
import { changeEmailBody } from '../../shared/validation.ts';
import { PASSWORD_MAX } from '../../shared/constants.ts';
import { useForm } from '../../shell/form/useForm.ts';
import { EmailField } from '../../shell/form/TextField.tsx';
import { PasswordField } from '../../shell/form/PasswordField.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';

const fixEmailBody = changeEmailBody.extend({
  password: z.string({ error: 'FORM_PASSWORD_REQUIRED' }).min(1, 'FORM_PASSWORD_REQUIRED').max(PASSWORD_MAX, 'FORM_PASSWORD_TOO_LONG'),
});

export function FixEmailForm({ current, onDone }: { current: string; onDone: () => void }) {
  const form = useForm({
    initial: { email: current, password: '' },
    schema: fixEmailBody,
    onSubmit: async (body) => {
      const res = await changeEmail(body);
      if (res?.user) setUser(res.user);
      showToast(res?.success || 'EMAIL_CHANGED', 'success', 5000);
      form.reset({ email: res?.user?.email ?? body.email, password: '' });
      onDone();
    },
  });
  const unchanged = form.values.email.trim().toLowerCase() === current.toLowerCase();
  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Corectează adresa de email">
      <EmailField label="Adresa corectă" hint="Îți trimitem linkul de confirmare la adresa nouă." {...form.field('email')} />
      <PasswordField label="Parola contului" autoComplete="current-password" required {...form.field('password')} />
      <FormErrors codes={form.general} />
      <SubmitButton busy={form.busy} busyLabel="Se salvează…" disabled={unchanged}>
        Schimbă adresa și retrimite linkul
      </SubmitButton>
    </form>
  );
}

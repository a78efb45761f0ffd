// /cont — the signed-in user's account: picture (account/AvatarSection.tsx), name, email,
// password, the partner account and what they prepare for.
import { useNavigate } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { changeEmailBody, changePasswordBody, completeProfileBody, updateNameBody } from '../../shared/validation.ts';
import { PASSWORD_MAX } from '../../shared/constants.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import type { User } from '../../shared/types.ts';
import { changeEmail, changePassword, completeProfile, updateName } from '../../api/account.ts';
import { useForm } from '../../shell/form/useForm.ts';
import { TextField, EmailField } from '../../shell/form/TextField.tsx';
import { PasswordField, PasswordStrengthHint } from '../../shell/form/PasswordField.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import { ProfileListsError, ProfileSelects, useProfileLists, type ProfileValues } from '../../shell/form/ProfileSelects.tsx';
import { AvatarSection } from './account/AvatarSection.tsx';
import { Section, refreshUser } from './account/section.tsx';
import { PartnerSection, usePartnerStatus } from './account/PartnerSection.tsx';
import '../../styles/forms.css';

function NameSection({ user }: { user: User }) {
  const form = useForm({
    initial: { name: user.name, call_name: user.call_name ?? '' },
    schema: updateNameBody,
    onSubmit: async (body) => {
      const res = await updateName(body.name, body.call_name ?? null);
      await refreshUser(res);
      showToast(res?.success || 'PROFILE_UPDATED', 'success');
    },
  });
  return (
    <Section id="nume" title="Numele tău">
      <form className="form" noValidate onSubmit={form.submit}>
        <TextField label="Nume complet" autoComplete="name" autoCapitalize="words" required {...form.field('name')} />
        <TextField
          label="Cum să-ți spunem?"
          autoComplete="nickname"
          autoCapitalize="words"
          hint="Folosit în salut și în invitații, de exemplu „Ana”. Gol: folosim numele complet."
          {...form.field('call_name')}
        />
        <FormErrors codes={form.general} />
        <SubmitButton
          busy={form.busy}
          busyLabel="Se salvează…"
          disabled={form.values.name.trim() === user.name && form.values.call_name.trim() === (user.call_name ?? '')}
        >
          Salvează numele
        </SubmitButton>
      </form>
    </Section>
  );
}

const requiredPassword = z
  .string({ error: 'FORM_PASSWORD_REQUIRED' })
  .min(1, 'FORM_PASSWORD_REQUIRED')
  .max(PASSWORD_MAX, 'FORM_PASSWORD_TOO_LONG');
const changeEmailWithPassword = changeEmailBody.extend({ password: requiredPassword });

function EmailSection({ user }: { user: User }) {
  const navigate = useNavigate();
  const needsPassword = user.auth_provider === 'password';
  const form = useForm({
    initial: { email: user.email, password: '' },
    schema: needsPassword ? changeEmailWithPassword : changeEmailBody,
    toBody: (v) => (needsPassword ? v : { email: v.email }),
    onSubmit: async (body) => {
      const res = await changeEmail(body);
      const updated = await refreshUser(res);
      showToast(res?.success || 'EMAIL_CHANGED', 'success', 5000);
      form.reset({ email: updated?.email ?? body.email, password: '' });
      if (updated && !updated.email_verified_at) navigate('/verifica-email');
    },
  });
  return (
    <Section id="email" title="Adresa de email">
      <form className="form" noValidate onSubmit={form.submit}>
        <EmailField
          hint={user.email_verified_at ? 'Adresa actuală este confirmată.' : 'Adresa actuală nu este încă confirmată.'}
          {...form.field('email')}
        />
        {needsPassword ? (
          <PasswordField label="Parola actuală" autoComplete="current-password" required hint="Pentru siguranță, confirmă cu parola contului." {...form.field('password')} />
        ) : null}
        <FormErrors codes={form.general} />
        <SubmitButton busy={form.busy} busyLabel="Se salvează…" disabled={form.values.email.trim().toLowerCase() === user.email.toLowerCase()}>
          Schimbă emailul
        </SubmitButton>
      </form>
    </Section>
  );
}

function PasswordSection({ user, partnerConnected }: { user: User; partnerConnected: boolean }) {
  const { product } = useSnapshot(app);
  // SPEC §6: Google and partner accounts, and accounts connected to a partner, keep their password as is.
  const allowed = user.auth_provider === 'password' && !partnerConnected;
  const form = useForm({
    initial: { current_password: '', password: '', password_confirmation: '' },
    schema: changePasswordBody,
    onSubmit: async (body) => {
      const res = await changePassword(body);
      showToast(res?.success || 'PASSWORD_CHANGED', 'success');
      form.reset();
    },
  });
  return (
    <Section id="parola" title="Parola">
      {!allowed ? (
        <p className="form-notice" role="note">
          {messageFor('FORM_PASSWORD_CHANGE_NOT_ALLOWED', product)}
        </p>
      ) : (
        <form className="form" noValidate onSubmit={form.submit}>
          <input type="text" name="username" autoComplete="username" hidden readOnly value={user.email} />
          <PasswordField label="Parola actuală" autoComplete="current-password" required {...form.field('current_password')} />
          <PasswordField
            label="Parola nouă"
            autoComplete="new-password"
            required
            hint={<PasswordStrengthHint password={form.values.password} />}
            {...form.field('password')}
          />
          <PasswordField label="Confirmă parola nouă" autoComplete="new-password" required {...form.field('password_confirmation')} />
          <FormErrors codes={form.general} />
          <SubmitButton busy={form.busy} busyLabel="Se salvează…">
            Schimbă parola
          </SubmitButton>
        </form>
      )}
    </Section>
  );
}

function ProfileSection({ user }: { user: User }) {
  const { lists, error, reload } = useProfileLists();
  // A user kept on the device from before manual_ids (issue 32 §5) still has its one manual.
  const manualIds = user.manual_ids ?? (user.manual_id ? [user.manual_id] : []);
  const form = useForm({
    initial: { manual_ids: [...manualIds], specialization_id: user.specialization_id, center_id: user.center_id } as ProfileValues,
    schema: completeProfileBody,
    onSubmit: async (body) => {
      const res = await completeProfile(body);
      await refreshUser(res);
      showToast('PROFILE_UPDATED', 'success');
    },
  });
  const unchanged =
    form.values.manual_ids.join() === manualIds.join() && form.values.specialization_id === user.specialization_id && form.values.center_id === user.center_id;
  return (
    <Section id="profil" title="Ce pregătești">
      <ProfileListsError error={error} onRetry={reload} />
      <form className="form" noValidate onSubmit={form.submit}>
        <ProfileSelects
          lists={lists}
          fields={{
            manual_ids: form.field('manual_ids'),
            specialization_id: form.field('specialization_id'),
            center_id: form.field('center_id'),
          }}
        />
        <FormErrors codes={form.general} />
        <SubmitButton busy={form.busy} busyLabel="Se salvează…" disabled={!lists || unchanged}>
          Salvează
        </SubmitButton>
      </form>
    </Section>
  );
}

export default function Account() {
  const snap = useSnapshot(app);
  const user = snap.user as User | null;
  const partner = usePartnerStatus(user?.id ?? 0);
  if (!user) {
    return (
      <section className="form-page form-page--wide" aria-busy="true">
        <p role="status">
          <span className="form-spinner" aria-hidden="true" /> Se încarcă contul…
        </p>
      </section>
    );
  }
  return (
    <section className="form-page form-page--wide" aria-labelledby="account-title">
      <header className="form-page__header">
        <h1 id="account-title" className="form-page__title">
          Contul meu
        </h1>
        <nav aria-label="Contul meu" className="form-links">
          <Link to="/setari">Setări</Link>
          <Link to="/cont/premium">Premium</Link>
          <Link to="/cont/ajutor">Ajutor</Link>
        </nav>
      </header>
      <AvatarSection key={`avatar-${user.id}`} user={user} />
      <NameSection key={`name-${user.id}-${user.name}`} user={user} />
      <EmailSection key={`email-${user.id}`} user={user} />
      <PasswordSection key={`password-${user.id}`} user={user} partnerConnected={Boolean(partner.status?.connected)} />
      <PartnerSection partner={partner} />
      <ProfileSection key={`profile-${user.id}-${(user.manual_ids ?? []).join('.')}-${user.manual_id}-${user.specialization_id}-${user.center_id}`} user={user} />
      <p className="form-switch">
        Tema, efectele sonore, cardurile și facturile le găsești în <Link to="/setari">Setări</Link>.
      </p>
    </section>
  );
}

import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { app } from '../../state/app.ts';
import { setUser } from '../../state/user.ts';
import { showToast } from '../../state/toast.ts';
import { changeEmailBody, changePasswordBody, completeProfileBody, updateNameBody } from '../../shared/validation.ts';
import { PASSWORD_MAX } from '../../shared/constants.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { firstCode } from '../../shared/codes.ts';
import type { User } from '../../shared/types.ts';
import {
  changeEmail,
  changePassword,
  completeProfile,
  deleteAvatar,
  getCurrentUser,
  updateName,
  uploadAvatar,
  type UserResponse,
} from '../../api/account.ts';
import { errorsOf, useForm } from '../../shell/form/useForm.ts';
import { TextField, EmailField } from '../../shell/form/TextField.tsx';
import { PasswordField, PasswordStrengthHint } from '../../shell/form/PasswordField.tsx';
import { ErrorList, FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import { ProfileListsError, ProfileSelects, useProfileLists, type ProfileValues } from '../../shell/form/ProfileSelects.tsx';
import { avatarErrors } from '../../shell/form/image.ts';
import { FileField } from '../../shell/form/FileField.tsx';
import '../../styles/forms.css';

/** Applies a user from a response, or re-reads it when the server answered without one. */
async function refreshUser(res: UserResponse | undefined): Promise<User | null> {
  if (res?.user) {
    setUser(res.user);
    return res.user;
  }
  try {
    const user = await getCurrentUser();
    setUser(user);
    return user;
  } catch {
    return null;
  }
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="form-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AvatarSection({ user }: { user: User }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clearChoice = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setErrors([]);
    if (!chosen) return clearChoice();
    const codes = avatarErrors(chosen);
    if (codes.length) {
      setErrors(codes);
      clearChoice();
      return;
    }
    setFile(chosen);
  };

  const run = async (action: () => Promise<UserResponse>, fallback: string) => {
    setBusy(true);
    setErrors([]);
    try {
      const res = await action();
      await refreshUser(res);
      showToast(res?.success || fallback, 'success');
      clearChoice();
    } catch (err) {
      const body = errorsOf(err);
      const codes = [...(body.errors.avatar ?? []), ...(body.errors.general ?? [])];
      setErrors(codes.length ? codes : [firstCode(body) ?? 'FORM_AN_ERROR_HAS_OCCURRED']);
    } finally {
      setBusy(false);
    }
  };

  const current = preview ?? user.avatar_thumb_src ?? user.avatar_src;
  const errorId = errors.length ? `${inputId}-errors` : undefined;
  const initial = (user.name.trim()[0] ?? '?').toUpperCase();

  return (
    <Section id="poza" title="Poza de profil">
      <div className="form-avatar">
        {current ? (
          <img className="form-avatar__img" src={current} alt={preview ? 'Previzualizarea noii poze' : 'Poza ta de profil'} width={96} height={96} />
        ) : (
          <span className="form-avatar__img form-avatar__placeholder" aria-hidden="true">
            {initial}
          </span>
        )}
        <div className="form-avatar__controls">
          <FileField
            ref={inputRef}
            id={inputId}
            file={file}
            buttonText="Alege o poză"
            name="avatar"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            invalid={errors.length > 0}
            describedBy={[`${inputId}-hint`, errorId].filter(Boolean).join(' ')}
            onChange={onChoose}
            disabled={busy}
          />
          <p id={`${inputId}-hint`} className="form-field__hint">
            JPG, JPEG sau PNG, maximum 2 MB.
          </p>
          {file ? (
            <div className="form-actions form-actions--row">
              <button type="button" className="form-btn form-btn--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => run(() => uploadAvatar(file), 'AVATAR_UPDATED')}>
                {busy ? 'Se încarcă…' : 'Salvează poza'}
              </button>
              <button type="button" className="form-btn form-btn--link" disabled={busy} onClick={clearChoice}>
                Renunță
              </button>
            </div>
          ) : user.avatar_thumb_src || user.avatar_src ? (
            <button type="button" className="form-btn form-btn--link form-btn--danger-text" disabled={busy} onClick={() => run(deleteAvatar, 'AVATAR_UPDATED')}>
              Șterge poza
            </button>
          ) : null}
          <div role="alert">
            <ErrorList id={errorId} codes={errors} />
          </div>
        </div>
      </div>
    </Section>
  );
}

function NameSection({ user }: { user: User }) {
  const form = useForm({
    initial: { name: user.name },
    schema: updateNameBody,
    onSubmit: async (body) => {
      const res = await updateName(body.name);
      await refreshUser(res);
      showToast(res?.success || 'PROFILE_UPDATED', 'success');
    },
  });
  return (
    <Section id="nume" title="Numele tău">
      <form className="form" noValidate onSubmit={form.submit}>
        <TextField label="Nume complet" autoComplete="name" autoCapitalize="words" required {...form.field('name')} />
        <FormErrors codes={form.general} />
        <SubmitButton busy={form.busy} busyLabel="Se salvează…" disabled={form.values.name.trim() === user.name}>
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

function PasswordSection({ user }: { user: User }) {
  const { product } = useSnapshot(app);
  const allowed = user.auth_provider === 'password';
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
  const form = useForm({
    initial: { manual_id: user.manual_id, specialization_id: user.specialization_id, center_id: user.center_id } as ProfileValues,
    schema: completeProfileBody,
    onSubmit: async (body) => {
      const res = await completeProfile(body);
      await refreshUser(res);
      showToast('PROFILE_UPDATED', 'success');
    },
  });
  const unchanged =
    form.values.manual_id === user.manual_id && form.values.specialization_id === user.specialization_id && form.values.center_id === user.center_id;
  return (
    <Section id="profil" title="Ce pregătești">
      <ProfileListsError error={error} onRetry={reload} />
      <form className="form" noValidate onSubmit={form.submit}>
        <ProfileSelects
          lists={lists}
          fields={{
            manual_id: form.field('manual_id'),
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
      <PasswordSection key={`password-${user.id}`} user={user} />
      <ProfileSection key={`profile-${user.id}-${user.manual_id}-${user.specialization_id}-${user.center_id}`} user={user} />
      <p className="form-switch">
        Tema, efectele sonore, cardurile și facturile le găsești în <Link to="/setari">Setări</Link>.
      </p>
    </section>
  );
}

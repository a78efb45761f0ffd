// /cont, profile picture: choose (checked on the device first), preview, upload or delete.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { showToast } from '../../../state/toast.ts';
import { firstCode } from '../../../shared/codes.ts';
import type { User } from '../../../shared/types.ts';
import { deleteAvatar, uploadAvatar, type UserResponse } from '../../../api/account.ts';
import { errorsOf } from '../../../shell/form/useForm.ts';
import { ErrorList } from '../../../shell/form/ErrorList.tsx';
import { avatarErrors } from '../../../shell/form/image.ts';
import { FileField } from '../../../shell/form/FileField.tsx';
import { Section, refreshUser } from './section.tsx';

export function AvatarSection({ user }: { user: User }) {
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

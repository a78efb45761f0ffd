import { useId, useState, type ReactNode } from 'react';
import { ErrorList } from './ErrorList.tsx';
import { describedBy } from './describedBy.ts';
import '../../styles/forms.css';

export type PasswordFieldProps = {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  hint?: ReactNode;
  /** 'current-password' on sign-in, 'new-password' when choosing one. */
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  disabled?: boolean;
};

/** Password input with a show/hide toggle (a real button, announced with aria-pressed). */
export function PasswordField({ label, name, value, onChange, errors = [], hint, autoComplete, required, disabled }: PasswordFieldProps) {
  const auto = useId();
  const inputId = `${name}-${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors.length ? `${inputId}-errors` : undefined;
  const [visible, setVisible] = useState(false);
  return (
    <div className={`form-field${errors.length ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="form-password">
        <input
          id={inputId}
          name={name}
          type={visible ? 'text' : 'password'}
          className="form-field__input"
          value={value}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required={required}
          disabled={disabled}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(hintId, errorId)}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="form-password__toggle"
          aria-controls={inputId}
          aria-pressed={visible}
          disabled={disabled}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Ascunde' : 'Arată'}
          <span className="form-visually-hidden"> parola</span>
        </button>
      </div>
      {hint ? (
        <div id={hintId} className="form-field__hint">
          {hint}
        </div>
      ) : null}
      <ErrorList id={errorId} codes={errors} />
    </div>
  );
}

export type PasswordStrength = { score: 0 | 1 | 2 | 3; label: string };

/** A rough strength hint: length plus variety of character classes. Advisory only. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return { score: 0, label: 'Minimum 8 caractere.' };
  if (password.length < 8) return { score: 0, label: `Prea scurtă: încă ${8 - password.length} caractere.` };
  const classes = [/[a-zăâîșț]/u, /[A-ZĂÂÎȘȚ]/u, /\d/u, /[^\p{L}\d]/u].filter((re) => re.test(password)).length;
  const points = classes + (password.length >= 12 ? 1 : 0) + (password.length >= 16 ? 1 : 0);
  if (points <= 2) return { score: 1, label: 'Parolă slabă: adaugă cifre, majuscule sau simboluri.' };
  if (points <= 3) return { score: 2, label: 'Parolă medie.' };
  return { score: 3, label: 'Parolă puternică.' };
}

/** Strength meter shown as the hint of a new-password field (polite live region). */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <span className="form-strength" data-score={score} aria-live="polite">
      <span className="form-strength__bar" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="form-strength__label">{label}</span>
    </span>
  );
}

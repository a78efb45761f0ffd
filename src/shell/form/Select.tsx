import { useId, type ReactNode } from 'react';
import { ErrorList } from './ErrorList.tsx';
import { describedBy } from './describedBy.ts';
import type { ListItem } from '../../shared/types.ts';
import '../../styles/forms.css';

export type SelectProps = {
  label: ReactNode;
  name: string;
  value: number | null;
  onChange: (value: number | null) => void;
  options: readonly ListItem[];
  placeholder?: string;
  errors?: readonly string[];
  hint?: ReactNode;
  disabled?: boolean;
  required?: boolean;
};

/** Labelled select over `{ id, name }` items; the empty option means "not chosen" (null). */
export function Select({ label, name, value, onChange, options, placeholder = 'Alege…', errors = [], hint, disabled, required }: SelectProps) {
  const auto = useId();
  const inputId = `${name}-${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors.length ? `${inputId}-errors` : undefined;
  return (
    <div className={`form-field${errors.length ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={inputId}>
        {label}
      </label>
      <select
        id={inputId}
        name={name}
        className="form-field__input form-select"
        value={value == null ? '' : String(value)}
        disabled={disabled}
        required={required}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy(hintId, errorId)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} codes={errors} />
    </div>
  );
}

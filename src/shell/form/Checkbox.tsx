import { useId, type ReactNode } from 'react';
import { ErrorList } from './ErrorList.tsx';
import { describedBy } from './describedBy.ts';
import '../../styles/forms.css';

export type CheckboxProps = {
  label: ReactNode;
  name: string;
  value: boolean;
  onChange: (value: boolean) => void;
  errors?: readonly string[];
  disabled?: boolean;
  required?: boolean;
};

export function Checkbox({ label, name, value, onChange, errors = [], disabled, required }: CheckboxProps) {
  const auto = useId();
  const inputId = `${name}-${auto}`;
  const errorId = errors.length ? `${inputId}-errors` : undefined;
  return (
    <div className={`form-field form-check${errors.length ? ' form-field--invalid' : ''}`}>
      <div className="form-check__row">
        <input
          id={inputId}
          name={name}
          type="checkbox"
          className="form-check__input"
          checked={value}
          disabled={disabled}
          required={required}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy(errorId)}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={inputId} className="form-check__label">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} codes={errors} />
    </div>
  );
}

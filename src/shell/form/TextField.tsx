import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { ErrorList } from './ErrorList.tsx';
import { describedBy } from './describedBy.ts';
import '../../styles/forms.css';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'children'>;

export type TextFieldProps = NativeInput & {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  hint?: ReactNode;
  /** Renders a textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
};

/** Labelled input with its hint and error codes, wired with aria-invalid / aria-describedby. */
export function TextField({
  label,
  name,
  value,
  onChange,
  errors = [],
  hint,
  multiline,
  rows = 6,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? `${name}-${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors.length ? `${inputId}-errors` : undefined;
  const common = {
    id: inputId,
    name,
    value,
    'aria-invalid': errors.length > 0 || undefined,
    'aria-describedby': describedBy(hintId, errorId),
    className: `form-field__input${className ? ` ${className}` : ''}`,
  };
  return (
    <div className={`form-field${errors.length ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={inputId}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={rows}
          required={rest.required}
          disabled={rest.disabled}
          maxLength={rest.maxLength}
          minLength={rest.minLength}
          placeholder={rest.placeholder}
          autoComplete={rest.autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input type="text" {...rest} {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} codes={errors} />
    </div>
  );
}

/** The email input every form uses: right keyboard, autocomplete, no capitalisation or spell check. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'> & { label?: ReactNode }) {
  return (
    <TextField
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

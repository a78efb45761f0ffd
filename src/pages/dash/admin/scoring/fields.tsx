// Small labelled inputs of the scoring-profile editor, each with its error codes under it (Romanian
// text from the catalogue) and tied to them with aria-describedby / aria-invalid.
import type { ReactNode } from 'react';
import { ErrorList } from '../../../../shell/form/index.ts';
import type { Errors } from './draft.ts';

/** Errors of one field path ('ranges.0.from'). */
export const at = (errors: Errors, path: string): string[] => errors[path] ?? [];

type Common = { id: string; label: ReactNode; errors?: readonly string[]; hint?: ReactNode; className?: string };

function Wrap({ id, label, errors = [], hint, className, children }: Common & { children: ReactNode }) {
  return (
    <div className={`form-field${errors.length ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="form-field__hint muted" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-errors`} codes={errors} />
    </div>
  );
}

const describe = (id: string, errors: readonly string[], hint: unknown) =>
  [hint ? `${id}-hint` : '', errors.length ? `${id}-errors` : ''].filter(Boolean).join(' ') || undefined;

export function TextInput({ value, onChange, numeric, ...c }: Common & { value: string; onChange: (v: string) => void; numeric?: boolean }) {
  const errors = c.errors ?? [];
  return (
    <Wrap {...c}>
      <input
        id={c.id}
        className="form-field__input"
        value={value}
        inputMode={numeric ? 'decimal' : undefined}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describe(c.id, errors, c.hint)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Wrap>
  );
}

export function TextArea({ value, onChange, ...c }: Common & { value: string; onChange: (v: string) => void }) {
  const errors = c.errors ?? [];
  return (
    <Wrap {...c}>
      <textarea
        id={c.id}
        className="form-field__input"
        rows={4}
        value={value}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describe(c.id, errors, c.hint)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Wrap>
  );
}

export function SelectInput<T extends string>({
  value,
  onChange,
  options,
  ...c
}: Common & { value: T; onChange: (v: T) => void; options: ReadonlyArray<readonly [T, string]> }) {
  const errors = c.errors ?? [];
  return (
    <Wrap {...c}>
      <select
        id={c.id}
        className="form-field__input form-select"
        value={value}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describe(c.id, errors, c.hint)}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
    </Wrap>
  );
}

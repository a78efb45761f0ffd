// One form's state: values, per-field error codes, `general` codes and the busy flag.
// Submitting validates with the shared zod schema first (same codes as the server) and only
// then calls `onSubmit`; an ApiError's `{ errors: { field: [CODE] } }` is mapped back onto the
// fields, and codes for fields the form does not show go to `general`.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { check } from '../../shared/validation.ts';
import { GENERAL, type ErrorBody } from '../../shared/codes.ts';
import { ApiError } from '../../api/errors.ts';
import { focusFirstError } from './useFormFocus.ts';

export type FieldErrors = Record<string, string[]>;

/**
 * Splits an error body into the form's own fields and `general`: codes for a field the form
 * does not render (e.g. a hidden token) would otherwise be invisible.
 */
export function splitErrors(body: ErrorBody, fields: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, codes] of Object.entries(body.errors)) {
    if (!Array.isArray(codes) || codes.length === 0) continue;
    const target = key === GENERAL || fields.includes(key) ? key : GENERAL;
    const list = (out[target] ??= []);
    for (const code of codes) if (typeof code === 'string' && !list.includes(code)) list.push(code);
  }
  return out;
}

/** Keeps the first code of every field (client-side checks report the first failing rule). */
export function firstPerField(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, codes] of Object.entries(errors)) out[key] = key === GENERAL ? codes : codes.slice(0, 1);
  return out;
}

/** Error body of anything thrown while submitting: ApiError as-is, else a generic error. */
export function errorsOf(err: unknown): ErrorBody {
  if (err instanceof ApiError) return err.body;
  return { errors: { [GENERAL]: ['FORM_AN_ERROR_HAS_OCCURRED'] } };
}

export type FieldBinding<T> = {
  name: string;
  value: T;
  errors: string[];
  onChange: (value: T) => void;
};

export type UseFormOptions<V extends Record<string, unknown>, S extends z.ZodType> = {
  initial: V;
  /** Shared schema checked before sending; its output is what `onSubmit` receives. */
  schema: S;
  /** Builds the checked body from the values (adds hidden fields such as a reset token). */
  toBody?: (values: V) => unknown;
  onSubmit: (body: z.output<S>, values: V) => Promise<void> | void;
};

export type UseForm<V extends Record<string, unknown>> = {
  values: V;
  errors: FieldErrors;
  general: string[];
  busy: boolean;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  reset: (values?: V) => void;
  setErrors: (errors: FieldErrors) => void;
  field: <K extends keyof V & string>(name: K) => FieldBinding<V[K]>;
  submit: (event?: FormEvent) => Promise<boolean>;
};

export function useForm<V extends Record<string, unknown>, S extends z.ZodType>(options: UseFormOptions<V, S>): UseForm<V> {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // The form element of the last submit, and a counter bumped when it ended in errors: once those
  // errors are rendered, the first one gets the focus and is scrolled into view.
  const formRef = useRef<HTMLElement | null>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  useEffect(() => {
    if (failedSubmits > 0 && formRef.current?.isConnected) focusFirstError(formRef.current);
  }, [failedSubmits]);

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      valuesRef.current = next;
      return next;
    });
    setErrors((prev) => {
      if (!prev[name] && !prev[GENERAL]) return prev;
      const { [name]: _field, [GENERAL]: _general, ...rest } = prev;
      return rest;
    });
  }, []);

  const reset = useCallback((next?: V) => {
    const v = next ?? optionsRef.current.initial;
    valuesRef.current = v;
    setValues(v);
    setErrors({});
  }, []);

  const submit = useCallback(async (event?: FormEvent): Promise<boolean> => {
    event?.preventDefault();
    if (busyRef.current) return false;
    const target = event?.currentTarget;
    formRef.current =
      target instanceof HTMLElement ? target : (document.activeElement?.closest<HTMLElement>('form') ?? null);
    const { schema, toBody, onSubmit, initial } = optionsRef.current;
    const current = valuesRef.current;
    const fields = Object.keys(initial);
    const body = toBody ? toBody(current) : current;
    const invalid = check(schema, body);
    if (invalid) {
      // One message per field before sending: the first failing rule (an empty password is
      // "required", not also "too short"). Server answers are shown in full.
      setErrors(firstPerField(splitErrors(invalid, fields)));
      setFailedSubmits((n) => n + 1);
      return false;
    }
    const parsed = schema.parse(body) as z.output<S>;
    busyRef.current = true;
    setBusy(true);
    setErrors({});
    try {
      await onSubmit(parsed, current);
      return true;
    } catch (err) {
      setErrors(splitErrors(errorsOf(err), fields));
      setFailedSubmits((n) => n + 1);
      return false;
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  const field = <K extends keyof V & string>(name: K): FieldBinding<V[K]> => ({
    name,
    value: values[name],
    errors: errors[name] ?? [],
    onChange: (value: V[K]) => set(name, value),
  });

  return { values, errors, general: errors[GENERAL] ?? [], busy, set, reset, setErrors, field, submit };
}

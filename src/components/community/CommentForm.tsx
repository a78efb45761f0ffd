// The one text box of the community: a new comment, a reply, an edit, a report reason or a team
// reply. It checks the shared rules before sending (src/shared/community-rules.ts) and shows the
// server's codes under the box; on success it empties itself (or closes, for an edit).
import { useId, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { ApiError, errorCode } from '../../api/errors.ts';
import { ErrorList } from '../../shell/form/ErrorList.tsx';
import '../../styles/forms.css';

export function CommentForm(props: {
  label: string;
  submitLabel: string;
  schema: ZodType<string>;
  max: number;
  initial?: string;
  placeholder?: string;
  rows?: number;
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [value, setValue] = useState(props.initial ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = props.schema.safeParse(value);
    if (!parsed.success) {
      setErrors([parsed.error.issues[0]?.message ?? 'FIELD_INVALID']);
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      await props.onSubmit(parsed.data);
      setValue('');
    } catch (err) {
      setErrors([err instanceof ApiError ? err.code : errorCode(err)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <label className="form-field__label" htmlFor={id}>
        {props.label}
      </label>
      <textarea
        id={id}
        className="form-field__input comment-form__input"
        rows={props.rows ?? 3}
        maxLength={props.max + 50}
        placeholder={props.placeholder}
        value={value}
        autoFocus={props.autoFocus}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-errors` : undefined}
      />
      <div role="alert">
        <ErrorList id={`${id}-errors`} codes={errors} />
      </div>
      <div className="comment-form__actions">
        <span className={`comment-form__count muted${value.length > props.max ? ' comment-form__count--over' : ''}`}>
          {value.length} / {props.max}
        </span>
        {props.onCancel ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={props.onCancel} disabled={busy}>
            Renunță
          </button>
        ) : null}
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}

import type { ReactNode } from 'react';
import '../../styles/forms.css';

/** Submit button disabled while busy, with a spinner and a busy label for screen readers. */
export function SubmitButton({
  busy,
  children,
  busyLabel = 'Se trimite…',
  disabled,
  variant = 'primary',
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel?: string;
  disabled?: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
}) {
  return (
    <button type="submit" className={`form-btn form-btn--${variant}`} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <span className="form-spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

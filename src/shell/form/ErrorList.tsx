import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import '../../styles/forms.css';

/** Codes as Romanian text (unknown codes raw, SPEC §8), one line each. */
export function ErrorList({ id, codes, className = 'form-field__errors' }: { id?: string; codes: readonly string[]; className?: string }) {
  const { product } = useSnapshot(app);
  if (codes.length === 0) return null;
  return (
    <ul id={id} className={className}>
      {codes.map((code) => (
        <li key={code}>{messageFor(code, product)}</li>
      ))}
    </ul>
  );
}

/** Errors not tied to a field (`general`), shown above the submit button and announced. */
export function FormErrors({ codes }: { codes: readonly string[] }) {
  return (
    <div role="alert" aria-live="assertive" className="form-errors-region">
      <ErrorList codes={codes} className="form-errors" />
    </div>
  );
}

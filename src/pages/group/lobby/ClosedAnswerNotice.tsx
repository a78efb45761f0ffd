// Told when an answer given offline reached the server after its grid had closed: the grid's own
// number and letters, so it is not read as a problem with the grid now on screen.
import type { ClosedAnswer } from './useAnswerSender.ts';

export function ClosedAnswerNotice({ closed, onDismiss }: { closed: ClosedAnswer; onDismiss: () => void }) {
  return (
    <div className="notice notice--error group-closed-notice" role="alert" data-testid="group-closed-answer">
      <p>
        Răspunsul tău la grila {closed.position} ({closed.marked.join(', ') || '—'}) nu a fost numărat: grila se închisese până să ajungă
        la server.
      </p>
      <button type="button" className="btn btn--ghost btn--small" onClick={onDismiss}>
        Am înțeles
      </button>
    </div>
  );
}

// /teste/recapitulare — the spaced-repetition queue (GET /review) and a one-click review test.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { createReviewTest, fetchReviewQueue, type ReviewQueue } from '../../api/practice.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { grids as gridsText } from '../../components/practice/format.ts';
import '../../styles/tests.css';
import { countNoun } from '../../shared/ro-count.ts';
import { laterTodayText } from '../../shared/review-today.ts';

export default function Review() {
  const navigate = useNavigate();
  const { online, product } = useSnapshot(app);
  const [queue, setQueue] = useState<ReviewQueue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!online) return;
    fetchReviewQueue()
      .then(setQueue)
      .catch((err) => setError(errorCode(err)));
  }, [online]);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      // The count offered on the button is the count built (issue 11 §4.8).
      const res = await createReviewTest(queue?.due_count || undefined);
      showToast(res.success);
      navigate(`/teste/${res.test.id}`);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page page--narrow" aria-labelledby="review-title">
      <header className="page-header">
        <h1 id="review-title">Recapitulare</h1>
      </header>
      <div className="card">
        <p>Grilele la care ai greșit (și cele ghicite) revin după intervale tot mai lungi, calculate după cât de bine le știi.</p>
        {!online ? (
          <p className="notice notice--offline">{messageFor('FORM_NETWORK_REQUIRED', product)}</p>
        ) : queue ? (
          <>
            <p>
              {queue.due_count === 0 ? (
                <>Nicio grilă de recapitulat acum</>
              ) : (
                <>
                  <strong>{queue.due_count}</strong> {countNoun(queue.due_count, 'grilă', 'grile')} de recapitulat acum
                </>
              )}{' '}
              din {queue.total_cards} urmărite.
            </p>
            {queue.due_count > 0 ? (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void start()}>
                Recapitulează {gridsText(queue.due_count)}
              </button>
            ) : laterTodayText(queue.due_today, queue.next_due) ? (
              // The plan counts these as today's reviews (server/modules/review/due.ts).
              <p className="muted">{laterTodayText(queue.due_today, queue.next_due)}.</p>
            ) : queue.next_due ? (
              <p className="muted">Următoarea recapitulare: {new Date(queue.next_due).toLocaleString('ro-RO', { dateStyle: 'medium', timeStyle: 'short' })}.</p>
            ) : null}
          </>
        ) : !error ? (
          <p className="page-loading">Se încarcă…</p>
        ) : null}
        {error ? (
          <p className="form-errors" role="alert">
            {messageFor(error, product)}
          </p>
        ) : null}
      </div>
      <Link to="/teste">Înapoi la teste</Link>
    </section>
  );
}

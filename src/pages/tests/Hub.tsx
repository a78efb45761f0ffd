// /teste — the tests hub: start, resume the latest unfinished test, the review queue, the weak
// chapters and links. Mounting it starts the sync triggers (startSync is idempotent).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../offline/db.ts';
import { startSync } from '../../offline/sync.ts';
import { formatClock, remainingSeconds } from '../../offline/timer.ts';
import { createReviewTest, createWeakTest, fetchHistory, fetchReviewQueue, type ReviewQueue, type ServerTest } from '../../api/practice.ts';
import { fetchStats, type ChapterStat } from '../../api/stats.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { currentOwner, foreignTo } from '../../offline/owner.ts';
import { grids as gridsText } from '../../components/practice/format.ts';
import { FirstSteps } from '../../components/practice/FirstSteps.tsx';
import { TodayPlan } from '../dash/plan/TodayPlan.tsx';
import { laterTodayText } from '../../shared/review-today.ts';
import '../../styles/tests.css';

export default function Hub() {
  const navigate = useNavigate();
  const { online, product, user } = useSnapshot(app);
  const localUnfinished = useLiveQuery(async () => {
    const rows = (await db.tests.where('status').equals('unfinished').toArray()).filter((t) => !foreignTo(t, currentOwner()));
    return rows.sort((a, b) => b.started_at.localeCompare(a.started_at));
  }, []);
  const [serverUnfinished, setServerUnfinished] = useState<ServerTest | null>(null);
  const [review, setReview] = useState<ReviewQueue | null>(null);
  const [weak, setWeak] = useState<ChapterStat[] | null>(null);
  /** No test yet on the server (a new account): the hub starts with the first steps. */
  const [noTests, setNoTests] = useState(false);
  const [busy, setBusy] = useState<null | 'review' | 'weak'>(null);
  /** Every chapter with a verdict is at or above this share right: nothing weak to show. */
  const [strongOnly, setStrongOnly] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    startSync();
  }, []);

  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchReviewQueue()
      .then((r) => live && setReview(r))
      .catch(() => undefined);
    fetchStats()
      .then((s) => {
        if (!live) return;
        setWeak(s.weakest_chapters);
        setStrongOnly(s.weakest_chapters.length === 0 && s.chapters.some((c) => c.answered >= s.weak_min_answered) ? s.weak_below_pct : null);
        setNoTests(s.totals.tests === 0);
      })
      .catch(() => undefined);
    fetchHistory(1, 'unfinished')
      .then(async (h) => {
        // Skip tests this device already closed (finished or abandoned, not yet synced).
        const closed = new Set((await db.tests.where('status').anyOf('finished', 'abandoned').primaryKeys()) as string[]);
        if (live) setServerUnfinished(h.tests.find((t) => !closed.has(t.id)) ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [online]);

  const latestLocal = localUnfinished?.[0];
  const resume =
    latestLocal && (!serverUnfinished || latestLocal.started_at >= serverUnfinished.started_at)
      ? { id: latestLocal.id, count: latestLocal.grid_ids.length, started_at: latestLocal.started_at, remaining: remainingSeconds(latestLocal) }
      : serverUnfinished
        ? { id: serverUnfinished.id, count: serverUnfinished.grid_count, started_at: serverUnfinished.started_at, remaining: serverUnfinished.remaining_s }
        : null;

  async function start(kind: 'review' | 'weak') {
    setBusy(kind);
    setError(null);
    try {
      const res = kind === 'review' ? await createReviewTest(review?.due_count || undefined) : await createWeakTest();
      showToast(res.success);
      navigate(`/teste/${res.test.id}`);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="page tests-hub" aria-labelledby="hub-title">
      <header className="page-header">
        <h1 id="hub-title">Teste</h1>
      </header>
      {error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : null}
      <div className="hub-grid">
        <TodayPlan />
        {noTests && !localUnfinished?.length ? <FirstSteps manualId={user?.manual_id ?? null} /> : null}
        <article className="card hub-card hub-card--primary">
          <h2>Test nou</h2>
          <p>Alege manualul, capitolele, dificultatea și modul (tutor sau examen). Merge și offline, din manualele descărcate.</p>
          <Link to="/teste/start" className="btn btn--primary btn--large">
            Începe un test
          </Link>
        </article>

        {resume ? (
          <article className="card hub-card">
            <h2>Continuă testul</h2>
            <p>
              {gridsText(resume.count)}, început {new Date(resume.started_at).toLocaleString('ro-RO', { dateStyle: 'medium', timeStyle: 'short' })}
              {resume.remaining !== null && resume.remaining !== undefined ? ` · ${formatClock(resume.remaining)} rămase` : ''}
            </p>
            <Link to={`/teste/${resume.id}`} className="btn btn--primary">
              Continuă
            </Link>
          </article>
        ) : null}

        <article className="card hub-card">
          <h2>Recapitulare</h2>
          {!online ? (
            <p className="muted">{messageFor('FORM_NETWORK_REQUIRED', product)}</p>
          ) : review === null ? (
            <p className="muted">Se încarcă…</p>
          ) : review.due_count > 0 ? (
            <>
              <p>Grilele greșite revin la momentul potrivit ca să nu le uiți.</p>
              <button type="button" className="btn btn--primary" disabled={busy !== null} onClick={() => void start('review')}>
                Recapitulează {gridsText(review.due_count)}
              </button>
            </>
          ) : (
            <p className="muted">
              Nimic de recapitulat acum.
              {/* Due later today: the plan already counts these (server/modules/review/due.ts). */}
              {laterTodayText(review.due_today, review.next_due)
                ? ` ${laterTodayText(review.due_today, review.next_due)}.`
                : review.next_due ? ` Următoarea recapitulare: ${new Date(review.next_due).toLocaleString('ro-RO', { dateStyle: 'medium', timeStyle: 'short' })}.` : ''}
            </p>
          )}
          <p className="hub-card__more">
            <Link to="/teste/recapitulare">Despre recapitulare</Link>
          </p>
        </article>

        <article className="card hub-card">
          <h2>Capitole slabe</h2>
          {!online ? (
            <p className="muted">{messageFor('FORM_NETWORK_REQUIRED', product)}</p>
          ) : weak === null ? (
            <p className="muted">Se încarcă…</p>
          ) : weak.length ? (
            <>
              <ul className="weak-list">
                {weak.slice(0, 3).map((c) => (
                  <li key={c.chapter_id}>
                    {c.title} — {c.correct_pct.toLocaleString('ro-RO')}% corecte
                  </li>
                ))}
              </ul>
              <button type="button" className="btn btn--primary" disabled={busy !== null} onClick={() => void start('weak')}>
                Exersează capitolele slabe
              </button>
            </>
          ) : strongOnly !== null ? (
            <p className="muted" data-testid="weak-none">Niciun capitol sub {strongOnly} % corecte. Continuă cu grile din capitole noi.</p>
          ) : (
            <p className="muted">Rezolvă mai multe grile ca să vedem unde ai nevoie de exercițiu.</p>
          )}
        </article>

        <article className="card hub-card">
          <h2>Test de grup</h2>
          <p>Aceleași grile pentru tine și prietenii tăi, cu un cronometru comun și clasament după fiecare grilă (Premium).</p>
          <Link to="/grup/start" className="btn btn--primary">
            Începe un test de grup
          </Link>
          <p className="hub-card__more">
            <Link to="/grup/istoric">Istoric teste de grup</Link>
          </p>
        </article>
      </div>

      <nav className="hub-links" aria-label="Alte secțiuni">
        <Link to="/teste/istoric">Istoric teste</Link>
        <Link to="/teste/grilele-mele">Grilele mele</Link>
        <Link to="/teste/adauga-grila">Adaugă o grilă</Link>
        <Link to="/teste/simulare/centre">Simulare pe centre</Link>
        <Link to="/teste/simulare/surse">Simulare pe surse</Link>
        <Link to="/statistici">Statistici</Link>
      </nav>
    </section>
  );
}

// /teste/:id — solving, local-first: the test, its grids and answers come from IndexedDB (live);
// every change is committed there first (saveAnswer) and only then shown as saved; the outbox
// sends it to the server (debounced) when online. The navbar is hidden (route noNavbar).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db, type LocalGrid } from '../../offline/db.ts';
import { saveAnswer } from '../../offline/answers.ts';
import { abandonLocally, finishLocally, storeRemaining, storeServerTest } from '../../offline/local-tests.ts';
import { scheduleSync, startSync, trySync } from '../../offline/sync.ts';
import { fetchTest, putAnswer } from '../../api/tests.ts';
import { ApiError } from '../../api/errors.ts';
import { solve, resetSolve, toggleOption, goTo, takeElapsed, nextUnanswered, type Cell } from '../../state/solve.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import type { OptionLetter } from '../../shared/constants.ts';
import { OptionList } from '../../shell/tests/OptionList.tsx';
import { Overview } from '../../shell/tests/Overview.tsx';
import { Timer } from '../../shell/tests/Timer.tsx';
import { Modal } from '../../shell/Modal.tsx';
import { grids as gridsText } from '../../shell/tests/format.ts';
import '../../styles/tests.css';

const codeOf = (err: unknown): string =>
  err instanceof ApiError ? err.code : err instanceof Error && /^[A-Z_]+$/.test(err.message) ? err.message : 'FORM_AN_ERROR_HAS_OCCURRED';

const TYPE_TEXT = { CS: 'Complement simplu', CM: 'Complement multiplu', CG: 'Complement grupat' } as const;

export default function Solve() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const snap = useSnapshot(solve);
  const { product, online } = useSnapshot(app);
  const test = useLiveQuery(async () => (await db.tests.get(id)) ?? null, [id]);
  const gridKey = test ? test.grid_ids.join(',') : '';
  const grids = useLiveQuery(async () => (test ? await db.grids.bulkGet(test.grid_ids) : []), [gridKey]);
  const answers = useLiveQuery(() => db.answers.where('test_id').equals(id).toArray(), [id]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const [confirm, setConfirm] = useState<null | 'finish' | 'abandon'>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef<Record<number, number>>({});
  const mainRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    resetSolve(id);
    startSync();
  }, [id]);

  // Not on this device yet (opened from history on another device, a weak or review test): fetch and store.
  const missing = test === null || (test && grids && grids.some((g) => !g));
  useEffect(() => {
    if (!missing || fetching || loadError) return;
    if (!navigator.onLine) {
      setLoadError(test === null ? 'FORM_NETWORK_REQUIRED' : 'FORM_NETWORK_REQUIRED');
      return;
    }
    setFetching(true);
    fetchTest(id)
      .then((detail) => storeServerTest(detail))
      .catch((err) => setLoadError(codeOf(err)))
      .finally(() => setFetching(false));
  }, [missing, fetching, loadError, id, test]);

  // A finished test goes to its results.
  useEffect(() => {
    if (test?.status === 'finished') navigate(`/teste/${id}/rezultate`, { replace: true });
  }, [test?.status, id, navigate]);

  const byGrid = useMemo(() => new Map((answers ?? []).map((a) => [a.grid_id, a])), [answers]);
  const list = useMemo(() => (grids ?? []).filter((g): g is LocalGrid => !!g), [grids]);
  const total = list.length;
  const index = Math.min(snap.index, Math.max(0, total - 1));
  const grid = list[index];
  const answer = grid ? byGrid.get(grid.id) : undefined;
  const tutor = test?.mode === 'tutor';
  const stored = (answer?.marked ?? []) as OptionLetter[];
  const locked = tutor && stored.length > 0; // tutor: an answer is final once confirmed
  const pending = grid ? snap.pending[grid.id] : undefined;
  const draft = grid ? snap.draft[grid.id] : undefined;
  const selected = (pending ?? (tutor && !locked ? draft : undefined) ?? stored) as OptionLetter[];
  const reveal = grid && locked ? (grid.correct ? { correct: grid.correct, explanation: grid.explanation, explanation_photo: grid.explanation_photo } : snap.revealed[grid.id]) : undefined;

  const cells: Cell[] = list.map((g, i) => {
    const a = byGrid.get(g.id);
    return { position: i + 1, gridId: g.id, answered: Boolean(a?.marked.length), flagged: Boolean(a?.flagged), current: i === index };
  });
  const answeredCount = cells.filter((c) => c.answered).length;

  const commit = useCallback(
    async (gridId: number, marked: OptionLetter[], flagged: boolean) => {
      const n = (seq.current[gridId] = (seq.current[gridId] ?? 0) + 1);
      solve.pending[gridId] = marked;
      solve.saved[gridId] = false;
      solve.error = null;
      try {
        const saved = await saveAnswer(id, gridId, { marked, flagged, time_ms: takeElapsed() });
        if (seq.current[gridId] === n) solve.saved[gridId] = true;
        scheduleSync();
        return saved;
      } catch (err) {
        solve.error = codeOf(err);
        return null;
      } finally {
        if (seq.current[gridId] === n) delete solve.pending[gridId];
      }
    },
    [id],
  );

  const onToggle = (letter: OptionLetter) => {
    if (!grid || locked) return;
    const next = toggleOption(grid.type, selected, letter);
    if (tutor) solve.draft[grid.id] = next;
    else void commit(grid.id, next, Boolean(answer?.flagged));
  };

  const confirmTutor = async () => {
    if (!grid || !draft?.length) return;
    const saved = await commit(grid.id, [...draft], Boolean(answer?.flagged));
    if (!saved) return;
    delete solve.draft[grid.id];
    if (grid.correct || !navigator.onLine) return;
    try {
      // The key is not on the device: the server reveals it for this answer (tutor mode).
      const res = await putAnswer(id, grid.id, { id: saved.id, marked: saved.marked, flagged: saved.flagged, time_ms: saved.time_ms, answered_at: saved.answered_at });
      if (res.correct) {
        await db.grids.update(grid.id, { correct: res.correct as OptionLetter[], explanation: res.explanation ?? null, explanation_photo: res.explanation_photo_url ?? null });
        solve.revealed[grid.id] = { correct: res.correct, explanation: res.explanation ?? null, explanation_photo: res.explanation_photo_url ?? null };
      }
    } catch (err) {
      const code = codeOf(err);
      if (code !== 'FORM_REQUEST_FAILED') solve.error = code;
    }
  };

  const toggleFlag = () => {
    if (!grid) return;
    void commit(grid.id, stored, !answer?.flagged);
  };

  const go = (i: number) => {
    goTo(i, total);
    mainRef.current?.focus();
  };

  const finish = async (expired = false) => {
    if (busy) return;
    setBusy(true);
    try {
      await finishLocally(id, new Date(), expired);
      showToast(expired ? 'FORM_TEST_TIME_EXPIRED' : 'TEST_FINISHED', expired ? 'warning' : 'success');
      void trySync();
      navigate(`/teste/${id}/rezultate`, { replace: true });
    } catch (err) {
      solve.error = codeOf(err);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const abandon = async () => {
    setBusy(true);
    try {
      await abandonLocally(id);
      showToast('TEST_ABANDONED');
      void trySync();
      navigate('/teste/istoric');
    } catch (err) {
      solve.error = codeOf(err);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const leave = async () => {
    try {
      await storeRemaining(id);
    } catch {
      /* nothing to lose: answers are already stored */
    }
    void trySync();
    navigate('/teste');
  };

  if (loadError)
    return (
      <section className="page page--narrow solve">
        <h1>Test</h1>
        <p role="alert" className="form-errors">
          {messageFor(loadError, product)}
        </p>
        <Link className="btn btn--primary" to="/teste">
          Înapoi la teste
        </Link>
      </section>
    );
  if (test === undefined || !grids || !answers || missing || !grid)
    return (
      <section className="page page--narrow solve" aria-busy="true">
        <p className="page-loading">Se încarcă testul…</p>
      </section>
    );
  if (test.status === 'abandoned')
    return (
      <section className="page page--narrow solve">
        <h1>Test abandonat</h1>
        <p>Acest test a fost abandonat și nu mai poate fi continuat.</p>
        <Link className="btn btn--primary" to="/teste/istoric">
          Istoric teste
        </Link>
      </section>
    );

  return (
    <section className="solve" aria-labelledby="solve-title">
      <header className="solve__bar">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void leave()}>
          ← Ieși
        </button>
        <p className="solve__progress" aria-live="polite">
          {answeredCount}/{total} răspunse
          {test.source === 'offline' || !online ? <span className="pill pill--offline">offline</span> : null}
        </p>
        {test.time_limit_s ? <Timer test={test} onExpire={() => void finish(true)} /> : null}
      </header>

      <div className="solve__layout">
        <div className="solve__main">
          <article className="grid-card" aria-labelledby="solve-title">
            <header className="grid-card__head">
              <h1 id="solve-title" ref={mainRef} tabIndex={-1}>
                Grila {index + 1} din {total}
              </h1>
              <span className="grid-card__type" title={TYPE_TEXT[grid.type]}>
                {grid.type} · {tutor ? 'mod tutor' : 'mod examen'}
              </span>
            </header>
            <p className="grid-card__statement">{grid.statement}</p>
            <OptionList gridId={grid.id} type={grid.type} options={grid.options} selected={selected} onToggle={onToggle} disabled={locked || busy} correct={reveal?.correct ?? null} />
            <div className="grid-card__status" aria-live="polite">
              {pending ? <span className="saving">Se salvează…</span> : snap.saved[grid.id] ? <span className="saved">✓ Răspuns salvat</span> : null}
              {snap.error ? (
                <span role="alert" className="form-errors">
                  {messageFor(snap.error, product)}
                </span>
              ) : null}
            </div>
            {tutor && !locked ? (
              <button type="button" className="btn btn--primary" disabled={!draft?.length || Boolean(pending)} onClick={() => void confirmTutor()}>
                Confirmă răspunsul
              </button>
            ) : null}
            {tutor && locked ? (
              reveal ? (
                <div className={`explanation explanation--${sameSet(stored, reveal.correct) ? 'right' : 'wrong'}`} role="status">
                  <h2>{sameSet(stored, reveal.correct) ? 'Corect!' : `Greșit. Răspuns corect: ${reveal.correct.join(', ')}`}</h2>
                  {reveal.explanation ? <p>{reveal.explanation}</p> : null}
                  {reveal.explanation_photo ? <img src={reveal.explanation_photo} alt="Imagine pentru explicație" loading="lazy" /> : null}
                </div>
              ) : (
                <p className="muted" role="status">
                  Răspunsul este salvat. Explicația apare când revii online.
                </p>
              )
            ) : null}
            <div className="grid-card__actions">
              <button type="button" className="btn btn--ghost" onClick={() => go(index - 1)} disabled={index === 0}>
                ← Anterioara
              </button>
              <button type="button" className={`btn btn--ghost${answer?.flagged ? ' is-flagged' : ''}`} aria-pressed={Boolean(answer?.flagged)} onClick={toggleFlag}>
                {answer?.flagged ? '⚑ Marcată' : '⚐ Marchează'}
              </button>
              {index < total - 1 ? (
                <button type="button" className="btn btn--primary" onClick={() => go(index + 1)}>
                  Următoarea →
                </button>
              ) : (
                <button type="button" className="btn btn--primary" onClick={() => setConfirm('finish')}>
                  Termină testul
                </button>
              )}
            </div>
          </article>
        </div>
        <aside className="solve__side">
          <Overview cells={cells} onSelect={go} />
          <div className="solve__side-actions">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => {
                const n = nextUnanswered(
                  cells.map((c) => c.answered),
                  index,
                );
                if (n >= 0) go(n);
              }}
              disabled={answeredCount === total}
            >
              Următoarea fără răspuns
            </button>
            <button type="button" className="btn btn--primary btn--small" onClick={() => setConfirm('finish')}>
              Termină testul
            </button>
            <button type="button" className="btn btn--ghost btn--small danger-text" onClick={() => setConfirm('abandon')}>
              Abandonează
            </button>
          </div>
        </aside>
      </div>

      <Modal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'abandon' ? 'Abandonezi testul?' : 'Termini testul?'}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirm(null)}>
              Continuă testul
            </button>
            {confirm === 'abandon' ? (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void abandon()}>
                Da, abandonează
              </button>
            ) : (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void finish(false)}>
                Da, termină
              </button>
            )}
          </>
        }
      >
        {confirm === 'abandon' ? (
          <p>Testul nu va avea rezultat, dar răspunsurile date contează la recapitulare.</p>
        ) : (
          <p>
            Ai răspuns la {answeredCount} din {gridsText(total)}.
            {answeredCount < total ? ` ${gridsText(total - answeredCount)} ${total - answeredCount === 1 ? 'rămâne' : 'rămân'} fără răspuns.` : ''}
          </p>
        )}
      </Modal>
    </section>
  );
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

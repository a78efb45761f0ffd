// /teste/:id — solving, local-first: the test, its grids and answers come from IndexedDB (live);
// every change is committed there first (saveAnswer) and only then shown as saved; the outbox
// sends it to the server (debounced) when online. The navbar is hidden (route noNavbar).
// Resuming opens the grid last viewed on this device, else the first unanswered one. Keyboard
// (A–E/1–5, arrows or J/K, F, Enter, ?), strike-outs, a note, favourite and report per grid;
// on phones a bottom bar with previous / flag / next and the overview as a sheet.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db, type LocalGrid } from '../../offline/db.ts';
import { saveAnswer } from '../../offline/answers.ts';
import { abandonLocally, finishLocally, storeRemaining, storeServerTest } from '../../offline/local-tests.ts';
import { scheduleSync, startSync, trySync } from '../../offline/sync.ts';
import { currentOwner, foreignTo } from '../../offline/owner.ts';
import { PendingPill, SyncStatus } from '../../components/sync/SyncStatus.tsx';
import { fetchTest, putAnswer } from '../../api/practice.ts';
import { ApiError } from '../../api/errors.ts';
import { solve, resetSolve, toggleOption, goTo, takeElapsed, nextUnanswered, resumeIndex, type Cell, type KeyAction } from '../../state/solve.ts';
import { toggleStrike } from '../../offline/grid-actions.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { markAppUsed } from '../../state/app-usage.ts';
import type { OptionLetter } from '../../shared/constants.ts';
import { Overview } from '../../components/practice/Overview.tsx';
import { Timer } from '../../components/practice/Timer.tsx';
import { Modal } from '../../shell/Modal.tsx';
import { QuestionCard } from '../../components/practice/QuestionCard.tsx';
import { ShortcutsButton, ShortcutsHelp } from '../../components/practice/ShortcutsHelp.tsx';
import { SolveBottomBar } from '../../components/practice/SolveBottomBar.tsx';
import { ConfirmDialog, SideActions, SolveAbandoned, SolveLoadError, SolveLoading } from '../../components/practice/SolveParts.tsx';
import { useSolveKeys } from '../../components/practice/useSolveKeys.ts';
import '../../styles/tests.css';

const codeOf = (err: unknown): string =>
  err instanceof ApiError ? err.code : err instanceof Error && /^[A-Z_]+$/.test(err.message) ? err.message : 'FORM_AN_ERROR_HAS_OCCURRED';


export default function Solve() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const snap = useSnapshot(solve);
  const { online } = useSnapshot(app);
  // Another account's test on this device is not this account's to see or answer.
  const test = useLiveQuery(async () => {
    const t = await db.tests.get(id);
    return t && !foreignTo(t, currentOwner()) ? t : null;
  }, [id]);
  const gridKey = test ? test.grid_ids.join(',') : '';
  const grids = useLiveQuery(async () => (test ? await db.grids.bulkGet(test.grid_ids) : []), [gridKey]);
  const answers = useLiveQuery(() => db.answers.where('test_id').equals(id).toArray(), [id]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const [confirm, setConfirm] = useState<null | 'finish' | 'abandon'>(null);
  const [busy, setBusy] = useState(false);
  const [help, setHelp] = useState(false);
  const [sheet, setSheet] = useState(false);
  const seq = useRef<Record<number, number>>({});
  // The last state asked for per grid: a key pressed right after another (mark then F) builds on
  // it, not on the answer the live query has not re-read yet.
  const intent = useRef<Record<number, { marked: OptionLetter[]; flagged: boolean }>>({});
  const mainRef = useRef<HTMLHeadingElement>(null);
  const [resumedId, setResumedId] = useState<string | null>(null);

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
  const struck = useLiveQuery(async () => (grid ? ((await db.strikes.get([id, grid.id]))?.letters ?? []) : []), [id, grid?.id]) ?? [];

  // Resume (issue 11 §4.3): once the test and its answers are read, open the last viewed grid, else the first unanswered.
  const ready = Boolean(test && answers && total && total === test.grid_ids.length);
  useEffect(() => {
    if (!ready || resumedId === id || !test || !answers) return;
    const done = new Set(answers.filter((a) => a.marked.length).map((a) => a.grid_id));
    goTo(resumeIndex(test.grid_ids.map((g) => done.has(g)), test.last_index), test.grid_ids.length);
    setResumedId(id);
  }, [ready, resumedId, id, test, answers]);

  const commit = useCallback(
    async (gridId: number, marked: OptionLetter[], flagged: boolean) => {
      const n = (seq.current[gridId] = (seq.current[gridId] ?? 0) + 1);
      intent.current[gridId] = { marked, flagged };
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
        if (seq.current[gridId] === n) delete intent.current[gridId];
        return null;
      } finally {
        if (seq.current[gridId] === n) delete solve.pending[gridId];
      }
    },
    [id],
  );

  const latest = () => (grid ? (intent.current[grid.id] ?? { marked: stored, flagged: Boolean(answer?.flagged) }) : null);

  const onToggle = (letter: OptionLetter) => {
    if (!grid || locked) return;
    if (tutor) {
      solve.draft[grid.id] = toggleOption(grid.type, selected, letter);
      return;
    }
    const now = latest()!;
    void commit(grid.id, toggleOption(grid.type, now.marked, letter), now.flagged);
  };

  const confirmTutor = async () => {
    if (!grid || !draft?.length) return;
    const saved = await commit(grid.id, [...draft], latest()!.flagged);
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
    const now = latest()!;
    void commit(grid.id, now.marked, !now.flagged);
  };

  const go = (i: number) => {
    if (i < 0 || i >= total) return;
    goTo(i, total);
    setSheet(false);
    mainRef.current?.focus();
    // Remembered on the device so resuming opens this grid (not synced: where one is, is per device).
    void db.tests.update(id, { last_index: i }).catch(() => undefined);
  };

  const onStrike = (letter: OptionLetter) => {
    if (grid && grid.options[letter] !== undefined) void toggleStrike(id, grid.id, letter).catch(() => undefined);
  };

  const goNextUnanswered = () => {
    const n = nextUnanswered(
      cells.map((c) => c.answered),
      index,
    );
    if (n >= 0) go(n);
  };

  useSolveKeys((a: KeyAction) => {
    if (!grid || confirm) return false;
    switch (a.type) {
      case 'mark':
        if (grid.options[a.letter] === undefined) return false;
        onToggle(a.letter);
        return;
      case 'strike':
        onStrike(a.letter);
        return;
      case 'prev':
        go(index - 1);
        return;
      case 'next':
        go(index + 1);
        return;
      case 'flag':
        toggleFlag();
        return;
      case 'confirm':
        if (!tutor || locked || !draft?.length) return false;
        void confirmTutor();
        return;
      case 'help':
        setHelp((h) => !h);
        return;
      case 'close':
        if (!help) return false;
        setHelp(false);
        return;
    }
  });

  const finish = async (expired = false) => {
    if (busy) return;
    setBusy(true);
    try {
      await finishLocally(id, new Date(), expired);
      markAppUsed();
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

  if (loadError) return <SolveLoadError code={loadError} />;
  if (test === undefined || !grids || !answers || missing || !grid || resumedId !== id) return <SolveLoading />;
  if (test.status === 'abandoned') return <SolveAbandoned />;

  return (
    <section className="solve" aria-labelledby="solve-title">
      <header className="solve__bar">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void leave()}>
          ← Ieși
        </button>
        <p className="solve__progress" aria-live="polite">
          {answeredCount}/{total} răspunse
          {test.source === 'offline' || !online ? <span className="pill pill--offline">offline</span> : null}
          <PendingPill testId={id} />
        </p>
        <ShortcutsButton open={help} onToggle={() => setHelp((h) => !h)} />
        {test.time_limit_s ? <Timer test={test} onExpire={() => void finish(true)} /> : null}
      </header>
      <SyncStatus testId={id} compact />
      <ShortcutsHelp open={help} onClose={() => setHelp(false)} />

      <div className="solve__layout">
        <div className="solve__main">
          <QuestionCard
            grid={grid}
            index={index}
            total={total}
            tutor={tutor}
            locked={locked}
            busy={busy}
            selected={selected}
            canConfirm={Boolean(draft?.length) && !pending}
            saving={Boolean(pending)}
            saved={Boolean(snap.saved[grid.id])}
            error={snap.error}
            reveal={reveal}
            stored={stored}
            struck={struck}
            flagged={Boolean(answer?.flagged)}
            headingRef={mainRef}
            onToggle={onToggle}
            onStrike={onStrike}
            onConfirm={() => void confirmTutor()}
            onFlag={toggleFlag}
            onPrev={() => go(index - 1)}
            onNext={() => go(index + 1)}
            onFinish={() => setConfirm('finish')}
          />
        </div>
        <aside className="solve__side">
          <Overview cells={cells} onSelect={go} />
          <SideActions allAnswered={answeredCount === total} onNextUnanswered={goNextUnanswered} onFinish={() => setConfirm('finish')} onAbandon={() => setConfirm('abandon')} />
        </aside>
      </div>

      <SolveBottomBar
        answered={answeredCount}
        total={total}
        isFirst={index === 0}
        isLast={index === total - 1}
        flagged={Boolean(answer?.flagged)}
        onPrev={() => go(index - 1)}
        onNext={() => go(index + 1)}
        onFlag={toggleFlag}
        onFinish={() => setConfirm('finish')}
        onOverview={() => setSheet(true)}
      />
      <Modal open={sheet} onClose={() => setSheet(false)} title={`Toate grilele · ${answeredCount}/${total} răspunse`} className="modal--sheet">
        <Overview cells={cells} onSelect={go} label="Toate grilele testului (foaie)" />
        <SideActions
          allAnswered={answeredCount === total}
          onNextUnanswered={goNextUnanswered}
          onFinish={() => {
            setSheet(false);
            setConfirm('finish');
          }}
          onAbandon={() => {
            setSheet(false);
            setConfirm('abandon');
          }}
        />
      </Modal>

      <ConfirmDialog
        kind={confirm}
        busy={busy}
        answered={answeredCount}
        total={total}
        onCancel={() => setConfirm(null)}
        onFinish={() => void finish(false)}
        onAbandon={() => void abandon()}
      />
    </section>
  );
}

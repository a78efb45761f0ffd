// /teste/:id — solving, local-first: the test, its grids and answers come from IndexedDB (live,
// solve/useSolveData.ts); every change is committed there first (solve/useAnswerWriter.ts) and
// only then shown as saved; the outbox sends it to the server (debounced) when online. The navbar
// is hidden (route noNavbar). Keyboard (A–E/1–5, arrows or J/K, F, Enter, ?, solve/key-handler.ts),
// strike-outs, a note, favourite and report per grid; on phones a bottom bar with previous / flag /
// next and the overview as a sheet.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../offline/db.ts';
import { formatClock, remainingSeconds, type TimedTest } from '../../offline/timer.ts';
import { toggleStrike } from '../../offline/grid-actions.ts';
import { SyncStatus } from '../../components/sync/SyncStatus.tsx';
import { solve, toggleOption, goTo, nextUnanswered, type Cell } from '../../state/solve.ts';
import { app } from '../../state/app.ts';
import type { OptionLetter } from '../../shared/constants.ts';
import { Overview } from '../../components/practice/Overview.tsx';
import { QuestionCard } from '../../components/practice/QuestionCard.tsx';
import { ShortcutsHelp } from '../../components/practice/ShortcutsHelp.tsx';
import { SolveBottomBar } from '../../components/practice/SolveBottomBar.tsx';
import { SolveHeader } from '../../components/practice/SolveHeader.tsx';
import { OverviewSheet } from '../../components/practice/OverviewSheet.tsx';
import { ConfirmDialog, SideActions, SolveAbandoned, SolveLoadError, SolveLoading } from '../../components/practice/SolveParts.tsx';
import { useSolveKeys } from '../../components/practice/useSolveKeys.ts';
import { useSolveData } from './solve/useSolveData.ts';
import { useAnswerWriter } from './solve/useAnswerWriter.ts';
import { useTestEnd } from './solve/useTestEnd.ts';
import { handleSolveKey } from './solve/key-handler.ts';
import { useIsNarrow } from '../../shell/useIsNarrow.ts';
import { measuredFromServer, revealFromServer } from './solve/tutor-reveal.ts';
import '../../styles/tests.css';

/** What is left of a timed test, as the timer shows it (null when untimed). */
function leftClock(test: TimedTest): string | null {
  const left = remainingSeconds(test);
  return left === null ? null : formatClock(left);
}

export default function Solve() {
  const { id = '' } = useParams();
  const snap = useSnapshot(solve);
  const { online } = useSnapshot(app);
  const { test, list, byGrid, loadError, loading } = useSolveData(id);
  const { commit, latest } = useAnswerWriter(id);
  const { confirm, setConfirm, busy, finish, abandon, leave } = useTestEnd(id);
  const [help, setHelp] = useState(false);
  const [sheet, setSheet] = useState(false);
  const mainRef = useRef<HTMLHeadingElement>(null);
  const narrow = useIsNarrow();

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
  // With the key on the device the reveal is immediate; the measured share still comes from the server.
  const reveal = grid && locked ? (grid.correct ? { correct: grid.correct, explanation: grid.explanation, explanation_photo: grid.explanation_photo, measured: snap.revealed[grid.id]?.measured } : snap.revealed[grid.id]) : undefined;

  // The same cells (and below, the same `go`) while no answer, flag or move changed them, so the
  // memoized overview skips a tap's first render (issue 24 §2).
  const cells: Cell[] = useMemo(
    () =>
      list.map((g, i) => {
        const a = byGrid.get(g.id);
        return { position: i + 1, gridId: g.id, answered: Boolean(a?.marked.length), flagged: Boolean(a?.flagged), current: i === index };
      }),
    [list, byGrid, index],
  );
  const answeredCount = cells.filter((c) => c.answered).length;
  const struck = useLiveQuery(async () => (grid ? ((await db.strikes.get([id, grid.id]))?.letters ?? []) : []), [id, grid?.id]) ?? [];

  const now = () => latest(grid!.id, { marked: stored, flagged: Boolean(answer?.flagged) });

  const onToggle = (letter: OptionLetter) => {
    if (!grid || locked) return;
    if (tutor) {
      solve.draft[grid.id] = toggleOption(grid.type, selected, letter);
      return;
    }
    const cur = now();
    void commit(grid.id, toggleOption(grid.type, cur.marked, letter), cur.flagged);
  };

  const confirmTutor = async () => {
    if (!grid || !draft?.length) return;
    const saved = await commit(grid.id, [...draft], now().flagged);
    if (!saved) return;
    delete solve.draft[grid.id];
    if (!navigator.onLine) return;
    if (grid.correct) await measuredFromServer(id, grid, saved);
    else await revealFromServer(id, grid, saved);
  };

  const toggleFlag = () => {
    if (!grid) return;
    const cur = now();
    void commit(grid.id, cur.marked, !cur.flagged);
  };

  const goLatest = useRef<(i: number) => void>(() => undefined);
  const go = useCallback((i: number) => goLatest.current(i), []);
  goLatest.current = (i: number) => {
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

  useSolveKeys((a) =>
    handleSolveKey(a, {
      active: Boolean(grid) && !confirm,
      hasOption: (letter) => grid?.options[letter] !== undefined,
      canConfirm: tutor && !locked && Boolean(draft?.length),
      helpOpen: help,
      mark: onToggle,
      strike: onStrike,
      prev: () => go(index - 1),
      next: () => go(index + 1),
      flag: toggleFlag,
      confirm: () => void confirmTutor(),
      toggleHelp: () => setHelp((h) => !h),
      closeHelp: () => setHelp(false),
    }),
  );

  if (loadError) return <SolveLoadError code={loadError} />;
  if (loading || !test || !grid) return <SolveLoading />;
  if (test.status === 'abandoned') return <SolveAbandoned />;

  return (
    <section className="solve" aria-labelledby="solve-title">
      <SolveHeader
        test={test}
        online={online}
        answered={answeredCount}
        total={total}
        helpOpen={help}
        onLeave={() => (test.time_limit_s ? setConfirm('leave') : void leave())}
        onToggleHelp={() => setHelp((h) => !h)}
        onExpire={() => void finish(true)}
      />
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
        {/* On a phone the overview lives in the sheet; the side column is not rendered at all. */}
        {narrow ? null : (
          <aside className="solve__side">
            <Overview cells={cells} onSelect={go} />
            <SideActions allAnswered={answeredCount === total} onNextUnanswered={goNextUnanswered} onFinish={() => setConfirm('finish')} onAbandon={() => setConfirm('abandon')} />
          </aside>
        )}
      </div>

      {/* Below the question, never above it: when it appears, nothing under the finger moves (issue 32 §5). */}
      <SyncStatus testId={id} compact />

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
      <OverviewSheet
        open={sheet}
        cells={cells}
        answered={answeredCount}
        total={total}
        onClose={() => setSheet(false)}
        onSelect={go}
        onNextUnanswered={goNextUnanswered}
        onFinish={() => setConfirm('finish')}
        onAbandon={() => setConfirm('abandon')}
      />

      <ConfirmDialog
        kind={confirm}
        busy={busy}
        answered={answeredCount}
        total={total}
        onCancel={() => setConfirm(null)}
        flagged={cells.filter((c) => c.flagged).length}
        clock={leftClock(test)}
        onFinish={() => void finish(false)}
        onAbandon={() => void abandon()}
        onLeave={() => void leave()}
      />
    </section>
  );
}

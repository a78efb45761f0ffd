// From the results: "Reia grilele greșite" and "Reia grilele marcate" in one click (issue 11 §5).
// The counts on the buttons are exactly the grids the new test will hold.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { createRetest, type RetestSource } from '../../offline/retest.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import type { GridOutcome } from '../../shared/scoring.ts';

export type RetestRow = { grid_id: number; outcome: GridOutcome | null; flagged?: boolean };

/** Wrong means answered and not fully right (wrong or partial); flagged means marked during the test. */
export function retestIds(rows: readonly RetestRow[]): { wrong: number[]; flagged: number[] } {
  return {
    wrong: rows.filter((r) => r.outcome === 'wrong' || r.outcome === 'partial').map((r) => r.grid_id),
    flagged: rows.filter((r) => r.flagged).map((r) => r.grid_id),
  };
}

export function RetestActions({ source, rows }: { source: RetestSource; rows: readonly RetestRow[] }) {
  const navigate = useNavigate();
  const { product } = useSnapshot(app);
  const [busy, setBusy] = useState<null | 'wrong' | 'flagged'>(null);
  const [error, setError] = useState<string | null>(null);
  const { wrong, flagged } = retestIds(rows);
  // Partly right grids are retaken too: the label says so, or its count would not match "Greșite".
  const partial = rows.some((r) => r.outcome === 'partial');
  if (!wrong.length && !flagged.length) return null;
  const start = async (which: 'wrong' | 'flagged') => {
    if (busy) return;
    setBusy(which);
    setError(null);
    try {
      const id = await createRetest(source, which === 'wrong' ? wrong : flagged);
      showToast('TEST_CREATED');
      navigate(`/teste/${id}`);
    } catch (err) {
      setError(err instanceof Error && /^[A-Z_]+$/.test(err.message) ? err.message : errorCode(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="retest" role="group" aria-label="Reia grile din acest test">
      {wrong.length ? (
        <button type="button" className="btn btn--primary" disabled={busy !== null} onClick={() => void start('wrong')}>
          {busy === 'wrong' ? 'Se creează…' : `${partial ? 'Reia grilele greșite și parțiale' : 'Reia grilele greșite'} (${wrong.length})`}
        </button>
      ) : null}
      {flagged.length ? (
        <button type="button" className="btn btn--ghost" disabled={busy !== null} onClick={() => void start('flagged')}>
          {busy === 'flagged' ? 'Se creează…' : `Reia grilele marcate (${flagged.length})`}
        </button>
      ) : null}
      {error ? (
        <p role="alert" className="form-errors">
          {messageFor(error, product)}
        </p>
      ) : null}
    </div>
  );
}

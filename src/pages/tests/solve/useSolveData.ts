// The solve screen's data, local-first: the test, its grids and answers live from IndexedDB; a test
// not on this device yet (opened from the history on another device, a weak or review test) is
// fetched and stored; a finished test goes to its results; resuming opens the last viewed grid.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type LocalGrid } from '../../../offline/db.ts';
import { storeServerTest } from '../../../offline/local-tests.ts';
import { handedOver, releaseHandOver } from '../../../offline/handover.ts';
import { startSync } from '../../../offline/sync.ts';
import { currentOwner, foreignTo } from '../../../offline/owner.ts';
import { fetchTest } from '../../../api/practice.ts';
import { goTo, resetSolve, resumeIndex } from '../../../state/solve.ts';
import { solveErrorCode } from './error-code.ts';

export function useSolveData(id: string) {
  const navigate = useNavigate();
  // A test just made on this device comes with its grids (handover.ts): the first grid paints
  // without waiting for the live queries, which then take over with the same rows.
  const given = useMemo(() => handedOver(id), [id]);
  useEffect(() => () => releaseHandOver(id), [id]);
  // Another account's test on this device is not this account's to see or answer.
  const test = useLiveQuery(
    async () => {
      const t = await db.tests.get(id);
      return t && !foreignTo(t, currentOwner()) ? t : null;
    },
    [id],
    given?.test,
  );
  const gridKey = test ? test.grid_ids.join(',') : '';
  const grids = useLiveQuery(async () => (test ? await db.grids.bulkGet(test.grid_ids) : []), [gridKey], given?.grids as (LocalGrid | undefined)[] | undefined);
  // A test just made has no answers yet.
  const answers = useLiveQuery(() => db.answers.where('test_id').equals(id).toArray(), [id], given ? [] : undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const [resumedId, setResumedId] = useState<string | null>(null);

  useEffect(() => {
    resetSolve(id);
    startSync();
  }, [id]);

  const missing = test === null || (test && grids && grids.some((g) => !g));
  useEffect(() => {
    if (!missing || fetching || loadError) return;
    if (!navigator.onLine) {
      setLoadError('FORM_NETWORK_REQUIRED');
      return;
    }
    setFetching(true);
    fetchTest(id)
      .then((detail) => storeServerTest(detail))
      .catch((err) => setLoadError(solveErrorCode(err)))
      .finally(() => setFetching(false));
  }, [missing, fetching, loadError, id, test]);

  useEffect(() => {
    if (test?.status === 'finished') navigate(`/teste/${id}/rezultate`, { replace: true });
  }, [test?.status, id, navigate]);

  const byGrid = useMemo(() => new Map((answers ?? []).map((a) => [a.grid_id, a])), [answers]);
  const list = useMemo(() => (grids ?? []).filter((g): g is LocalGrid => !!g), [grids]);

  // Resume (issue 11 §4.3): once the test and its answers are read, open the last viewed grid, else the first unanswered.
  const ready = Boolean(test && answers && list.length && list.length === test.grid_ids.length);
  useEffect(() => {
    if (!ready || resumedId === id || !test || !answers) return;
    const done = new Set(answers.filter((a) => a.marked.length).map((a) => a.grid_id));
    goTo(resumeIndex(test.grid_ids.map((g) => done.has(g)), test.last_index), test.grid_ids.length);
    setResumedId(id);
  }, [ready, resumedId, id, test, answers]);

  /** Still reading, fetching or resuming: nothing to show yet. */
  const loading = test === undefined || !grids || !answers || Boolean(missing) || resumedId !== id;
  return { test, list, byGrid, loadError, loading };
}

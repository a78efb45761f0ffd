// Ending the solve screen: finish (by the candidate or when the timer runs out), abandon, or leave
// to come back later. Each step is stored on the device first, then synced.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { abandonLocally, finishLocally, storeRemaining } from '../../../offline/local-tests.ts';
import { trySync } from '../../../offline/sync.ts';
import { solve } from '../../../state/solve.ts';
import { showToast } from '../../../state/toast.ts';
import { markAppUsed } from '../../../state/app-usage.ts';
import { solveErrorCode } from './error-code.ts';
import { warmPage } from '../../../router/pages.tsx';
import { whenIdle } from '../../../shell/when-idle.ts';

export type ConfirmKind = null | 'finish' | 'abandon' | 'leave';

export function useTestEnd(id: string) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<ConfirmKind>(null);
  const [busy, setBusy] = useState(false);
  // The results are where a finish leads, also with the network gone mid-test.
  useEffect(() => whenIdle(() => warmPage('tests/Results')), []);

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
      solve.error = solveErrorCode(err);
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
      solve.error = solveErrorCode(err);
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

  return { confirm, setConfirm, busy, finish, abandon, leave };
}

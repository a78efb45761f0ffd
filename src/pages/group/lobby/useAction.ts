// One button action of the group page: runs the call, shows the success code as a toast, keeps
// the error code for the page to show, and re-reads the state either way.
import { useState } from 'react';
import { ApiError } from '../../../api/errors.ts';
import { showToast } from '../../../state/toast.ts';
import type { Code } from '../../../shared/codes.ts';

export function useAction(reload: () => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(call: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const r = (await call()) as { success?: string } | undefined;
      if (r?.success) showToast(r.success as Code);
    } catch (err) {
      setError(err instanceof ApiError ? (err.code ?? 'FORM_AN_ERROR_HAS_OCCURRED') : 'FORM_AN_ERROR_HAS_OCCURRED');
    } finally {
      setBusy(false);
      await reload();
    }
  }
  return { run, error, busy, clearError: () => setError(null) };
}

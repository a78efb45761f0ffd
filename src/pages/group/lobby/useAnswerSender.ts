// Sends my answer to the open grid and, when the network is down, keeps trying with the same id
// (on 'online' and every RETRY_MS) while the grid is still the open one. The server accepts what it
// receives before the grid closes plus GROUP_ANSWER_GRACE_MS and answers a repeated id as the same
// answer, so a short drop loses nothing and nothing counts twice. A refusal (the grid closed, the
// member was kicked) ends the attempt and is shown.
import { useEffect, useRef, useState } from 'react';
import { answerGrid } from '../../../api/groups.ts';
import { ApiError } from '../../../api/errors.ts';

const RETRY_MS = 1500;
type Pending = { position: number; id: string; marked: string[] };

export function useAnswerSender(hash: string, openPosition: number | null, reload: () => Promise<void>) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function attempt(p: Pending): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await answerGrid(hash, p.position, p.id, p.marked);
      setPending(null);
      setError(null);
      await reload();
    } catch (err) {
      // No answer at all (offline, timeout): keep it and try again; any answer from the server ends it.
      if (err instanceof ApiError && err.status === null) setPending(p);
      else {
        setPending(null);
        setError(err instanceof ApiError ? err.code : 'FORM_AN_ERROR_HAS_OCCURRED');
        await reload();
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  useEffect(() => {
    if (!pending) return;
    // The grid moved on while we were offline: the server decided without this answer.
    if (pending.position !== openPosition) return setPending(null);
    const again = () => void attempt(pending);
    const t = setInterval(again, RETRY_MS);
    window.addEventListener('online', again);
    return () => {
      clearInterval(t);
      window.removeEventListener('online', again);
    };
  }, [pending, openPosition]); // eslint-disable-line react-hooks/exhaustive-deps

  const send = (p: Pending) => {
    setError(null);
    void attempt(p);
  };
  return { send, pending, error, busy };
}

// Sends my answers of a group test. Each answer is first written to IndexedDB
// (src/offline/group-pending.ts) with its uuid, so a network drop, a reload while offline or a
// closed tab loses nothing: it goes out on 'online', on focus, on a realtime reconnect, after
// every successful state load, and every RETRY_MS while one waits. The server accepts what it
// receives before the grid closes plus GROUP_ANSWER_GRACE_MS and answers a repeated uuid as the
// same answer, so nothing counts twice. Its refusal ends the wait: "the grid had closed" is told
// with the grid's number (not the next grid's timer), any other refusal as its code.
// Lives in Lobby.tsx (not the solving view) so it also resolves after a reload on the error
// screen or when the group ended meanwhile.
import { useCallback, useEffect, useRef, useState } from 'react';
import { answerGrid } from '../../../api/groups.ts';
import { ApiError } from '../../../api/errors.ts';
import type { GroupState } from '../../../shared/group-payloads.ts';
import { flushPending, pendingOf, savePending, type PendingGroupAnswer, type PendingOutcome } from '../../../offline/group-pending.ts';
import { currentOwner } from '../../../offline/owner.ts';
import { onRealtimeReconnect } from '../../../realtime/on-reconnect.ts';

const RETRY_MS = 1500;

/** An answer the server refused because its grid had closed before it arrived. */
export type ClosedAnswer = { position: number; marked: string[] };

export type AnswerSender = {
  send: (a: { grid_id: number; position: number; marked: string[] }) => void;
  /** Answers given here that the server has not acknowledged yet (one per grid). */
  pending: PendingGroupAnswer[];
  error: string | null;
  closed: ClosedAnswer | null;
  dismissClosed: () => void;
  busy: boolean;
};

export function useAnswerSender(hash: string | undefined, state: GroupState | null, reload: () => Promise<void>): AnswerSender {
  const [pending, setPending] = useState<PendingGroupAnswer[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [closed, setClosed] = useState<ClosedAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  const refresh = useCallback(async () => {
    if (!hash) return;
    setPending(await pendingOf(currentOwner(), hash));
  }, [hash]);

  const flush = useCallback(async () => {
    if (!hash) return;
    let outcomes: PendingOutcome[];
    try {
      outcomes = await flushPending(hash, answerGrid);
    } catch {
      // IndexedDB unavailable (private mode quirks): nothing was decided; the next trigger tries again.
      outcomes = [];
    }
    await refresh();
    if (!outcomes.some((o) => o.kind !== 'kept')) return;
    for (const o of outcomes) {
      if (o.kind === 'closed') setClosed({ position: o.answer.position, marked: o.answer.marked });
      if (o.kind === 'refused') setError(o.code);
      if (o.kind === 'accepted') setError(null);
    }
    await reloadRef.current();
  }, [hash, refresh]);

  // What waits from before a reload shows at once (and is sent by the state-load trigger below).
  useEffect(() => void refresh(), [refresh]);

  // After every successful state load (the state object changes only then).
  const loaded = state !== null;
  useEffect(() => {
    if (loaded) void flush();
  }, [state, loaded, flush]);

  // The events that usually mean the network is back, and a slow retry while something waits.
  const waiting = pending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const again = () => void flush();
    const t = setInterval(again, RETRY_MS);
    window.addEventListener('online', again);
    window.addEventListener('focus', again);
    const off = onRealtimeReconnect(again);
    return () => {
      clearInterval(t);
      window.removeEventListener('online', again);
      window.removeEventListener('focus', again);
      off();
    };
  }, [waiting, flush]);

  // IndexedDB refused to keep it (storage blocked or full): one plain attempt, as before the store.
  const direct = async (h: string, a: { position: number; id: string; marked: string[] }) => {
    try {
      await answerGrid(h, a.position, a.id, a.marked);
    } catch (err) {
      setError(err instanceof ApiError ? err.code : 'FORM_AN_ERROR_HAS_OCCURRED');
    }
    await reloadRef.current();
  };

  const send = (a: { grid_id: number; position: number; marked: string[] }) => {
    const owner = currentOwner();
    if (!hash || owner === null) return;
    setError(null);
    setBusy(true);
    // The same grid answered again from this device (a double tap): keep the first uuid.
    const same = pending.find((p) => p.grid_id === a.grid_id);
    const id = same?.id ?? crypto.randomUUID();
    void savePending(owner, hash, { ...a, id })
      .then(refresh)
      .then(flush, () => direct(hash, { ...a, id }))
      .finally(() => setBusy(false));
  };

  return { send, pending, error, closed, dismissClosed: () => setClosed(null), busy };
}

// /grup/:hash — one page for the whole life of a group test (navbar hidden, SPEC §2): the waiting
// room, the solving view and the results. The server's state (GET) is the only truth: it is read
// on arrival, on every group event, when the grid's timer runs out and every few seconds while
// running, so a reload, a network drop or another device lands exactly where the member was.
// A load that got no answer (offline) is retried by itself; my answers given offline wait in
// IndexedDB (useAnswerSender) until the server decides on them.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { fetchGroup } from '../../api/groups.ts';
import { ApiError } from '../../api/errors.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import type { GroupEvent, GroupState } from '../../shared/group-payloads.ts';
import { useGroupChannel } from '../../realtime/group-channel.ts';
import { clockSample, keepSample, type ClockSample } from '../../shared/server-clock.ts';
import { WaitingRoom } from './lobby/WaitingRoom.tsx';
import { Solving } from './lobby/Solving.tsx';
import { GroupResultsView } from './lobby/Results.tsx';
import { useAnswerSender } from './lobby/useAnswerSender.ts';
import { ClosedAnswerNotice } from './lobby/ClosedAnswerNotice.tsx';
import '../../styles/tests.css';
import '../../styles/group.css';

/** While running, re-read at least this often (a lost event or a sleeping tab). */
const POLL_MS = 5000;
/** A load that got no reply at all is tried again this often (and on 'online' or focus). */
const RETRY_MS = 3000;

export default function GroupLobby() {
  const { hash } = useParams();
  const [state, setState] = useState<GroupState | null>(null);
  const [received, setReceived] = useState(0);
  // The server's clock as measured on this page's reads (every member counts down to the same instant).
  const [clock, setClock] = useState<ClockSample | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [transient, setTransient] = useState(false);

  const reload = useCallback(async () => {
    if (!hash) return;
    try {
      const sent = performance.now();
      const s = await fetchGroup(hash);
      const got = performance.now();
      setClock((c) => keepSample(c, clockSample(sent, got, s.server_now)));
      setState(s);
      setReceived(got);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? (err.code ?? 'FORM_AN_ERROR_HAS_OCCURRED') : 'FORM_AN_ERROR_HAS_OCCURRED');
      // No reply, or the server is busy: the same request will work later. A 4xx is the answer.
      setTransient(!(err instanceof ApiError) || err.status === null || err.status === 429 || err.status >= 500);
    }
  }, [hash]);
  const answer = useAnswerSender(hash, state, reload);

  useEffect(() => {
    void reload();
  }, [reload]);
  const present = useGroupChannel(hash, (_e: GroupEvent) => void reload());
  // Events sent before the channel was joined never arrive: read again once it is (and after a rejoin).
  const listening = state !== null && present.has(state.me.user_id);
  useEffect(() => {
    if (listening) void reload();
  }, [listening, reload]);
  const running = state?.status === 'running';
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => void reload(), POLL_MS);
    const back = () => document.visibilityState === 'visible' && void reload();
    document.addEventListener('visibilitychange', back);
    window.addEventListener('online', back);
    return () => {
      clearInterval(t);
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('online', back);
    };
  }, [running, reload]);
  const retrying = error !== null && transient;
  useEffect(() => {
    if (!retrying) return;
    const again = () => void reload();
    const t = setInterval(again, RETRY_MS);
    window.addEventListener('online', again);
    window.addEventListener('focus', again);
    return () => {
      clearInterval(t);
      window.removeEventListener('online', again);
      window.removeEventListener('focus', again);
    };
  }, [retrying, reload]);

  if (error && (!state || error === 'FORM_GROUP_KICKED_OUT'))
    return (
      <section className="page page--narrow group-page" aria-labelledby="group-title">
        <h1 id="group-title">Test de grup</h1>
        <p className="notice notice--error" role="alert">
          {messageFor(error)}
          {retrying ? ' Reîncercăm singuri când revine conexiunea.' : ''}
        </p>
        {answer.pending.length ? (
          <p className="notice notice--offline" role="status" data-testid="group-pending">
            Răspunsul tău la grila {answer.pending[0]!.position} ({answer.pending[0]!.marked.join(', ')}) e păstrat pe acest dispozitiv și se
            trimite singur când revine rețeaua.
          </p>
        ) : null}
        <div className="form-actions">
          {retrying ? (
            <button type="button" className="btn btn--primary" onClick={() => void reload()}>
              Reîncearcă acum
            </button>
          ) : null}
          <Link to="/grup/start" className={`btn ${retrying ? 'btn--ghost' : 'btn--primary'}`}>
            Începe un test de grup
          </Link>
          <Link to="/grup/istoric" className="btn btn--ghost">
            Istoric
          </Link>
        </div>
      </section>
    );
  if (!state) return <p className="page muted">Se încarcă testul de grup…</p>;
  const closed = answer.closed ? <ClosedAnswerNotice closed={answer.closed} onDismiss={answer.dismissClosed} /> : null;
  if (state.status === 'lobby') return <WaitingRoom state={state} present={present} reload={reload} />;
  if (state.status === 'running')
    return <Solving state={state} receivedAt={received} clock={clock} present={present} reload={reload} answer={answer} notice={closed} />;
  return (
    <>
      {closed}
      <GroupResultsView state={state} />
    </>
  );
}

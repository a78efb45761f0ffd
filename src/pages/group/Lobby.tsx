// /grup/:hash — one page for the whole life of a group test (navbar hidden, SPEC §2): the waiting
// room, the solving view and the results. The server's state (GET) is the only truth: it is read
// on arrival, on every group event, when the grid's timer runs out and every few seconds while
// running, so a reload, a network drop or another device lands exactly where the member was.
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
import '../../styles/tests.css';
import '../../styles/group.css';

/** While running, re-read at least this often (a lost event or a sleeping tab). */
const POLL_MS = 5000;

export default function GroupLobby() {
  const { hash } = useParams();
  const [state, setState] = useState<GroupState | null>(null);
  const [received, setReceived] = useState(0);
  // The server's clock as measured on this page's reads (every member counts down to the same instant).
  const [clock, setClock] = useState<ClockSample | null>(null);
  const [error, setError] = useState<string | null>(null);

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
    }
  }, [hash]);

  useEffect(() => {
    void reload();
  }, [reload]);
  const present = useGroupChannel(hash, (_e: GroupEvent) => void reload());
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

  if (error && (!state || error === 'FORM_GROUP_KICKED_OUT'))
    return (
      <section className="page page--narrow group-page" aria-labelledby="group-title">
        <h1 id="group-title">Test de grup</h1>
        <p className="notice notice--error" role="alert">
          {messageFor(error)}
        </p>
        <div className="form-actions">
          <Link to="/grup/start" className="btn btn--primary">
            Începe un test de grup
          </Link>
          <Link to="/grup/istoric" className="btn btn--ghost">
            Istoric
          </Link>
        </div>
      </section>
    );
  if (!state) return <p className="page muted">Se încarcă testul de grup…</p>;
  if (state.status === 'lobby') return <WaitingRoom state={state} present={present} reload={reload} />;
  if (state.status === 'running') return <Solving state={state} receivedAt={received} clock={clock} present={present} reload={reload} />;
  return <GroupResultsView state={state} />;
}

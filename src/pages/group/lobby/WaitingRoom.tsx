// The waiting room: the invitation code to share, who is invited and who is in (presence), ready
// marks; the creator starts (at least 2 in, the server checks), kicks, hands the role on, stops
// (those three and leaving after a confirmation). Says what the test covers before anyone joins.
import { useEffect } from 'react';
import { Link } from '../../../router/Link.tsx';
import type { GroupState } from '../../../shared/group-payloads.ts';
import { joinGroup, kickMember, leaveGroup, makeCreator, setReady, startGroup, stopGroup } from '../../../api/groups.ts';
import { FormErrors } from '../../../shell/form/index.ts';
import { Members } from './Members.tsx';
import { useAction } from './useAction.ts';
import { InviteFriends } from './InviteFriends.tsx';
import { useConfirm } from './useConfirm.tsx';
import { askCreator, askKick, askLeave, askStop } from './asks.ts';
import { SourceLine } from './SourceLine.tsx';
import { copyText } from '../../../shell/copy-text.ts';

type Props = { state: GroupState; present: Set<number>; reload: () => Promise<void> };

export function WaitingRoom({ state, present, reload }: Props) {
  const { run, error, busy, clearError } = useAction(reload);
  const { confirm, dialog } = useConfirm();
  const h = state.hash;
  const creator = state.creator_id === state.me.user_id;
  const joined = state.me.status === 'joined';
  const inCount = state.members.filter((m) => m.status === 'joined').length;
  const canStart = inCount >= 2;
  // An error about who is in (too few to start, a full group) is stale once the people change.
  const roster = state.members.map((m) => `${m.user_id}:${m.status}`).join(',');
  useEffect(() => clearError(), [roster]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section className="page page--narrow group-page" aria-labelledby="group-title">
      <header className="page-header group-header">
        <h1 id="group-title">Sala de așteptare</h1>
        <SourceLine state={state} />
        <p className="muted">
          {state.grid_count} grile · {state.seconds_per_grid} secunde pe grilă · pauză de {state.pause_seconds} s după fiecare · {inCount} în test
        </p>
      </header>
      <div className="card group-code-card">
        <span className="muted">Cod de invitație</span>
        <span className="group-code-card__row">
          <strong className="group-code-card__code" data-testid="group-code">
            {state.access_code}
          </strong>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void copyText(state.access_code)}>
            Copiază codul
          </button>
        </span>
        <span className="muted">Prietenii cu Premium intră cu el din „Începe un test de grup”.</span>
      </div>
      <div className="card">
        <h2 className="group-section-title">Participanți</h2>
        <Members
          state={state}
          present={present}
          onKick={(m) => confirm(askKick(m, () => void run(() => kickMember(h, m.user_id))))}
          onCreator={(m) => confirm(askCreator(m, () => void run(() => makeCreator(h, m.user_id))))}
        />
      </div>
      {creator ? <InviteFriends state={state} busy={busy} run={run} /> : null}
      <FormErrors codes={error ? [error] : []} />
      {/* One primary action; the way back and "ready" beside it; stopping and leaving apart. */}
      <div className="form-actions group-actions">
        {creator ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || !canStart}
            aria-describedby={canStart ? undefined : 'group-start-reason'}
            onClick={() => void run(() => startGroup(h))}
          >
            Pornește testul
          </button>
        ) : null}
        {!joined ? (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void run(() => joinGroup(h))}>
            Intră în test
          </button>
        ) : (
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void run(() => setReady(h, !state.me.ready))}>
            {state.me.ready ? 'Nu sunt gata' : 'Sunt gata'}
          </button>
        )}
        <Link to="/grup/istoric" className="btn btn--ghost">
          Înapoi
        </Link>
        {creator && !canStart ? (
          <p id="group-start-reason" className="muted group-wait" data-testid="group-start-reason">
            Poți porni testul când sunt cel puțin 2 participanți în el (acum {inCount === 1 ? 'ești doar tu' : inCount}).
          </p>
        ) : !creator ? (
          <p className="muted group-wait">Creatorul pornește testul când sunt cel puțin 2 participanți.</p>
        ) : null}
      </div>
      {creator || joined ? (
        <div className="group-actions group-actions--danger">
          {creator ? (
            <button type="button" className="btn btn--danger btn--small" disabled={busy} onClick={() => confirm(askStop(false, () => void run(() => stopGroup(h))))}>
              Oprește testul
            </button>
          ) : null}
          {joined ? (
            <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => confirm(askLeave(false, creator, () => void run(() => leaveGroup(h))))}>
              Părăsește
            </button>
          ) : null}
        </div>
      ) : null}
      {dialog}
    </section>
  );
}

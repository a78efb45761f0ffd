// The solving view: the same open grid for everyone, the server's timer, my answer (one per grid,
// kept across reloads: it comes back in the state), how many answered, the last closed grid's key
// and the standings after each grid. The creator can still kick and stop; anyone can leave
// (each after a confirmation).
import { useEffect, useState, type ReactNode } from 'react';
import type { GroupState } from '../../../shared/group-payloads.ts';
import { joinGroup, kickMember, leaveGroup, makeCreator, stopGroup } from '../../../api/groups.ts';
import { FormErrors } from '../../../shell/form/index.ts';
import { Members } from './Members.tsx';
import { Standings } from './Standings.tsx';
import { useAction } from './useAction.ts';
import { useCountdown } from './useCountdown.ts';
import type { AnswerSender } from './useAnswerSender.ts';
import { useConfirm } from './useConfirm.tsx';
import { askCreator, askKick, askLeave, askStop } from './asks.ts';
import { Pause } from './Pause.tsx';
import type { ClockSample } from '../../../shared/server-clock.ts';
import { GROUP_ANSWER_GRACE_MS } from '../../../shared/group-schema.ts';

type Props = {
  state: GroupState;
  receivedAt: number;
  clock: ClockSample | null;
  present: Set<number>;
  reload: () => Promise<void>;
  answer: AnswerSender;
  /** Shown above the grid (an earlier grid's answer that arrived too late). */
  notice?: ReactNode;
};

export function Solving({ state, receivedAt, clock, present, reload, answer, notice }: Props) {
  const { run, error, busy } = useAction(reload);
  const { confirm, dialog } = useConfirm();
  const grid = state.grid;
  const [marked, setMarked] = useState<string[]>([]);
  useEffect(() => setMarked(state.my_answer ?? []), [state.position]); // eslint-disable-line react-hooks/exhaustive-deps
  // To the grid's close by the server's clock; asked again once the receive grace is over.
  const ms = useCountdown(state.pause ? null : state.grid_closes_at, clock, () => void reload(), GROUP_ANSWER_GRACE_MS + 300, receivedAt);
  const seconds = Math.ceil(ms / 1000);
  const sent = state.my_answer !== null;
  const pending = answer.pending.find((p) => p.position === grid?.position && p.grid_id === grid?.id);
  const waiting = pending !== undefined;
  const shown = pending?.marked ?? marked;
  const joined = state.me.status === 'joined';
  const creator = state.creator_id === state.me.user_id;
  const last = state.closed[state.closed.length - 1];
  if (state.pause)
    return (
      <>
        {notice}
        <Pause state={state} clock={clock} stamp={receivedAt} reload={reload} />
      </>
    );
  if (!grid) return null;

  const toggle = (l: string) => {
    if (sent || waiting) return;
    if (grid.type === 'CS') setMarked([l]);
    else setMarked((m) => (m.includes(l) ? m.filter((x) => x !== l) : [...m, l]));
  };
  const submit = () => answer.send({ grid_id: grid.id, position: grid.position, marked });

  return (
    <section className="page group-page group-solve" aria-labelledby="group-grid-title">
      <header className="group-solve__bar">
        <span>
          Grila <strong data-testid="group-position">{grid.position}</strong> din {state.grid_count}
        </span>
        <span className={`group-timer${seconds <= 5 ? ' is-low' : ''}`} role="timer" aria-label="Timp rămas">
          {`${seconds} s`}
        </span>
        <span className="muted">
          {ms === 0 ? 'Timpul a expirat: se adună ultimele răspunsuri' : `${state.answered_count} din ${state.standings.length} au răspuns`}
        </span>
      </header>
      {notice}
      <div className="group-solve__body">
        <article className="card group-grid">
          <h1 id="group-grid-title" className="group-grid__statement">
            {grid.statement}
          </h1>
          <p className="muted">{grid.type === 'CS' ? 'Un singur răspuns corect.' : 'Unul sau mai multe răspunsuri corecte.'}</p>
          <div className="group-options" role="group" aria-label="Variante">
            {Object.entries(grid.options).map(([letter, text]) => (
              <button
                key={letter}
                type="button"
                className={`group-option${shown.includes(letter) ? ' is-marked' : ''}`}
                aria-pressed={shown.includes(letter)}
                disabled={sent || waiting || !joined}
                onClick={() => toggle(letter)}
              >
                <span className="group-option__letter">{letter}</span>
                <span>{text}</span>
              </button>
            ))}
          </div>
          <FormErrors codes={[error, answer.error].filter((c): c is string => c !== null)} />
          {sent ? (
            <p className="notice" role="status" data-testid="group-sent">
              Răspuns trimis: {state.my_answer!.join(', ') || '—'}. Grila se închide când răspund toți sau când expiră timpul.
            </p>
          ) : pending ? (
            <p className="notice notice--offline" role="status" data-testid="group-pending">
              Fără conexiune: răspunsul tău ({pending.marked.join(', ')}) e păstrat pe acest dispozitiv și se trimite singur când revine rețeaua. Contează dacă ajunge înainte
              de închiderea grilei.
            </p>
          ) : joined ? (
            <button type="button" className="btn btn--primary" disabled={busy || answer.busy || marked.length === 0} onClick={submit}>
              Trimite răspunsul
            </button>
          ) : state.me.status === 'left' ? (
            <p className="muted">
              Ai părăsit testul.{' '}
              <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void run(() => joinGroup(state.hash))}>
                Revino în test
              </button>
            </p>
          ) : (
            <p className="muted">Nu participi la acest test.</p>
          )}
        </article>
        <aside className="group-side">
          {last ? (
            <div className="card group-last" data-testid="group-last">
              <h2 className="group-section-title">Grila {last.position}</h2>
              <p>
                Corect: <strong>{last.correct.join(', ')}</strong> · tu: {last.marked?.join(', ') || 'fără răspuns'}
              </p>
            </div>
          ) : null}
          <div className="card">
            <h2 className="group-section-title">Clasament</h2>
            <Standings standings={state.standings} me={state.me.user_id} />
          </div>
          {creator ? (
            <div className="card">
              <h2 className="group-section-title">Participanți</h2>
              <Members
                state={state}
                present={present}
                onKick={(m) => confirm(askKick(m, () => void run(() => kickMember(state.hash, m.user_id))))}
                onCreator={(m) => confirm(askCreator(m, () => void run(() => makeCreator(state.hash, m.user_id))))}
              />
              <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => confirm(askStop(true, () => void run(() => stopGroup(state.hash))))}>
                Oprește testul
              </button>
            </div>
          ) : null}
          {joined ? (
            <button
              type="button"
              className="btn btn--ghost btn--small group-leave"
              disabled={busy}
              onClick={() => confirm(askLeave(true, creator, () => void run(() => leaveGroup(state.hash))))}
            >
              Părăsește testul
            </button>
          ) : null}
        </aside>
      </div>
      {dialog}
    </section>
  );
}

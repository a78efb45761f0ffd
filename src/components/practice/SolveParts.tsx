// Small pieces of the solve screen: the side actions (also in the phone's overview sheet), the
// tutor-mode reveal after a confirmed answer, the finish/abandon confirmation and the screens shown
// instead of the test (loading, error, abandoned).
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { Message } from '../Message.tsx';
import { Modal } from '../../shell/Modal.tsx';
import { grids as gridsText } from './format.ts';
import { measuredText } from './measured.ts';
import type { OptionLetter } from '../../shared/constants.ts';

export function SideActions({ allAnswered, onNextUnanswered, onFinish, onAbandon }: { allAnswered: boolean; onNextUnanswered: () => void; onFinish: () => void; onAbandon: () => void }) {
  return (
    <div className="solve__side-actions">
      <button type="button" className="btn btn--ghost btn--small" onClick={onNextUnanswered} disabled={allAnswered}>
        Următoarea fără răspuns
      </button>
      <button type="button" className="btn btn--primary btn--small" onClick={onFinish}>
        Termină testul
      </button>
      <button type="button" className="btn btn--ghost btn--small danger-text" onClick={onAbandon}>
        Abandonează
      </button>
    </div>
  );
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

type RevealView = { readonly correct: readonly string[]; readonly explanation: string | null; readonly explanation_photo: string | null; readonly measured?: { readonly share: number; readonly answers: number } | null };

export function TutorReveal({ stored, reveal }: { stored: readonly OptionLetter[]; reveal: RevealView | undefined }) {
  if (!reveal)
    return (
      <p className="muted" role="status">
        Răspunsul este salvat. Explicația apare când revii online.
      </p>
    );
  const right = sameSet(stored, reveal.correct);
  return (
    <div className={`explanation explanation--${right ? 'right' : 'wrong'}`} role="status">
      <h2>{right ? 'Corect!' : `Greșit. Răspuns corect: ${reveal.correct.join(', ')}`}</h2>
      {reveal.explanation ? <p>{reveal.explanation}</p> : null}
      {reveal.explanation_photo ? <img src={reveal.explanation_photo} alt="Imagine pentru explicație" loading="lazy" /> : null}
      {/* Only here, after the answer: shown before, the share would hint at the key. */}
      {reveal.measured ? <p className="explanation__measured muted">{measuredText(reveal.measured)}</p> : null}
    </div>
  );
}

export type ConfirmProps = {
  kind: null | 'finish' | 'abandon' | 'leave';
  busy: boolean;
  answered: number;
  total: number;
  /** Grids marked to look at again: the finish says so, they may deserve a last look. */
  flagged: number;
  /** Time left of a timed test ("1:02:05"), for the warning that leaving does not stop it. */
  clock: string | null;
  onCancel: () => void;
  onFinish: () => void;
  onAbandon: () => void;
  onLeave: () => void;
};

const TITLE = { finish: 'Termini testul?', abandon: 'Abandonezi testul?', leave: 'Ieși din test?' } as const;

export function ConfirmDialog({ kind, busy, answered, total, flagged, clock, onCancel, onFinish, onAbandon, onLeave }: ConfirmProps) {
  const left = total - answered;
  const primary =
    kind === 'abandon' ? (
      <button type="button" className="btn btn--primary" disabled={busy} onClick={onAbandon}>
        Da, abandonează
      </button>
    ) : kind === 'leave' ? (
      <button type="button" className="btn btn--primary" onClick={onLeave}>
        Ies, timpul curge
      </button>
    ) : (
      <button type="button" className="btn btn--primary" disabled={busy} onClick={onFinish}>
        Da, termină
      </button>
    );
  return (
    <Modal
      open={kind !== null}
      onClose={onCancel}
      title={TITLE[kind ?? 'finish']}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {kind === 'leave' ? 'Rămân în test' : 'Continuă testul'}
          </button>
          {primary}
        </>
      }
    >
      {kind === 'abandon' ? (
        <p>Testul nu va avea rezultat, dar răspunsurile date contează la recapitulare.</p>
      ) : kind === 'leave' ? (
        <p>
          Cronometrul nu se oprește: {clock ? `mai ai ${clock}, iar ` : ''}timpul curge și cât timp ești în altă parte. La final testul se
          predă singur, cu răspunsurile date până atunci. Poți reveni oricând din Teste.
        </p>
      ) : (
        <>
          <p>
            Ai răspuns la {answered} din {gridsText(total)}.{left > 0 ? ` ${gridsText(left)} ${left === 1 ? 'rămâne' : 'rămân'} fără răspuns.` : ''}
          </p>
          {flagged > 0 ? (
            <p>
              {flagged === 1 ? 'O grilă e marcată' : `${gridsText(flagged)} sunt marcate`} ca să te mai uiți la {flagged === 1 ? 'ea' : 'ele'}.
            </p>
          ) : null}
        </>
      )}
    </Modal>
  );
}

export function SolveLoadError({ code }: { code: string }) {
  const { product } = useSnapshot(app);
  return (
    <section className="page page--narrow solve">
      <h1>Test</h1>
      <p role="alert" className="form-errors">
        <Message code={code} product={product} />
      </p>
      <Link className="btn btn--primary" to="/teste">
        Înapoi la teste
      </Link>
    </section>
  );
}

export function SolveLoading() {
  return (
    <section className="page page--narrow solve" aria-busy="true">
      <p className="page-loading">Se încarcă testul…</p>
    </section>
  );
}

export function SolveAbandoned() {
  return (
    <section className="page page--narrow solve">
      <h1>Test abandonat</h1>
      <p>Acest test a fost abandonat și nu mai poate fi continuat.</p>
      <nav className="results__links" aria-label="Mai departe">
        <Link className="btn btn--primary" to="/teste/start">
          Test nou
        </Link>
        <Link className="btn btn--ghost" to="/teste/istoric">
          Istoric teste
        </Link>
        <Link className="btn btn--ghost" to="/teste">
          Înapoi la teste
        </Link>
      </nav>
    </section>
  );
}

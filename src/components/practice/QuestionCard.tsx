// The question card of the solve screen: statement, options (with strike-outs), save status,
// tutor confirmation and reveal, previous / flag / next, and the per-grid tools.
import type { RefObject } from 'react';
import { useSnapshot } from 'valtio';
import type { LocalGrid } from '../../offline/db.ts';
import type { OptionLetter } from '../../shared/constants.ts';
import { Message } from '../Message.tsx';
import { app } from '../../state/app.ts';
import { OptionList } from './OptionList.tsx';
import { GridTools } from './GridTools.tsx';
import { TutorReveal } from './SolveParts.tsx';

const TYPE_TEXT = { CS: 'Complement simplu', CM: 'Complement multiplu', CG: 'Complement grupat' } as const;

export type QuestionCardProps = {
  grid: LocalGrid;
  index: number;
  total: number;
  tutor: boolean;
  locked: boolean;
  busy: boolean;
  selected: readonly OptionLetter[];
  canConfirm: boolean;
  saving: boolean;
  saved: boolean;
  error: string | null;
  reveal: { readonly correct: readonly string[]; readonly explanation: string | null; readonly explanation_photo: string | null } | undefined;
  stored: readonly OptionLetter[];
  struck: readonly string[];
  flagged: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onToggle: (letter: OptionLetter) => void;
  onStrike: (letter: OptionLetter) => void;
  onConfirm: () => void;
  onFlag: () => void;
  onPrev: () => void;
  onNext: () => void;
  onFinish: () => void;
};

export function QuestionCard(p: QuestionCardProps) {
  const { product } = useSnapshot(app);
  const { grid, index, total, tutor, locked } = p;
  return (
    <article className="grid-card" aria-labelledby="solve-title" data-grid-id={grid.id}>
      <header className="grid-card__head">
        <h1 id="solve-title" ref={p.headingRef} tabIndex={-1}>
          Grila {index + 1} din {total}
        </h1>
        <span className="grid-card__type" title={TYPE_TEXT[grid.type]}>
          {grid.type} · {tutor ? 'mod tutor' : 'mod examen'}
        </span>
      </header>
      <p className="grid-card__statement">{grid.statement}</p>
      <OptionList
        gridId={grid.id}
        type={grid.type}
        options={grid.options}
        selected={p.selected}
        onToggle={p.onToggle}
        disabled={locked || p.busy}
        correct={p.reveal?.correct ?? null}
        struck={p.struck}
        onStrike={p.onStrike}
      />
      <div className="grid-card__status" aria-live="polite">
        {p.saving ? <span className="saving">Se salvează…</span> : p.saved ? <span className="saved">✓ Răspuns salvat</span> : null}
        {p.error ? (
          <span role="alert" className="form-errors">
            <Message code={p.error} product={product} />
          </span>
        ) : null}
      </div>
      {tutor && !locked ? (
        <button type="button" className="btn btn--primary" disabled={!p.canConfirm} onClick={p.onConfirm}>
          Confirmă răspunsul
        </button>
      ) : null}
      {tutor && locked ? <TutorReveal stored={p.stored} reveal={p.reveal} /> : null}
      <div className="grid-card__actions">
        <button type="button" className="btn btn--ghost" onClick={p.onPrev} disabled={index === 0}>
          ← Anterioara
        </button>
        <button type="button" className={`btn btn--ghost${p.flagged ? ' is-flagged' : ''}`} aria-pressed={p.flagged} onClick={p.onFlag}>
          {p.flagged ? '⚑ Marcată' : '⚐ Marchează'}
        </button>
        {index < total - 1 ? (
          <button type="button" className="btn btn--primary" onClick={p.onNext}>
            Următoarea →
          </button>
        ) : (
          <button type="button" className="btn btn--primary" onClick={p.onFinish}>
            Termină testul
          </button>
        )}
      </div>
      <GridTools key={grid.id} gridId={grid.id} label={`Grila ${index + 1}`} shareable={p.tutor} />
    </article>
  );
}

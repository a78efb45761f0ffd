// One grid: statement, options A–E, and (when known and allowed) the correct letters, the
// explanation and its photo. Premium grids without answers show a lock. Signed-in viewers get a
// favourite star (POST/DELETE /favorites) and "Raportează o greșeală" (modal, reason 5–5000).
import { useId, useState, type ReactNode } from 'react';
import { Link } from '../../router/Link.tsx';
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod';
import { OPTION_LETTERS } from '../../shared/constants.ts';
import { reportReason } from '../../shared/validation.ts';
import { addFavorite, removeFavorite } from '../../api/favorites.ts';
import { reportGrid } from '../../api/grids.ts';
import { ApiError, errorCode } from '../../api/errors.ts';
import { db } from '../../offline/db.ts';
import { showToast } from '../../state/toast.ts';
import { Modal } from '../../shell/Modal.tsx';
import { useForm, TextField, SubmitButton, FormErrors } from '../../shell/form/index.ts';
import '../../styles/content.css';

export type GridLike = {
  id: number;
  type: 'CS' | 'CM' | 'CG';
  statement: string;
  options: Record<string, string>;
  correct: readonly string[] | null;
  explanation: string | null;
  explanation_photo_url?: string | null;
  difficulty: 'easy' | 'hard';
  premium: boolean;
  locked?: boolean;
  source?: string;
};

export const GRID_TYPE_LABEL: Record<GridLike['type'], string> = {
  CS: 'Complement simplu',
  CM: 'Complement multiplu',
  CG: 'Complement grupat',
};
export const DIFFICULTY_LABEL: Record<GridLike['difficulty'], string> = { easy: 'ușor', hard: 'greu' };

const reportSchema = z.object({ reason: reportReason });

export function ReportGridModal({ gridId, open, onClose }: { gridId: number; open: boolean; onClose: () => void }) {
  const form = useForm({
    initial: { reason: '' },
    schema: reportSchema,
    onSubmit: async (body) => {
      const res = await reportGrid(gridId, body.reason);
      showToast(res.success || 'GRID_REPORTED');
      form.reset();
      onClose();
    },
  });
  return (
    <Modal open={open} onClose={onClose} title={`Raportează grila #${gridId}`}>
      <form className="form" onSubmit={form.submit} noValidate>
        <TextField
          label="Ce greșeală ai găsit?"
          multiline
          rows={5}
          maxLength={5000}
          hint="Între 5 și 5000 de caractere. Spune-ne varianta corectă și, dacă poți, sursa."
          {...form.field('reason')}
        />
        <FormErrors codes={form.general} />
        <div className="form-actions">
          <SubmitButton busy={form.busy}>Trimite raportarea</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

export function FavoriteButton({ gridId }: { gridId: number }) {
  const fav = useLiveQuery(() => db.favorites.get(gridId), [gridId]);
  const [busy, setBusy] = useState(false);
  const isFav = Boolean(fav);
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (isFav) {
        const res = await removeFavorite(gridId).catch((err: unknown) => {
          if (err instanceof ApiError && err.code === 'FORM_GRID_NOT_FAVORITE') return { success: 'FAVORITE_REMOVED' };
          throw err;
        });
        await db.favorites.delete(gridId).catch(() => undefined);
        showToast(res.success || 'FAVORITE_REMOVED');
      } else {
        const res = await addFavorite(gridId).catch((err: unknown) => {
          if (err instanceof ApiError && err.code === 'FORM_GRID_ALREADY_FAVORITE') return { success: 'FORM_GRID_ALREADY_FAVORITE' };
          throw err;
        });
        await db.favorites.put({ grid_id: gridId, added_at: new Date().toISOString() }).catch(() => undefined);
        showToast(res.success || 'FAVORITE_ADDED', res.success === 'FAVORITE_ADDED' ? 'success' : 'warning');
      }
    } catch (err) {
      showToast(errorCode(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`grid-action grid-action--star${isFav ? ' is-active' : ''}`}
      aria-pressed={isFav}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true">{isFav ? '★' : '☆'}</span> {isFav ? 'Scoate de la favorite' : 'Adaugă la favorite'}
    </button>
  );
}

export type GridViewProps = {
  grid: GridLike;
  /** always: answers visible; toggle: behind "Arată răspunsul"; never: hidden. */
  reveal?: 'always' | 'toggle' | 'never';
  /** Favourite star and report button (signed-in viewers). */
  actions?: boolean;
  /** Heading level of the grid title inside its page. */
  headingLevel?: 2 | 3;
  label?: string;
  footer?: ReactNode;
};

export function GridView({ grid, reveal = 'always', actions = false, headingLevel = 3, label, footer }: GridViewProps) {
  const titleId = useId();
  const [shown, setShown] = useState(reveal === 'always');
  const [reporting, setReporting] = useState(false);
  const locked = grid.locked || (grid.premium && grid.correct === null);
  const correct = new Set(grid.correct ?? []);
  const showAnswers = shown && !locked && grid.correct !== null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`grid-view${locked ? ' grid-view--locked' : ''}`} aria-labelledby={titleId} data-grid-id={grid.id}>
      <header className="grid-view__meta">
        <Heading id={titleId} className="grid-view__title">
          {label ?? `Grila #${grid.id}`}
        </Heading>
        <span className="ctag">{GRID_TYPE_LABEL[grid.type]}</span>
        <span className="ctag">{DIFFICULTY_LABEL[grid.difficulty]}</span>
        {grid.premium ? <span className="ctag tag--gold">Premium</span> : null}
      </header>
      <p className="grid-view__statement">{grid.statement}</p>
      <ol className="grid-view__options" type="A">
        {OPTION_LETTERS.map((l) =>
          grid.options[l] !== undefined ? (
            <li key={l} className={showAnswers && correct.has(l) ? 'is-correct' : undefined}>
              <span className="grid-view__letter" aria-hidden="true">
                {l}
              </span>
              <span className="grid-view__text">{grid.options[l]}</span>
              {showAnswers && correct.has(l) ? <span className="visually-hidden"> (corect)</span> : null}
            </li>
          ) : null,
        )}
      </ol>
      {locked ? (
        <p className="lock-note">
          <span aria-hidden="true">🔒</span> Răspunsul și explicația acestei grile sunt disponibile cu Premium.{' '}
          <Link to="/intra-in-familie">Vezi Premium</Link>
        </p>
      ) : reveal === 'toggle' ? (
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
          {shown ? 'Ascunde răspunsul' : 'Arată răspunsul'}
        </button>
      ) : null}
      {showAnswers ? (
        <div className="grid-view__answer">
          <p>
            <strong>Răspuns corect:</strong> {[...correct].sort().join(', ')}
          </p>
          {grid.explanation ? (
            <div className="grid-view__explanation">
              <strong>Explicație:</strong> <p>{grid.explanation}</p>
            </div>
          ) : null}
          {grid.explanation_photo_url ? (
            <img className="grid-view__photo" src={grid.explanation_photo_url} alt={`Imaginea explicației grilei #${grid.id}`} loading="lazy" />
          ) : null}
        </div>
      ) : null}
      {actions || footer ? (
        <footer className="grid-view__actions">
          {actions ? (
            <>
              <FavoriteButton gridId={grid.id} />
              <button type="button" className="grid-action" onClick={() => setReporting(true)}>
                Raportează o greșeală
              </button>
            </>
          ) : null}
          {footer}
        </footer>
      ) : null}
      {actions ? <ReportGridModal gridId={grid.id} open={reporting} onClose={() => setReporting(false)} /> : null}
    </article>
  );
}

// One grid of the results: outcome, the candidate's marks against the key, explanation, time,
// and the per-grid tools (favourite, note, report), saved offline like answers.
import { OptionList } from './OptionList.tsx';
import { GridTools } from './GridTools.tsx';
import { LazyCommentThread } from '../community/LazyCommentThread.tsx';
import type { GridType } from '../../shared/constants.ts';
import type { GridOutcome } from '../../shared/scoring.ts';
import { formatNumber } from '../../shared/number-format.ts';
import type { MeasuredDifficulty } from '../../shared/item-stats.ts';
import { measuredText } from './measured.ts';

const OUTCOME_TEXT: Record<GridOutcome, string> = { right: 'Corect', partial: 'Parțial', wrong: 'Greșit', blank: 'Fără răspuns' };

export function formatDuration(ms: number | null | undefined): string {
  if (!ms) return '—';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

export type ResultRowData = {
  position: number;
  grid_id: number;
  type: GridType;
  statement: string;
  options: Record<string, string>;
  marked: readonly string[];
  correct: readonly string[] | null;
  outcome: GridOutcome | null;
  points?: number | null;
  max_points?: number | null;
  time_ms: number | null;
  explanation: string | null;
  explanation_photo_url?: string | null;
  flagged?: boolean;
  /** From the server only (results online): null or absent until enough candidates answered. */
  measured?: MeasuredDifficulty | null;
};

export function ResultRow({ row }: { row: ResultRowData }) {
  const outcome = row.outcome ?? 'blank';
  return (
    <article className={`result-row result-row--${outcome}`} aria-labelledby={`result-${row.grid_id}`}>
      <header className="result-row__head">
        <h3 id={`result-${row.grid_id}`}>
          Grila {row.position} <span className="result-row__type">{row.type}</span>
        </h3>
        <span className={`outcome-badge outcome-badge--${outcome}`}>{row.outcome ? OUTCOME_TEXT[outcome] : 'Necorectată'}</span>
      </header>
      <p className="result-row__statement">{row.statement}</p>
      <OptionList gridId={row.grid_id} type={row.type} options={row.options} selected={row.marked} correct={row.correct} disabled />
      <dl className="result-row__meta">
        <div>
          <dt>Răspunsul tău</dt>
          <dd>{row.marked.length ? row.marked.join(', ') : '—'}</dd>
        </div>
        <div>
          <dt>Răspuns corect</dt>
          <dd>{row.correct ? row.correct.join(', ') : 'indisponibil offline'}</dd>
        </div>
        {row.points != null && row.max_points != null ? (
          <div>
            <dt>Puncte</dt>
            <dd>
              {formatNumber(row.points)} / {formatNumber(row.max_points)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Timp</dt>
          <dd>{formatDuration(row.time_ms)}</dd>
        </div>
      </dl>
      {row.measured ? <p className="result-row__measured muted">{measuredText(row.measured)}</p> : null}
      {row.explanation ? (
        <div className="explanation">
          <h4>Explicație</h4>
          <p>{row.explanation}</p>
          {row.explanation_photo_url ? <img src={row.explanation_photo_url} alt="Imagine pentru explicație" loading="lazy" /> : null}
        </div>
      ) : null}
      <GridTools gridId={row.grid_id} label={`Grila ${row.position}`} />
      <LazyCommentThread target={{ type: 'grid', id: row.grid_id }} collapsed headingLevel={3} title={`Discuția grilei ${row.position}`} openLabel="Discuția grilei" />
    </article>
  );
}

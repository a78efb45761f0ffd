// The fields a test is built from, shared by /teste/start and /grup/start: the manual, its
// chapters (none chosen = all) and the difficulty. Each form keeps its own state and errors.
import { ErrorList } from '../../shell/form/index.ts';
import type { Difficulty } from '../../shared/constants.ts';
import { MEASURED_BANDS, MEASURED_BAND_LABELS, MEASURED_EASY_MIN, MEASURED_HARD_BELOW, MEASURED_MIN_FIRST_ANSWERS, type MeasuredBand } from '../../shared/item-stats.ts';
import { formatPercent } from '../practice/measured.ts';
import { plural } from '../../shared/ro-count.ts';

type ManualOption = { id: number; title: string; offline?: boolean };

export function ManualField(props: { id: string; manuals: ManualOption[]; value: number | null; onChange: (id: number | null) => void; empty: string; errors: string[] }) {
  return (
    <div className={`form-field${props.errors.length ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={props.id}>
        Manual
      </label>
      <select id={props.id} className="form-field__input form-select" value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : null)}>
        {props.manuals.length === 0 ? <option value="">{props.empty}</option> : null}
        {props.manuals.map((m) => (
          <option key={m.id} value={m.id}>
            {m.title}
            {m.offline ? ' (disponibil offline)' : ''}
          </option>
        ))}
      </select>
      <ErrorList codes={props.errors} />
    </div>
  );
}

export function ChaptersField(props: { chapters: Array<{ id: number; title: string }>; picked: number[]; onToggle: (id: number) => void; errors: string[] }) {
  if (!props.chapters.length) return null;
  return (
    <fieldset className="form-fieldset chapters-pick">
      <legend className="form-field__label">
        Capitole{' '}
        <span className="muted">
          ({props.picked.length ? `${props.picked.length} din ${props.chapters.length} alese` : `toate cele ${props.chapters.length}; alege doar ce vrei să exersezi`})
        </span>
      </legend>
      <div className="chapters-pick__list">
        {props.chapters.map((c) => (
          <label key={c.id} className="check-line">
            <input type="checkbox" checked={props.picked.includes(c.id)} onChange={() => props.onToggle(c.id)} /> {c.title}
          </label>
        ))}
      </div>
      <ErrorList codes={props.errors} />
    </fieldset>
  );
}

const DIFFICULTY_CHOICES = [
  ['', 'Oricare'],
  ['easy', 'Ușoare'],
  ['hard', 'Grele'],
] as const;

export function DifficultyField({ value, onChange }: { value: Difficulty | ''; onChange: (v: Difficulty | '') => void }) {
  return (
    <fieldset className="form-fieldset">
      <legend className="form-field__label">Dificultate</legend>
      <div className="form-segmented">
        {DIFFICULTY_CHOICES.map(([v, label]) => (
          <label key={v || 'any'} className={`form-segmented__option${value === v ? ' is-active' : ''}`}>
            <input type="radio" name="difficulty" value={v} checked={value === v} onChange={() => onChange(v)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Measured difficulty (issue 31 §2): how candidates did on their first answer, beside the authors' label. */
export function MeasuredField({ value, onChange, errors }: { value: MeasuredBand | ''; onChange: (v: MeasuredBand | '') => void; errors: string[] }) {
  const choices: [MeasuredBand | '', string][] = [['', 'Oricare'], ...MEASURED_BANDS.map((b): [MeasuredBand, string] => [b, MEASURED_BAND_LABELS[b].replace(/^./u, (c) => c.toUpperCase())])];
  return (
    <fieldset className={`form-fieldset${errors.length ? ' form-field--invalid' : ''}`} aria-describedby="measured-hint">
      <legend className="form-field__label">Dificultate măsurată</legend>
      <div className="form-segmented">
        {choices.map(([v, label]) => (
          <label key={v || 'any'} className={`form-segmented__option${value === v ? ' is-active' : ''}`}>
            <input type="radio" name="measured" value={v} checked={value === v} onChange={() => onChange(v)} />
            {label}
          </label>
        ))}
      </div>
      <p id="measured-hint" className="form-field__hint">
        După primul răspuns al candidaților: ușoare de la {formatPercent(MEASURED_EASY_MIN)} corecte, grele sub {formatPercent(MEASURED_HARD_BELOW)}. Contează doar grilele cu cel puțin {plural(MEASURED_MIN_FIRST_ANSWERS, 'răspuns', 'răspunsuri')}.
      </p>
      <ErrorList codes={errors} />
    </fieldset>
  );
}

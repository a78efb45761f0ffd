// Admin inline editor of any grid (PUT /admin/grids/:id): statement, options, type and correct
// letters, explanation, difficulty, premium and published flags.
import { useState } from 'react';
import { OPTION_LETTERS, type OptionLetter } from '../../shared/constants.ts';
import { gridPatchBody } from '../../shared/grid-schema.ts';
import { check } from '../../shared/validation.ts';
import { updateAnyGrid } from '../../api/admin.ts';
import type { GridOut } from '../../api/grids.ts';
import { ApiError } from '../../api/errors.ts';
import { showToast } from '../../state/toast.ts';
import { TextField, ErrorList, FormErrors, Checkbox } from '../../shell/form/index.ts';
import type { FieldErrors } from '../../shell/form/index.ts';

type Draft = {
  type: 'CS' | 'CM' | 'CG';
  statement: string;
  options: Record<OptionLetter, string>;
  correct: OptionLetter[];
  explanation: string;
  difficulty: 'easy' | 'hard';
  premium: boolean;
  published: boolean;
};

export function GridEditor({ grid, onSaved, onCancel }: { grid: GridOut; onSaved?: (g: GridOut) => void; onCancel?: () => void }) {
  const [d, setD] = useState<Draft>({
    type: grid.type,
    statement: grid.statement,
    options: { A: grid.options.A ?? '', B: grid.options.B ?? '', C: grid.options.C ?? '', D: grid.options.D ?? '', E: grid.options.E ?? '' },
    correct: (grid.correct ?? []) as OptionLetter[],
    explanation: grid.explanation ?? '',
    difficulty: grid.difficulty,
    premium: grid.premium,
    published: grid.published,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const up = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));

  const save = async () => {
    const { premium, published, ...rest } = d;
    const body = { ...rest, correct: [...rest.correct].sort() };
    const invalid = check(gridPatchBody, body);
    if (invalid) {
      setErrors(invalid.errors);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const res = await updateAnyGrid(grid.id, { ...body, premium, published });
      showToast(res.success || 'GRID_UPDATED');
      onSaved?.(res.grid);
    } catch (err) {
      setErrors(err instanceof ApiError ? err.body.errors : { general: ['FORM_AN_ERROR_HAS_OCCURRED'] });
    } finally {
      setBusy(false);
    }
  };

  const optionErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith('options'))
    .flatMap(([, v]) => v);
  return (
    <div className="grid-editor" role="group" aria-label={`Editează grila #${grid.id}`}>
      <TextField label="Enunț" name={`statement-${grid.id}`} multiline rows={3} value={d.statement} onChange={(v) => up('statement', v)} errors={errors.statement} />
      <label className="form-field__label" htmlFor={`type-${grid.id}`}>
        Tip
      </label>
      <select id={`type-${grid.id}`} className="form-field__input form-select" value={d.type} onChange={(e) => up('type', e.target.value as Draft['type'])}>
        <option value="CS">CS — complement simplu</option>
        <option value="CM">CM — complement multiplu</option>
        <option value="CG">CG — complement grupat</option>
      </select>
      {OPTION_LETTERS.map((l) => (
        <div key={l} className="option-row">
          <TextField label={`Varianta ${l}`} name={`opt-${grid.id}-${l}`} value={d.options[l]} onChange={(v) => up('options', { ...d.options, [l]: v })} />
          <label className="option-row__correct">
            <input
              type="checkbox"
              checked={d.correct.includes(l)}
              onChange={(e) => up('correct', e.target.checked ? [...d.correct, l] : d.correct.filter((x) => x !== l))}
            />{' '}
            {l} corectă
          </label>
        </div>
      ))}
      <ErrorList codes={[...optionErrors, ...(errors.correct ?? [])]} />
      <TextField label="Explicație" name={`expl-${grid.id}`} multiline rows={3} value={d.explanation} onChange={(v) => up('explanation', v)} errors={errors.explanation} />
      <label className="form-field__label" htmlFor={`diff-${grid.id}`}>
        Dificultate
      </label>
      <select id={`diff-${grid.id}`} className="form-field__input form-select" value={d.difficulty} onChange={(e) => up('difficulty', e.target.value as Draft['difficulty'])}>
        <option value="easy">ușor</option>
        <option value="hard">greu</option>
      </select>
      <Checkbox label="Premium" name={`premium-${grid.id}`} value={d.premium} onChange={(v) => up('premium', v)} />
      <Checkbox label="Publicată" name={`published-${grid.id}`} value={d.published} onChange={(v) => up('published', v)} />
      <FormErrors codes={errors.general ?? []} />
      <div className="form-actions form-actions--row">
        <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={() => void save()}>
          Salvează grila
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            Renunță
          </button>
        ) : null}
      </div>
    </div>
  );
}

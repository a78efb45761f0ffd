// The form of /admin/date-examen: a new centre-and-year date, or the one being edited (its centre
// and year then fixed: they are the row's key). Checked with the shared schema before sending; the
// server's codes are shown the same way, next to the field they are about.
import { useState, type FormEvent } from 'react';
import { createExamDate, saveExamDate, type AdminExamDateRow } from '../../../../api/plan.ts';
import { ApiError, errorCode } from '../../../../api/errors.ts';
import { ErrorList } from '../../../../shell/form/index.ts';
import { showToast } from '../../../../state/toast.ts';
import { examDateCreateBody } from '../../../../shared/plan-schema.ts';
import { DEFAULT_SCORING_PROFILES } from '../../../../shared/scoring-profiles.ts';
import { bucharestDate } from '../../../../shared/plan/calendar.ts';

type Props = { editing: AdminExamDateRow | null; onSaved: (row: AdminExamDateRow) => void; onCancel: () => void };

export function ExamDateForm({ editing, onSaved, onCancel }: Props) {
  const thisYear = Number(bucharestDate().slice(0, 4));
  const [slug, setSlug] = useState(editing?.slug ?? DEFAULT_SCORING_PROFILES[0]!.slug);
  const [year, setYear] = useState(String(editing?.year ?? thisYear + 1));
  const [date, setDate] = useState(editing?.exam_date ?? '');
  const [source, setSource] = useState(editing?.source ?? '');
  const [demo, setDemo] = useState(editing?.is_demo ?? false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { slug, year: Number(year), exam_date: date, source, is_demo: demo };
    const check = examDateCreateBody.safeParse(body);
    if (!check.success) {
      const found: Record<string, string[]> = {};
      for (const i of check.error.issues) (found[String(i.path[0] ?? 'general')] ??= []).push(i.message);
      return setErrors(found);
    }
    setErrors({});
    setBusy(true);
    try {
      const res = editing
        ? await saveExamDate(editing.slug, editing.year, { exam_date: date, source, is_demo: demo })
        : await createExamDate(body);
      showToast(res.success, 'success');
      onSaved(res.exam_date);
    } catch (err) {
      setErrors(err instanceof ApiError ? err.body.errors : { general: [errorCode(err)] });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string) => (errors[name]?.length ? <ErrorList codes={errors[name]} className="form-field__errors" /> : null);
  return (
    <form className="form exam-date-form" onSubmit={(e) => void submit(e)} noValidate aria-label={editing ? 'Editează data examenului' : 'Dată nouă'}>
      <div className="exam-date-form__row">
        <div className="form-field">
          <label className="form-field__label" htmlFor="exam-centre">
            Centrul
          </label>
          <select id="exam-centre" className="form-field__input" value={slug} disabled={Boolean(editing)} onChange={(e) => setSlug(e.target.value)}>
            {DEFAULT_SCORING_PROFILES.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
          {field('slug')}
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="exam-year">
            Anul
          </label>
          <input id="exam-year" className="form-field__input" inputMode="numeric" value={year} disabled={Boolean(editing)} onChange={(e) => setYear(e.target.value)} />
          {field('year')}
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="exam-date">
            Data examenului
          </label>
          <input id="exam-date" type="date" className="form-field__input" value={date} onChange={(e) => setDate(e.target.value)} />
          {field('exam_date')}
        </div>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor="exam-source">
          Sursa (metodologia, pagina universității; cel mult 500 de caractere)
        </label>
        <textarea id="exam-source" className="form-field__input" rows={2} maxLength={500} value={source} onChange={(e) => setSource(e.target.value)} />
        {field('source')}
      </div>
      <label className="exam-date-form__demo">
        <input type="checkbox" checked={demo} onChange={(e) => setDemo(e.target.checked)} /> Dată orientativă (candidații văd „verific-o pe site-ul universității”)
      </label>
      {field('is_demo')}
      {field('general')}
      <div className="exam-date-form__actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {editing ? 'Salvează data' : 'Adaugă data'}
        </button>
        {editing ? (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            Renunță
          </button>
        ) : null}
      </div>
    </form>
  );
}

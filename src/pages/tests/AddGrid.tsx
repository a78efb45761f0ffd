// /teste/adauga-grila (and ?edit=ID): write a grid — manual → chapter, statement, options A–E,
// type CS/CM with the correct letters, explanation, optional photo (jpg/png ≤ 2 MB), difficulty.
// Checked with the shared grid schema before sending.
import { useEffect, useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { gridBody, gridTypeLabel } from '../../shared/grid-schema.ts';
import { OPTION_LETTERS, type OptionLetter } from '../../shared/constants.ts';
import { listCourses, getCourse } from '../../api/courses.ts';
import { createGrid, myGrids, updateGrid, uploadGridPhoto, deleteGridPhoto, type MyGrid } from '../../api/grids.ts';
import { ApiError, errorCode } from '../../api/errors.ts';
import { FileField } from '../../shell/form/FileField.tsx';
import { useForm, TextField, Select, SubmitButton, FormErrors, ErrorList } from '../../shell/form/index.ts';
import { avatarErrors } from '../../shell/form/image.ts';
import { showToast } from '../../state/toast.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import type { ListItem } from '../../shared/types.ts';
import '../../styles/forms.css';
import '../../styles/content.css';

type Values = {
  manual_id: number | null;
  chapter_id: number | null;
  type: 'CS' | 'CM';
  statement: string;
  'options.A': string;
  'options.B': string;
  'options.C': string;
  'options.D': string;
  'options.E': string;
  correct: OptionLetter[];
  explanation: string;
  difficulty: 'easy' | 'hard';
};

const EMPTY: Values = {
  manual_id: null,
  chapter_id: null,
  type: 'CS',
  statement: '',
  'options.A': '',
  'options.B': '',
  'options.C': '',
  'options.D': '',
  'options.E': '',
  correct: [],
  explanation: '',
  difficulty: 'easy',
};

type Manual = ListItem & { slug: string };

const toBody = (v: Values) => ({
  chapter_id: v.chapter_id,
  type: v.type,
  statement: v.statement,
  options: { A: v['options.A'], B: v['options.B'], C: v['options.C'], D: v['options.D'], E: v['options.E'] },
  correct: [...v.correct].sort(),
  explanation: v.explanation,
  difficulty: v.difficulty,
});

export default function AddGrid() {
  const [params] = useSearchParams();
  const editId = Number(params.get('edit')) || null;
  const navigate = useNavigate();
  const [manuals, setManuals] = useState<Manual[] | null>(null);
  const [chapters, setChapters] = useState<ListItem[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<MyGrid | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [removePhoto, setRemovePhoto] = useState(false);

  const form = useForm({
    initial: EMPTY,
    schema: gridBody,
    toBody,
    onSubmit: async (body) => {
      if (fileErrors.length) throw new ApiError(422, { errors: { general: fileErrors } });
      const res = editId ? await updateGrid(editId, body) : await createGrid(body);
      const id = res.grid.id;
      try {
        if (file) await uploadGridPhoto(id, file);
        else if (removePhoto && editing?.explanation_photo_url) await deleteGridPhoto(id);
      } catch (err) {
        showToast(errorCode(err), 'error');
      }
      showToast(res.success || (editId ? 'GRID_UPDATED' : 'GRID_ADDED'));
      navigate('/teste/grilele-mele');
    },
  });
  const { set, reset } = form;

  useEffect(() => {
    let alive = true;
    (async () => {
      const { manuals: list } = await listCourses();
      if (!alive) return;
      const ms = list.map((m) => ({ id: m.id, name: m.title, slug: m.slug }));
      setManuals(ms);
      if (!editId) return;
      const mine = (await myGrids()).grids.find((g) => g.id === editId);
      if (!alive) return;
      if (!mine) {
        setLoadError('FORM_GRID_NOT_FOUND');
        return;
      }
      setEditing(mine);
      const manual = ms.find((m) => m.slug === mine.manual.slug);
      reset({
        manual_id: manual?.id ?? null,
        chapter_id: mine.chapter_id,
        type: mine.type === 'CM' ? 'CM' : 'CS',
        statement: mine.statement,
        'options.A': mine.options.A ?? '',
        'options.B': mine.options.B ?? '',
        'options.C': mine.options.C ?? '',
        'options.D': mine.options.D ?? '',
        'options.E': mine.options.E ?? '',
        correct: (mine.correct ?? []) as OptionLetter[],
        explanation: mine.explanation ?? '',
        difficulty: mine.difficulty,
      });
    })().catch((err: unknown) => alive && setLoadError(errorCode(err)));
    return () => {
      alive = false;
    };
  }, [editId, reset]);

  const manualId = form.values.manual_id;
  useEffect(() => {
    const m = manuals?.find((x) => x.id === manualId);
    if (!m) {
      setChapters([]);
      return;
    }
    let alive = true;
    getCourse(m.slug)
      .then((res) => alive && setChapters(res.chapters.map((c) => ({ id: c.id, name: c.title }))))
      .catch(() => alive && setChapters([]));
    return () => {
      alive = false;
    };
  }, [manualId, manuals]);

  const toggleCorrect = (letter: OptionLetter, checked: boolean) => {
    if (form.values.type === 'CS') set('correct', checked ? [letter] : []);
    else set('correct', checked ? [...new Set([...form.values.correct, letter])] : form.values.correct.filter((l) => l !== letter));
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null;
    setFile(f);
    setFileErrors(f ? avatarErrors(f) : []);
  };

  if (!manuals && !loadError) return <PageLoading />;
  const title = editId ? 'Modifică grila' : 'Adaugă o grilă';
  const errs = form.errors;
  return (
    <section className="page form-page form-page--wide add-grid" aria-labelledby="add-grid-title">
      <header className="form-page__header">
        <h1 id="add-grid-title" className="form-page__title">
          {title}
        </h1>
        <p className="form-page__lead">
          Grilele tale apar la „Grilele mele” și intră în teste după ce le verifică echipa. <Link to="/teste/grilele-mele">Vezi grilele mele</Link>
        </p>
      </header>
      {loadError ? <ErrorList codes={[loadError]} className="form-errors" /> : null}
      <form className="form" onSubmit={form.submit} noValidate>
        <Select
          label="Manual"
          name="manual_id"
          options={manuals ?? []}
          value={form.values.manual_id}
          onChange={(v) => {
            set('manual_id', v);
            set('chapter_id', null);
          }}
          placeholder="Alege manualul"
        />
        <Select label="Capitol" placeholder="Alege capitolul" options={chapters} disabled={!chapters.length} {...form.field('chapter_id')} />
        <TextField label="Enunț" multiline rows={4} maxLength={3000} {...form.field('statement')} />
        <fieldset className="form-fieldset">
          <legend>Tipul grilei</legend>
          <div className="form-segmented">
            {(['CS', 'CM'] as const).map((t) => (
              <label key={t} className={`form-segmented__option${form.values.type === t ? ' is-active' : ''}`}>
                <input
                  type="radio"
                  name="type"
                  value={t}
                  checked={form.values.type === t}
                  onChange={() => {
                    set('type', t);
                    if (t === 'CS' && form.values.correct.length > 1) set('correct', form.values.correct.slice(0, 1));
                  }}
                />{' '}
                {gridTypeLabel(t)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="form-fieldset">
          <legend>Variante de răspuns</legend>
          <p className="form-field__hint">Bifează {form.values.type === 'CS' ? 'varianta corectă' : 'variantele corecte'}.</p>
          {OPTION_LETTERS.map((l) => (
            <div key={l} className="option-row">
              <TextField label={`Varianta ${l}`} maxLength={1000} {...form.field(`options.${l}` as `options.${OptionLetter}`)} />
              <label className="option-row__correct">
                <input
                  type={form.values.type === 'CS' ? 'radio' : 'checkbox'}
                  name="correct"
                  value={l}
                  checked={form.values.correct.includes(l)}
                  onChange={(e) => toggleCorrect(l, e.target.checked)}
                />{' '}
                {l} este corectă
              </label>
            </div>
          ))}
          <ErrorList codes={errs.correct ?? []} />
        </fieldset>
        <TextField label="Explicație (opțional)" multiline rows={4} maxLength={5000} {...form.field('explanation')} />
        <div className="form-field">
          <label className="form-field__label" htmlFor="explanation-photo">
            Poză pentru explicație (opțional)
          </label>
          <FileField id="explanation-photo" file={file} accept="image/jpeg,image/png,.jpg,.jpeg,.png" onChange={onFile} describedBy="explanation-photo-hint" invalid={fileErrors.length > 0} />
          <p id="explanation-photo-hint" className="form-field__hint">
            JPG sau PNG, cel mult 2 MB.
          </p>
          <ErrorList codes={fileErrors} />
          {editing?.explanation_photo_url && !file ? (
            <label className="form-check__row">
              <input type="checkbox" checked={removePhoto} onChange={(e) => setRemovePhoto(e.target.checked)} /> Șterge poza existentă
            </label>
          ) : null}
        </div>
        <fieldset className="form-fieldset">
          <legend>Dificultate</legend>
          <div className="form-segmented">
            {(['easy', 'hard'] as const).map((d) => (
              <label key={d} className={`form-segmented__option${form.values.difficulty === d ? ' is-active' : ''}`}>
                <input type="radio" name="difficulty" value={d} checked={form.values.difficulty === d} onChange={() => set('difficulty', d)} /> {d === 'easy' ? 'ușor' : 'greu'}
              </label>
            ))}
          </div>
          <ErrorList codes={errs.difficulty ?? []} />
        </fieldset>
        <FormErrors codes={[...form.general, ...(errs.options ?? []), ...(errs.type ?? [])]} />
        <div className="form-actions">
          <SubmitButton busy={form.busy} disabled={fileErrors.length > 0}>
            {editId ? 'Salvează modificările' : 'Adaugă grila'}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

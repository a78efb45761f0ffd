// /admin/continut: edit manuals, chapters (title, summary, sort, premium, blocks as JSON checked
// against the content schema before saving) and the grids users sent for review.
import { useEffect, useState } from 'react';
import { listCourses, getCourse, getChapter, type ManualListItem, type ChapterSummary } from '../../../api/courses.ts';
import { listAdminGrids, updateChapter, updateManual, type AdminGrid } from '../../../api/admin.ts';
import { ApiError } from '../../../api/errors.ts';
import { blocksSchema } from '../../../shared/content-schema.ts';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { GridEditor } from '../../../components/content/GridEditor.tsx';
import { GridView } from '../../../components/content/GridView.tsx';
import { Checkbox, ErrorList, TextField } from '../../../shell/form/index.ts';
import { showToast } from '../../../state/toast.ts';
import type { Block } from '../../../offline/db.ts';
import { PreviewLinkForm } from './AdminHome.tsx';

const codesOf = (err: unknown) => (err instanceof ApiError ? Object.entries(err.body.errors).flatMap(([k, v]) => v.map((c) => (k === 'general' ? c : `${k}: ${c}`))) : ['FORM_AN_ERROR_HAS_OCCURRED']);

/** JSON text → blocks, or the Romanian problems with their paths. */
export function parseBlocks(text: string): { blocks: Block[] } | { problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { problems: [`JSON invalid: ${(err as Error).message}`] };
  }
  const res = blocksSchema.safeParse(data);
  if (res.success) return { blocks: res.data as Block[] };
  return { problems: res.error.issues.slice(0, 20).map((i) => `blocks[${i.path.join('.')}]: ${i.message}`) };
}

function ManualEditor({ manual, onSaved }: { manual: ManualListItem; onSaved: () => void }) {
  const [title, setTitle] = useState(manual.title);
  const [description, setDescription] = useState(manual.description);
  const [sort, setSort] = useState(String(manual.sort));
  const [published, setPublished] = useState(true);
  const [errors, setErrors] = useState<string[]>([]);
  const save = async () => {
    setErrors([]);
    if (!Number.isInteger(Number(sort))) return setErrors(['sort: FIELD_INVALID']);
    try {
      const res = await updateManual(manual.id, { title, description, sort: Number(sort), published });
      showToast(res.success || 'CONTENT_SAVED');
      onSaved();
    } catch (err) {
      setErrors(codesOf(err));
    }
  };
  return (
    <div className="admin-editor">
      <TextField label="Titlul manualului" name="manual-title" value={title} onChange={setTitle} maxLength={200} />
      <TextField label="Descriere" name="manual-description" multiline rows={3} value={description} onChange={setDescription} maxLength={2000} />
      <TextField label="Ordine" name="manual-sort" inputMode="numeric" value={sort} onChange={setSort} />
      <Checkbox label="Publicat" name="manual-published" value={published} onChange={setPublished} />
      <ErrorList codes={errors} className="form-errors" />
      <button type="button" className="btn btn--primary btn--small" onClick={() => void save()}>
        Salvează manualul
      </button>
    </div>
  );
}

function ChapterEditor({ manualSlug, chapter }: { manualSlug: string; chapter: ChapterSummary }) {
  const [title, setTitle] = useState(chapter.title);
  const [summary, setSummary] = useState(chapter.summary);
  const [sort, setSort] = useState(String(chapter.sort));
  const [premium, setPremium] = useState(chapter.premium);
  const [blocks, setBlocks] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    let alive = true;
    getChapter(manualSlug, chapter.slug).then(
      (res) => alive && setBlocks(JSON.stringify(res.chapter.blocks, null, 2)),
      (err: unknown) => alive && setErrors(codesOf(err)),
    );
    return () => {
      alive = false;
    };
  }, [manualSlug, chapter.slug]);
  const save = async () => {
    setErrors([]);
    if (!Number.isInteger(Number(sort))) return setErrors(['sort: FIELD_INVALID']);
    const parsed = blocks === null ? null : parseBlocks(blocks);
    if (parsed && 'problems' in parsed) return setErrors(parsed.problems);
    try {
      const res = await updateChapter(chapter.id, { title, summary, sort: Number(sort), premium, ...(parsed ? { blocks: parsed.blocks } : {}) });
      showToast(res.success || 'CONTENT_SAVED');
    } catch (err) {
      setErrors(codesOf(err));
    }
  };
  return (
    <div className="admin-editor">
      <TextField label="Titlul capitolului" name="chapter-title" value={title} onChange={setTitle} maxLength={200} />
      <TextField label="Rezumat" name="chapter-summary" multiline rows={3} value={summary} onChange={setSummary} maxLength={1000} />
      <TextField label="Ordine" name="chapter-sort" inputMode="numeric" value={sort} onChange={setSort} />
      <Checkbox label="Capitol Premium" name="chapter-premium" value={premium} onChange={setPremium} />
      {blocks === null ? (
        <p className="muted">Se încarcă blocurile…</p>
      ) : (
        <TextField
          label="Blocuri (JSON)"
          name="chapter-blocks"
          multiline
          rows={16}
          className="admin-json"
          value={blocks}
          onChange={setBlocks}
          hint="Listă de blocuri: h2, h3, p, note ({type, text}), ul/ol ({type, items}), table ({type, caption, head, rows}), img ({type, src, alt, caption})."
        />
      )}
      <ErrorList codes={errors} className="form-errors" />
      <button type="button" className="btn btn--primary btn--small" onClick={() => void save()}>
        Salvează capitolul
      </button>
    </div>
  );
}

function PendingGrids() {
  const [grids, setGrids] = useState<AdminGrid[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const [error, setError] = useState<string[]>([]);
  useEffect(() => {
    let alive = true;
    listAdminGrids(status).then(
      (r) => alive && setGrids(r.grids.slice(0, 100)),
      (err: unknown) => alive && setError(codesOf(err)),
    );
    return () => {
      alive = false;
    };
  }, [status]);
  return (
    <section aria-labelledby="pending-title" className="admin-section">
      <h2 id="pending-title">Grile</h2>
      <label className="form-check__row">
        <input type="checkbox" checked={status === 'all'} onChange={(e) => setStatus(e.target.checked ? 'all' : 'pending')} /> Arată toate grilele (nu doar cele de verificat)
      </label>
      <ErrorList codes={error} className="form-errors" />
      {grids && grids.length === 0 ? <p className="empty-state">Nicio grilă de verificat.</p> : null}
      {grids?.map((g) => (
        <div key={g.id}>
          <GridView
            grid={g}
            footer={
              <button type="button" className="grid-action" aria-expanded={editing === g.id} onClick={() => setEditing(editing === g.id ? null : g.id)}>
                {editing === g.id ? 'Închide editorul' : `Editează grila #${g.id}`}
              </button>
            }
          />
          {editing === g.id ? (
            <GridEditor
              grid={g}
              onSaved={(saved) => setGrids((list) => list?.map((x) => (x.id === saved.id ? { ...x, ...saved } : x)) ?? null)}
              onCancel={() => setEditing(null)}
            />
          ) : null}
        </div>
      ))}
    </section>
  );
}

export default function Content() {
  const [manuals, setManuals] = useState<ManualListItem[] | null>(null);
  const [manualId, setManualId] = useState<number | null>(null);
  const [chapters, setChapters] = useState<ChapterSummary[]>([]);
  const [chapterId, setChapterId] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    listCourses().then((r) => setManuals(r.manuals), () => setManuals([]));
  }, [reload]);
  const manual = manuals?.find((m) => m.id === manualId) ?? null;
  const slug = manual?.slug;
  useEffect(() => {
    if (!slug) return setChapters([]);
    let alive = true;
    getCourse(slug).then(
      (r) => alive && setChapters(r.chapters),
      () => alive && setChapters([]),
    );
    return () => {
      alive = false;
    };
  }, [slug]);
  const chapter = chapters.find((c) => c.id === chapterId) ?? null;
  return (
    <AdminGate title="Conținut">
      <section className="admin-section" aria-labelledby="manuals-title">
        <h2 id="manuals-title">Manuale și capitole</h2>
        <label className="form-field__label" htmlFor="admin-manual">
          Manual
        </label>
        <select id="admin-manual" className="form-field__input form-select" value={manualId ?? ''} onChange={(e) => { setManualId(e.target.value ? Number(e.target.value) : null); setChapterId(null); }}>
          <option value="">Alege manualul</option>
          {manuals?.map((m) => (
            <option key={m.id} value={m.id}>
              {m.title}
            </option>
          ))}
        </select>
        {manual ? <ManualEditor key={manual.id} manual={manual} onSaved={() => setReload((n) => n + 1)} /> : null}
        {manual ? (
          <>
            <label className="form-field__label" htmlFor="admin-chapter">
              Capitol
            </label>
            <select id="admin-chapter" className="form-field__input form-select" value={chapterId ?? ''} onChange={(e) => setChapterId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">Alege capitolul</option>
              {chapters.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.sort}. {c.title}
                </option>
              ))}
            </select>
          </>
        ) : null}
        {manual && chapter ? <ChapterEditor key={chapter.id} manualSlug={manual.slug} chapter={chapter} /> : null}
      </section>
      <PendingGrids />
      <section className="admin-section" aria-labelledby="content-preview-title">
        <h2 id="content-preview-title">Link de previzualizare</h2>
        <PreviewLinkForm />
      </section>
    </AdminGate>
  );
}

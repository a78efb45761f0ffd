// The course screens, shared by the public pages (/cursuri…) and the signed-in ones (/ai/cursuri…):
// manuals, a manual's chapters and one chapter. Signed-in mode adds reading progress, the read
// mark, the practice link and the offline download.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { listCourses, getCourse, getChapter, markChapterRead, unmarkChapterRead, type ManualListItem, type ChapterProgress } from '../../api/courses.ts';
import type { ApiError } from '../../api/errors.ts';
import { useChapter, useCourse, useDownloadedManuals, useLocalGrids, courseError, OFFLINE_HINT } from '../../offline/courses-repo.ts';
import { autoDownloadProfileManual } from '../../offline/download.ts';
import { TITLE_SEPARATOR } from '../../shared/routes.ts';
import { ErrorList } from '../form/index.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ChapterView } from './ChapterView.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { GridView } from './GridView.tsx';
import '../../styles/content.css';

export type CourseMode = 'public' | 'dash';
const base = (mode: CourseMode) => (mode === 'dash' ? '/ai/cursuri' : '/cursuri');
const shortTitle = (t: string) => t.split(' — ')[0].trim();

export function LoadError({ error }: { error: ApiError }) {
  return (
    <div className="content-error" role="alert">
      <ErrorList codes={[error.code]} className="form-errors" />
      {error.code === 'FORM_NETWORK_REQUIRED' ? <p className="muted">{OFFLINE_HINT}</p> : null}
    </div>
  );
}

function SignUpCta({ text }: { text: string }) {
  return (
    <aside className="course-cta" aria-label="Creează un cont">
      <p>{text}</p>
      <div className="course-cta__actions">
        <Link to="/inregistrare" className="btn btn--primary">
          Creează cont gratuit
        </Link>
        <Link to="/conectare" className="btn btn--ghost">
          Am deja cont
        </Link>
      </div>
    </aside>
  );
}

/* ---------- /cursuri, /ai/cursuri ---------- */

export function CoursesPage({ mode }: { mode: CourseMode }) {
  const [manuals, setManuals] = useState<ManualListItem[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const downloaded = useDownloadedManuals();
  const { user } = useSnapshot(app);

  useEffect(() => {
    let alive = true;
    listCourses().then(
      (res) => alive && setManuals(res.manuals),
      (err: unknown) => alive && setError(courseError(err)),
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (mode === 'dash') void autoDownloadProfileManual();
  }, [mode]);

  // Offline: the manuals downloaded on this device stand in for the list.
  const list: ManualListItem[] | null =
    manuals ??
    (error && downloaded?.length
      ? downloaded.map((m) => ({ id: m.id, slug: m.slug, title: m.title, subject: m.subject, description: m.description, sort: 0, updated_at: m.downloaded_at ?? '', chapter_count: 0, grid_count: m.grid_count }))
      : null);

  return (
    <div className={`course-page ${mode === 'public' ? 'container' : 'page'}`}>
      <header className="page-header">
        {mode === 'public' ? <span className="eyebrow">Cursuri gratuite</span> : null}
        <h1>Cursuri</h1>
        <p className="course-lead">Manualele pentru admiterea la medicină, pe capitole, cu teorie clară și grile explicate.</p>
      </header>
      {!list && !error ? <PageLoading /> : null}
      {!list && error ? <LoadError error={error} /> : null}
      {list && error ? <p className="muted">Ești offline: vezi doar manualele descărcate pe acest dispozitiv.</p> : null}
      {list ? (
        <ul className="manual-list">
          {list.map((m) => (
            <li key={m.id} className="manual-card">
              <h2 className="manual-card__title">
                <Link to={`${base(mode)}/${m.slug}`}>{m.title}</Link>
              </h2>
              {m.description ? <p>{m.description}</p> : null}
              <p className="manual-card__meta">
                {m.chapter_count ? `${m.chapter_count} capitole · ` : ''}
                {m.grid_count} grile
                {user?.manual_id === m.id ? <span className="ctag">Manualul tău</span> : null}
              </p>
              {mode === 'dash' ? <DownloadButton manual={m} compact /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {mode === 'public' ? <SignUpCta text="Cu un cont gratuit îți urmărești progresul pe capitole, exersezi grilele fiecărei lecții și descarci manualele pentru offline." /> : null}
    </div>
  );
}

/* ---------- /cursuri/:manual, /ai/cursuri/:manual ---------- */

export function CoursePage({ mode, slug }: { mode: CourseMode; slug: string }) {
  const { data, error, loading } = useCourse(slug);
  const { product, online } = useSnapshot(app);
  const [progress, setProgress] = useState<Map<number, ChapterProgress> | null>(null);

  useEffect(() => {
    if (data) document.title = `${data.manual.title}${TITLE_SEPARATOR}${product}`;
  }, [data, product]);

  // Signed in and reading the downloaded copy: ask the API for the progress anyway.
  const source = data?.source;
  useEffect(() => {
    if (mode !== 'dash' || source !== 'local' || !online) return;
    let alive = true;
    getCourse(slug)
      .then((res) => {
        if (!alive) return;
        const map = new Map<number, ChapterProgress>();
        for (const c of res.chapters) if (c.progress) map.set(c.id, c.progress);
        setProgress(map);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [mode, source, slug, online]);

  if (loading) return <PageLoading />;
  if (error || !data) return <div className={mode === 'public' ? 'container course-page' : 'page course-page'}>{error ? <LoadError error={error} /> : null}</div>;

  const chapters = data.chapters.map((c) => ({ ...c, progress: c.progress ?? progress?.get(c.id) }));
  const readCount = chapters.filter((c) => c.progress?.read).length;
  return (
    <div className={`course-page ${mode === 'public' ? 'container' : 'page'}`}>
      <Breadcrumbs items={[{ label: 'Cursuri', to: base(mode) }, { label: shortTitle(data.manual.title) }]} />
      <header className="page-header">
        <h1>{data.manual.title}</h1>
        {data.manual.description ? <p className="course-lead">{data.manual.description}</p> : null}
        {data.source === 'local' ? <p className="offline-note">Citești varianta descărcată pe acest dispozitiv.</p> : null}
      </header>
      {mode === 'dash' ? (
        <section className="course-tools" aria-label="Progres și offline">
          {chapters.some((c) => c.progress) ? (
            <p>
              <strong>{readCount}</strong> din {chapters.length} capitole citite
              <progress className="course-progress" max={chapters.length} value={readCount} aria-label="Capitole citite" />
            </p>
          ) : null}
          <DownloadButton manual={data.manual} />
        </section>
      ) : null}
      <ol className="chapter-list">
        {chapters.map((c, i) => (
          <li key={c.id} className={`chapter-item${c.progress?.read ? ' is-read' : ''}`}>
            <span className="chapter-item__num" aria-hidden="true">
              {i + 1}
            </span>
            <div className="chapter-item__body">
              <h2 className="chapter-item__title">
                <Link to={`${base(mode)}/${data.manual.slug}/${c.slug}`}>{c.title}</Link>
                {c.locked ? (
                  <span className="ctag ctag--gold" title="Capitol Premium">
                    <span aria-hidden="true">🔒 </span>Premium
                  </span>
                ) : null}
              </h2>
              {c.summary ? <p className="chapter-item__summary">{c.summary}</p> : null}
              <p className="chapter-item__meta">
                {c.grid_count} grile
                {c.progress?.read ? <span className="ctag ctag--success">Citit</span> : null}
                {c.progress?.correct_percent != null ? <span> · {c.progress.correct_percent}% grile rezolvate corect</span> : null}
              </p>
            </div>
          </li>
        ))}
      </ol>
      {mode === 'public' ? <SignUpCta text="Exersează grilele fiecărui capitol și urmărește-ți progresul cu un cont gratuit." /> : null}
    </div>
  );
}

/* ---------- /cursuri/:manual/:chapter, /ai/cursuri/:manual/:chapter ---------- */

function ReadMark({ manual, chapter, initial }: { manual: string; chapter: string; initial: boolean | undefined }) {
  const [read, setRead] = useState<boolean | undefined>(initial);
  const [busy, setBusy] = useState(false);
  const { online } = useSnapshot(app);
  useEffect(() => setRead(initial), [initial]);
  const toggle = async () => {
    setBusy(true);
    try {
      if (read) {
        await unmarkChapterRead(manual, chapter);
        setRead(false);
      } else {
        const res = await markChapterRead(manual, chapter);
        setRead(true);
        showToast(res.success ?? 'CHAPTER_MARKED_READ');
      }
    } catch (err) {
      showToast(courseError(err).code, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={`btn ${read ? 'btn--ghost' : 'btn--primary'}`} aria-pressed={Boolean(read)} disabled={busy || !online} onClick={() => void toggle()}>
      {read ? '✓ Citit · Anulează' : 'Marchează ca citit'}
    </button>
  );
}

function LocalGrids({ chapterId }: { chapterId: number }) {
  const grids = useLocalGrids(chapterId, 3);
  if (!grids?.length) return null;
  return (
    <section className="chapter-grids" aria-labelledby="chapter-grids-title">
      <h2 id="chapter-grids-title">Câteva grile din capitol</h2>
      {grids.map((g, i) => (
        <GridView
          key={g.id}
          label={`Grila ${i + 1}`}
          reveal="toggle"
          actions
          grid={{ ...g, explanation_photo_url: g.explanation_photo, locked: g.correct === null && g.premium }}
        />
      ))}
    </section>
  );
}

export function ChapterPage({ mode, manual, chapter }: { mode: CourseMode; manual: string; chapter: string }) {
  const { data, error, loading } = useChapter(manual, chapter);
  const { product, online } = useSnapshot(app);
  const [read, setRead] = useState<boolean | undefined>(undefined);

  useEffect(() => {
    if (data) document.title = `${data.chapter.title} — ${shortTitle(data.manual.title)}${TITLE_SEPARATOR}${product}`;
  }, [data, product]);

  const source = data?.source;
  const apiRead = data?.chapter.read;
  useEffect(() => {
    if (mode !== 'dash') return;
    if (source === 'api') {
      setRead(apiRead);
      return;
    }
    if (source !== 'local' || !online) return;
    let alive = true;
    getChapter(manual, chapter)
      .then((res) => alive && setRead(res.chapter.read))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [mode, source, apiRead, manual, chapter, online]);

  if (loading) return <PageLoading />;
  if (error || !data) return <div className={mode === 'public' ? 'container chapter-page' : 'page chapter-page'}>{error ? <LoadError error={error} /> : null}</div>;

  const c = data.chapter;
  const root = base(mode);
  const practice = `/teste/start?manual=${data.manual.id}&chapters=${c.id}`;
  return (
    <article className={`chapter-page ${mode === 'public' ? 'container' : 'page'}`} aria-labelledby="chapter-title">
      <Breadcrumbs
        items={[
          { label: 'Cursuri', to: root },
          { label: shortTitle(data.manual.title), to: `${root}/${data.manual.slug}` },
          { label: c.title },
        ]}
      />
      <header className="chapter-header">
        <h1 id="chapter-title">{c.title}</h1>
        {c.summary ? <p className="course-lead">{c.summary}</p> : null}
        {data.source === 'local' ? <p className="offline-note">Citești varianta descărcată pe acest dispozitiv.</p> : null}
      </header>
      {c.locked ? (
        <div className="premium-lock">
          <p>
            <span aria-hidden="true">🔒</span> Acest capitol face parte din Premium. Ai văzut rezumatul; conținutul complet și grilele lui sunt disponibile cu Premium.
          </p>
          <Link to="/intra-in-familie" className="btn btn--gold">
            Intră în familie
          </Link>
        </div>
      ) : (
        <ChapterView blocks={c.blocks} />
      )}
      {mode === 'dash' ? (
        <section className="chapter-actions" aria-label="Acțiuni pentru capitol">
          {!c.locked ? <ReadMark manual={data.manual.slug} chapter={c.slug} initial={read} /> : null}
          {!c.locked ? (
            <Link to={practice} className="btn btn--primary">
              Exersează grilele capitolului
            </Link>
          ) : null}
        </section>
      ) : (
        <SignUpCta text={`Vrei să verifici ce ai reținut? Creează un cont gratuit și exersează cele ${c.grid_count} grile ale capitolului.`} />
      )}
      {mode === 'dash' && data.source === 'local' && !c.locked ? <LocalGrids chapterId={c.id} /> : null}
      <nav className="chapter-nav" aria-label="Capitolele vecine">
        {data.prev ? (
          <Link to={`${root}/${data.manual.slug}/${data.prev.slug}`} rel="prev" className="chapter-nav__link">
            <span className="chapter-nav__dir">← Capitolul anterior</span>
            <span>{data.prev.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {data.next ? (
          <Link to={`${root}/${data.manual.slug}/${data.next.slug}`} rel="next" className="chapter-nav__link chapter-nav__link--next">
            <span className="chapter-nav__dir">Capitolul următor →</span>
            <span>{data.next.title}</span>
          </Link>
        ) : null}
      </nav>
    </article>
  );
}

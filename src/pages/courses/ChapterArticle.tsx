// One chapter (/cursuri/:manual/:chapter, /ai/cursuri/:manual/:chapter), given the data: title,
// summary, the typed blocks (or the premium lock), the mode's actions, the neighbours.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import type { ApiError } from '../../api/errors.ts';
import type { ChapterResponse } from '../../api/courses.ts';
import { app } from '../../state/app.ts';
import { TITLE_SEPARATOR } from '../../shared/routes.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import { Breadcrumbs } from '../../components/content/Breadcrumbs.tsx';
import { ChapterView } from '../../components/content/ChapterView.tsx';
import { base, GridCount, pageClass, shortTitle, SignUpCta, type CourseMode } from './common.tsx';
import '../../styles/content.css';

const LoadError = lazy(() => import('./LoadError.tsx'));

export function ChapterArticle({
  mode,
  data,
  error,
  loading,
  actions,
  after,
}: {
  mode: CourseMode;
  data: (ChapterResponse & { source: 'local' | 'api' }) | null;
  error: ApiError | null;
  loading: boolean;
  /** The signed-in mode's buttons (read mark, practice); the public mode shows the sign-up call. */
  actions?: ReactNode;
  after?: ReactNode;
}) {
  const { product } = useSnapshot(app);
  useEffect(() => {
    if (data) document.title = `${data.chapter.title} — ${shortTitle(data.manual.title)}${TITLE_SEPARATOR}${product}`;
  }, [data, product]);

  // A search result opens the chapter at its paragraph (#p-N): scrolled to and focused once the
  // blocks are there (the browser's own jump happened before they were).
  const blocksShown = Boolean(data && !data.chapter.locked && data.chapter.blocks.length);
  useEffect(() => {
    const hash = typeof window === 'undefined' ? '' : window.location.hash;
    if (!blocksShown || !/^#p-\d+$/.test(hash)) return;
    const el = document.getElementById(hash.slice(1));
    if (!el) return;
    el.setAttribute('tabindex', '-1');
    el.classList.add('is-search-target');
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [blocksShown, data?.chapter.id]);

  if (loading) return <PageLoading />;
  if (error || !data)
    return (
      <div className={`${pageClass(mode)} chapter-page`}>
        {error ? (
          <Suspense fallback={null}>
            <LoadError error={error} />
          </Suspense>
        ) : null}
      </div>
    );

  const c = data.chapter;
  const root = base(mode);
  return (
    <article className={`chapter-page ${pageClass(mode)}`} aria-labelledby="chapter-title">
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
        <p className="chapter-header__meta">
          <GridCount total={c.grid_count} premium={c.premium_grid_count} />
        </p>
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
        actions
      ) : (
        <SignUpCta text="Vrei să verifici ce ai reținut? Creează un cont gratuit și exersează grilele capitolului." />
      )}
      {after}
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

// One manual's chapters (/cursuri/:manual, /ai/cursuri/:manual), given the data.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import type { ApiError } from '../../api/errors.ts';
import type { ChapterSummary, CourseResponse } from '../../api/courses.ts';
import { app } from '../../state/app.ts';
import { TITLE_SEPARATOR } from '../../shared/routes.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import { Breadcrumbs } from '../../components/content/Breadcrumbs.tsx';
import { base, GridCount, pageClass, PremiumUnlockLine, shortTitle, SignUpCta, type CourseMode } from './common.tsx';
import '../../styles/content.css';

const LoadError = lazy(() => import('./LoadError.tsx'));

export function CourseView({
  mode,
  data,
  error,
  loading,
  chapters,
  tools,
}: {
  mode: CourseMode;
  data: (CourseResponse & { source: 'local' | 'api' }) | null;
  error: ApiError | null;
  loading: boolean;
  /** The chapters to list (the signed-in mode merges progress in). */
  chapters?: ChapterSummary[];
  tools?: ReactNode;
}) {
  const { product } = useSnapshot(app);
  useEffect(() => {
    if (data) document.title = `${data.manual.title}${TITLE_SEPARATOR}${product}`;
  }, [data, product]);

  if (loading) return <PageLoading />;
  if (error || !data)
    return (
      <div className={`${pageClass(mode)} course-page`}>
        {error ? (
          <Suspense fallback={null}>
            <LoadError error={error} />
          </Suspense>
        ) : null}
      </div>
    );

  const list = chapters ?? data.chapters;
  return (
    <div className={`course-page ${pageClass(mode)}`}>
      <Breadcrumbs items={[{ label: 'Cursuri', to: base(mode) }, { label: shortTitle(data.manual.title) }]} />
      <header className="page-header">
        <h1>{data.manual.title}</h1>
        {data.manual.description ? <p className="course-lead">{data.manual.description}</p> : null}
        {data.source === 'local' ? <p className="offline-note">Citești varianta descărcată pe acest dispozitiv.</p> : null}
      </header>
      {tools}
      <PremiumUnlockLine any={list.some((c) => Boolean(c.premium_grid_count))} />
      <ol className="chapter-list">
        {list.map((c, i) => (
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
                <GridCount total={c.grid_count} premium={c.premium_grid_count} link={false} />
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

// The manuals list (/cursuri, /ai/cursuri), given the data; the modes add their own tools.
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import type { ApiError } from '../../api/errors.ts';
import type { ManualListItem } from '../../api/courses.ts';
import { app } from '../../state/app.ts';
import { useHydrated } from '../../ssr/hydration.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import { base, GridCount, pageClass, SignUpCta, type CourseMode } from './common.tsx';
import '../../styles/content.css';

const LoadError = lazy(() => import('./LoadError.tsx'));

export function CoursesView({
  mode,
  list,
  error,
  fromDevice,
  tools,
}: {
  mode: CourseMode;
  list: ManualListItem[] | null;
  error: ApiError | null;
  fromDevice: boolean;
  tools?: (m: ManualListItem) => ReactNode;
}) {
  const { user } = useSnapshot(app);
  // The profile's manuals (one or more, issue 32 §5) come first, in the list's order, each marked.
  const mine = new Set(useHydrated() ? (user?.manual_ids ?? []) : []);
  const ordered = list ? [...list.filter((m) => mine.has(m.id)), ...list.filter((m) => !mine.has(m.id))] : null;
  return (
    <div className={`course-page ${pageClass(mode)}`}>
      <header className="page-header">
        {mode === 'public' ? <span className="eyebrow">Cursuri gratuite</span> : null}
        <h1>Cursuri</h1>
        <p className="course-lead">Manualele pentru admiterea la medicină, pe capitole, cu teorie clară și grile explicate.</p>
      </header>
      {!list && !error ? <PageLoading /> : null}
      {!list && error ? (
        <Suspense fallback={null}>
          <LoadError error={error} />
        </Suspense>
      ) : null}
      {list && fromDevice ? <p className="muted">Ești offline: vezi doar manualele descărcate pe acest dispozitiv.</p> : null}
      {list ? (
        <ul className="manual-list">
          {ordered!.map((m) => (
            <li key={m.id} className="manual-card">
              <h2 className="manual-card__title">
                <Link to={`${base(mode)}/${m.slug}`}>{m.title}</Link>
              </h2>
              {m.description ? <p>{m.description}</p> : null}
              <p className="manual-card__meta">
                {m.chapter_count ? `${m.chapter_count} capitole · ` : ''}
                <GridCount total={m.grid_count} premium={m.premium_grid_count} />
                {mine.has(m.id) ? <span className="ctag">{mine.size > 1 ? 'Unul dintre manualele tale' : 'Manualul tău'}</span> : null}
              </p>
              {tools?.(m)}
            </li>
          ))}
        </ul>
      ) : null}
      {mode === 'public' ? <SignUpCta text="Cu un cont gratuit îți urmărești progresul pe capitole, exersezi grilele fiecărei lecții și descarci manualele pentru offline." /> : null}
    </div>
  );
}

// /teste/grile/preview (public, no navbar): a grid from a signed admin link (grid, expires,
// signature) with its answer and explanation; without the link, the free sample grids.
import { Fragment, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { previewGrid, previewSample, type GridOut } from '../../api/grids.ts';
import type { ApiError } from '../../api/errors.ts';
import { courseError } from '../../offline/courses-repo.ts';
import { GridView } from '../../components/content/GridView.tsx';
import { LazyCommentThread } from '../../components/community/LazyCommentThread.tsx';
import { LoadError } from '../courses/LoadError.tsx';
import { Logo } from '../../shell/Logo.tsx';
import { PageLoading } from '../../router/RoutePage.tsx';
import { app } from '../../state/app.ts';
import '../../styles/content.css';

export default function GridPreview() {
  const [params] = useSearchParams();
  const grid = params.get('grid');
  const expires = params.get('expires');
  const signature = params.get('signature');
  const signed = Boolean(grid || expires || signature);
  const [grids, setGrids] = useState<GridOut[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const { user } = useSnapshot(app);

  useEffect(() => {
    let alive = true;
    setGrids(null);
    setError(null);
    const load = signed
      ? previewGrid({ grid: grid ?? '', expires: expires ?? '', signature: signature ?? '' }).then((r) => [r.grid])
      : previewSample(3).then((r) => r.grids);
    load.then(
      (list) => alive && setGrids(list),
      (err: unknown) => alive && setError(courseError(err)),
    );
    return () => {
      alive = false;
    };
  }, [signed, grid, expires, signature]);

  return (
    <div className="grid-preview page page--narrow">
      <header className="grid-preview__header">
        <Logo />
      </header>
      <h1>{signed ? 'Previzualizare grilă' : 'Grile de încercare'}</h1>
      {!signed ? <p className="course-lead">Câteva grile gratuite, cu răspunsul corect și explicația. Vezi cum arată o grilă pe platformă.</p> : null}
      {!grids && !error ? <PageLoading /> : null}
      {error ? <LoadError error={error} /> : null}
      {grids?.map((g, i) => (
        <Fragment key={g.id}>
          <GridView grid={{ ...g, locked: false }} reveal={signed ? 'always' : 'toggle'} headingLevel={2} label={signed ? `Grila #${g.id}` : `Grila ${i + 1}`} />
          <LazyCommentThread target={{ type: 'grid', id: g.id }} collapsed headingLevel={3} title={signed ? `Discuția grilei #${g.id}` : `Discuția grilei ${i + 1}`} openLabel="Discuția grilei" />
        </Fragment>
      ))}
      {grids && !signed && grids.length === 0 ? <p className="empty-state">Nu sunt grile de încercare momentan.</p> : null}
      <p className="grid-preview__cta">
        {user ? (
          <Link to="/teste" className="btn btn--primary">
            Mergi la teste
          </Link>
        ) : (
          <Link to="/inregistrare" className="btn btn--primary">
            Creează cont gratuit și exersează
          </Link>
        )}
      </p>
    </div>
  );
}

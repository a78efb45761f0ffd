// /cautare/grila/:id (issue 30 §3): a grid found by the search, alone. "Rezolvă grila" makes a
// practice test of just this grid (the retest path: online with the server, else on the device);
// a grid answered before shows its explanation on request (GET /grids/:id gives it to whoever may
// read the grid; a premium grid for a free account answers 403, shown with the offer). Offline, or
// with the server unreachable, the grid comes from the device copy of its manual (src/offline/search/device-grid.ts).
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Link } from '../../router/Link.tsx';
import { getGrid, type GridOut } from '../../api/grids.ts';
import { ApiError } from '../../api/errors.ts';
import { createRetest } from '../../offline/retest.ts';
import { GridView } from '../../components/content/GridView.tsx';
import { PageLoading } from '../../router/RoutePage.tsx';
import { LoadError } from '../courses/LoadError.tsx';
import { useOnline } from '../../offline/network.ts';
import { app } from '../../state/app.ts';
import '../../styles/content.css';

const unreachable = (e: unknown) => e instanceof ApiError && (e.code === 'FORM_REQUEST_FAILED' || e.code === 'MAINTENANCE_MODE');

export default function SearchGrid() {
  const { id } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const answered = params.get('rezolvata') === '1';
  const manualId = Number(params.get('manual')) || 0;
  const [grid, setGrid] = useState<GridOut | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [starting, setStarting] = useState(false);
  const online = useOnline();
  const premium = Boolean(useSnapshot(app).user?.is_premium);
  useEffect(() => {
    let live = true;
    const fromDevice = () => import('../../offline/search/device-grid.ts').then((m) => m.deviceGrid(Number(id), premium));
    const load = online
      ? getGrid(Number(id)).then(
          (r) => r.grid,
          (e: unknown) => (unreachable(e) ? fromDevice() : Promise.reject(e)),
        )
      : fromDevice();
    setError(null);
    load
      .then((g) => live && setGrid(g))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError(null, { errors: { general: ['FORM_AN_ERROR_HAS_OCCURRED'] } })));
    return () => {
      live = false;
    };
  }, [id, online, premium]);

  const solve = async () => {
    if (!grid) return;
    setStarting(true);
    try {
      const testId = await createRetest({ manual_id: manualId, mode: 'tutor' }, [grid.id]);
      navigate(`/teste/${testId}`);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(null, { errors: { general: ['FORM_AN_ERROR_HAS_OCCURRED'] } }));
      setStarting(false);
    }
  };

  return (
    <section className="page search-grid-page" aria-labelledby="search-grid-title">
      <header className="page-header">
        <h1 id="search-grid-title">Grilă găsită</h1>
        <p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => navigate(-1)}>
            Înapoi la rezultate
          </button>
        </p>
      </header>
      {!grid && !error ? <PageLoading /> : null}
      {error ? <LoadError error={error} /> : null}
      {error?.code === 'FORM_PREMIUM_GRIDS_ONLY' ? (
        <Link to="/cont/premium" className="btn btn--gold">
          Treci la Premium
        </Link>
      ) : null}
      {grid ? (
        <>
          <p>
            <button type="button" className="btn btn--primary" onClick={() => void solve()} disabled={starting}>
              {answered ? 'Rezolv-o din nou' : 'Rezolvă grila'}
            </button>
          </p>
          {answered ? (
            <GridView grid={grid} reveal="toggle" headingLevel={2} actions />
          ) : (
            <p className="muted">Rezolv-o întâi: după răspuns vezi varianta corectă și explicația.</p>
          )}
        </>
      ) : null}
    </section>
  );
}

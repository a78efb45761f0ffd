// /teste/grilele-mele: the grids the user wrote, with their review status, edit and delete.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { deleteGrid, myGrids, type MyGrid } from '../../api/grids.ts';
import type { ApiError} from '../../api/errors.ts';
import { errorCode } from '../../api/errors.ts';
import { courseError } from '../../offline/courses-repo.ts';
import { GridView } from '../../components/content/GridView.tsx';
import { LoadError } from '../courses/LoadError.tsx';
import { showToast } from '../../state/toast.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import '../../styles/content.css';

function DeleteGrid({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const res = await deleteGrid(id);
      showToast(res.success || 'GRID_DELETED');
      onDeleted();
    } catch (err) {
      showToast(errorCode(err), 'error');
      setBusy(false);
    }
  };
  if (!confirming)
    return (
      <button type="button" className="grid-action grid-action--danger" onClick={() => setConfirming(true)}>
        Șterge
      </button>
    );
  return (
    <span className="grid-confirm" role="group" aria-label="Confirmă ștergerea">
      <button type="button" className="grid-action grid-action--danger" disabled={busy} onClick={() => void run()}>
        Da, șterge grila
      </button>
      <button type="button" className="grid-action" onClick={() => setConfirming(false)}>
        Renunță
      </button>
    </span>
  );
}

export default function MyGrids() {
  const [grids, setGrids] = useState<MyGrid[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    let alive = true;
    myGrids().then(
      (res) => alive && setGrids(res.grids),
      (err: unknown) => alive && setError(courseError(err)),
    );
    return () => {
      alive = false;
    };
  }, []);

  return (
    <section className="page my-grids" aria-labelledby="my-grids-title">
      <header className="page-header">
        <h1 id="my-grids-title">Grilele mele</h1>
        <p>Grilele scrise de tine. După verificare, intră în testele tuturor.</p>
        <Link to="/teste/adauga-grila" className="btn btn--primary">
          Adaugă o grilă
        </Link>
      </header>
      {!grids && !error ? <PageLoading /> : null}
      {error ? <LoadError error={error} /> : null}
      {grids && grids.length === 0 ? <p className="empty-state">Nu ai adăugat încă nicio grilă.</p> : null}
      {grids?.map((g) => (
        <div key={g.id} className="my-grid">
          <p className="muted my-grid__where">
            {g.manual.title.split(' — ')[0]} · {g.chapter.title} ·{' '}
            <span className={`ctag${g.published ? ' ctag--success' : ''}`}>{g.published ? 'Publicată' : 'În verificare'}</span>
          </p>
          <GridView
            grid={g}
            actions
            headingLevel={2}
            footer={
              <>
                <Link to={`/teste/adauga-grila?edit=${g.id}`} className="grid-action">
                  Modifică
                </Link>
                <DeleteGrid id={g.id} onDeleted={() => setGrids((list) => list?.filter((x) => x.id !== g.id) ?? null)} />
              </>
            }
          />
        </div>
      ))}
    </section>
  );
}

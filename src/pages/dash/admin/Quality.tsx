// /admin/calitate — the content-quality queue beside the report queue (issue 9 §4): grids whose
// discrimination is negative (the strong candidates get them wrong more than the weak ones: a
// wrong key or a misleading statement), that almost nobody answers right, or that are reported.
// Each opens in the grid editor; the statistics are recomputed hourly or here on demand.
import { useCallback, useEffect, useState } from 'react';
import { Link } from '../../../router/Link.tsx';
import { contentQuality, refreshGridStats } from '../../../api/admin.ts';
import { getGrid, type GridOut } from '../../../api/grids.ts';
import { errorCode } from '../../../api/errors.ts';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { GridEditor } from '../../../components/content/GridEditor.tsx';
import { ErrorList } from '../../../shell/form/index.ts';
import { showToast } from '../../../state/toast.ts';
import { PageLoading } from '../../../router/RoutePage.tsx';
import { ITEM_STATS_LOW_FACILITY, ITEM_STATS_MIN_ANSWERS, type GridQuality } from '../../../shared/item-stats.ts';
import type { Code } from '../../../shared/codes.ts';

const pct = (x: number) => `${Math.round(x * 100)} %`;
const num = (x: number) => x.toFixed(2).replace('.', ',');

function reasons(g: GridQuality): string[] {
  const out: string[] = [];
  if (g.discrimination !== null && g.discrimination < 0) out.push('discriminare negativă');
  if (g.facility !== null && (g.answers ?? 0) >= ITEM_STATS_MIN_ANSWERS && g.facility < ITEM_STATS_LOW_FACILITY) out.push('aproape nimeni nu o rezolvă');
  if (g.open_reports > 0) out.push(g.open_reports === 1 ? '1 raportare deschisă' : `${g.open_reports} raportări deschise`);
  return out;
}

function QualityItem({ g }: { g: GridQuality }) {
  const [grid, setGrid] = useState<GridOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    if (grid) return setGrid(null);
    try {
      setGrid((await getGrid(g.grid_id)).grid);
    } catch (err) {
      setError(errorCode(err));
    }
  };
  return (
    <li className="report-item card quality-item" data-grid={g.grid_id}>
      <h2 className="report-item__title">
        Grila #{g.grid_id} · {g.manual_title} › {g.chapter_title}
      </h2>
      <p className="report-item__grid">{g.statement}</p>
      <p className="quality-item__reasons">{reasons(g).join(' · ')}</p>
      <dl className="quality-item__stats">
        <div>
          <dt>Răspunsuri</dt>
          <dd>{g.answers ?? 0}</dd>
        </div>
        <div>
          <dt>Rezolvată corect</dt>
          <dd>{g.facility === null ? '—' : pct(g.facility)}</dd>
        </div>
        <div>
          <dt>Discriminare</dt>
          <dd>{g.discrimination === null ? 'prea puține date' : num(g.discrimination)}</dd>
        </div>
      </dl>
      <ErrorList codes={error ? [error] : []} className="form-errors" />
      <div className="form-actions form-actions--row">
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={grid !== null} onClick={() => void toggle()}>
          {grid ? 'Închide editorul' : 'Editează grila'}
        </button>
        {g.open_reports > 0 ? (
          <Link to="/admin/raportari" className="btn btn--ghost btn--small">
            Vezi raportările
          </Link>
        ) : null}
      </div>
      {grid ? <GridEditor grid={grid} onSaved={(x) => setGrid(x)} onCancel={() => setGrid(null)} /> : null}
    </li>
  );
}

export default function Quality() {
  const [grids, setGrids] = useState<GridQuality[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    setError(null);
    contentQuality().then(
      (r) => setGrids(r.grids),
      (err: unknown) => setError(errorCode(err)),
    );
  }, []);
  useEffect(load, [load]);
  const refresh = async () => {
    setBusy(true);
    try {
      showToast((await refreshGridStats()).success as Code);
      load();
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  };
  const computed = grids?.find((g) => g.computed_at)?.computed_at;
  return (
    <AdminGate title="Calitatea grilelor">
      <p className="muted">
        Din testele terminate: cât de des e rezolvată corect fiecare grilă și cât de bine îi separă pe candidații buni de cei slabi (corelația
        cu restul testului; sub 0 înseamnă că cei buni o greșesc mai des: cheie greșită sau enunț care induce în eroare). Discriminarea apare
        de la {ITEM_STATS_MIN_ANSWERS} de răspunsuri.
        {computed ? ` Calculat la ${new Date(computed).toLocaleString('ro-RO')}.` : ''}
      </p>
      <div className="form-actions form-actions--row">
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void refresh()}>
          Recalculează acum
        </button>
      </div>
      {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
      {!grids && !error ? <PageLoading /> : null}
      {grids && grids.length === 0 ? <p className="empty-state">Nicio grilă de verificat.</p> : null}
      <ul className="report-list">
        {grids?.map((g) => (
          <QualityItem key={g.grid_id} g={g} />
        ))}
      </ul>
    </AdminGate>
  );
}

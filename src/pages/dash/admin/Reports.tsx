// /admin/raportari: open reports (grid, reason, reporter); resolve with an optional reply;
// edit the grid inline.
import { useCallback, useEffect, useState } from 'react';
import { listReports, resolveReport, type AdminReport } from '../../../api/admin.ts';
import { getGrid, type GridOut } from '../../../api/grids.ts';
import { ApiError, errorCode } from '../../../api/errors.ts';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { GridEditor } from '../../../components/content/GridEditor.tsx';
import { ErrorList, TextField } from '../../../shell/form/index.ts';
import { showToast } from '../../../state/toast.ts';
import { PageLoading } from '../../../router/RoutePage.tsx';

const when = (iso: string) => new Date(iso).toLocaleString('ro-RO', { dateStyle: 'medium', timeStyle: 'short' });

function ReportItem({ report, onResolved }: { report: AdminReport; onResolved: () => void }) {
  const [reply, setReply] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [grid, setGrid] = useState<GridOut | null>(null);
  const [editing, setEditing] = useState(false);

  const resolve = async () => {
    setBusy(true);
    setErrors([]);
    try {
      const res = await resolveReport(report.id, reply.trim() || undefined);
      showToast(res.success || 'REPORT_RESOLVED');
      onResolved();
    } catch (err) {
      setErrors(err instanceof ApiError ? Object.values(err.body.errors).flat() : ['FORM_AN_ERROR_HAS_OCCURRED']);
      setBusy(false);
    }
  };
  const edit = async () => {
    if (editing) return setEditing(false);
    try {
      setGrid((await getGrid(report.grid.id)).grid);
      setEditing(true);
    } catch (err) {
      setErrors([errorCode(err)]);
    }
  };
  return (
    <li className="report-item card" aria-labelledby={`report-${report.id}`}>
      <h2 id={`report-${report.id}`} className="report-item__title">
        Raportarea #{report.id} · grila #{report.grid.id}
      </h2>
      <p className="report-item__grid">{report.grid.statement}</p>
      <blockquote className="report-item__reason">{report.reason}</blockquote>
      <p className="muted">
        {report.user ? `${report.user.name ?? ''} (${report.user.email ?? ''})` : 'Utilizator șters'} · {when(report.created_at)}
      </p>
      <TextField label="Răspuns pentru utilizator (opțional)" name={`reply-${report.id}`} multiline rows={3} maxLength={5000} value={reply} onChange={setReply} hint="Ajunge la autor ca notificare și email." />
      <ErrorList codes={errors} className="form-errors" />
      <div className="form-actions form-actions--row">
        <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={() => void resolve()}>
          Marchează rezolvat
        </button>
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={editing} onClick={() => void edit()}>
          {editing ? 'Închide editorul' : 'Editează grila'}
        </button>
      </div>
      {editing && grid ? <GridEditor grid={grid} onSaved={(g) => setGrid(g)} onCancel={() => setEditing(false)} /> : null}
    </li>
  );
}

export default function Reports() {
  const [reports, setReports] = useState<AdminReport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const load = useCallback(() => {
    setError(null);
    listReports(status).then(
      (r) => setReports(r.reports),
      (err: unknown) => setError(errorCode(err)),
    );
  }, [status]);
  useEffect(() => {
    load();
  }, [load]);
  return (
    <AdminGate title="Raportări">
      <div className="form-segmented" role="radiogroup" aria-label="Stare">
        {(['open', 'resolved'] as const).map((s) => (
          <label key={s} className={`form-segmented__option${status === s ? ' is-active' : ''}`}>
            <input type="radio" name="report-status" checked={status === s} onChange={() => setStatus(s)} /> {s === 'open' ? 'Deschise' : 'Rezolvate'}
          </label>
        ))}
      </div>
      {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
      {!reports && !error ? <PageLoading /> : null}
      {reports && reports.length === 0 ? <p className="empty-state">Nicio raportare {status === 'open' ? 'deschisă' : 'rezolvată'}.</p> : null}
      <ul className="report-list">
        {reports?.map((r) =>
          status === 'open' ? (
            <ReportItem key={r.id} report={r} onResolved={() => setReports((list) => list?.filter((x) => x.id !== r.id) ?? null)} />
          ) : (
            <li key={r.id} className="report-item card">
              <h2 className="report-item__title">
                Raportarea #{r.id} · grila #{r.grid.id}
              </h2>
              <blockquote className="report-item__reason">{r.reason}</blockquote>
              {r.reply ? <p>Răspuns: {r.reply}</p> : null}
              <p className="muted">Rezolvată {r.resolved_at ? when(r.resolved_at) : ''}</p>
            </li>
          ),
        )}
      </ul>
    </AdminGate>
  );
}

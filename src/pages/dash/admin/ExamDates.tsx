// /admin/date-examen (issue 31 §1): the exam dates per centre and year that the plan's settings are
// prefilled from. Add one, edit its date, source and "orientative" mark, or delete it; a candidate
// who already chose a date keeps it (their plan stores its own copy).
import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { adminExamDates, deleteExamDate, type AdminExamDateRow } from '../../../api/plan.ts';
import { errorCode } from '../../../api/errors.ts';
import { ErrorList } from '../../../shell/form/index.ts';
import { Modal } from '../../../shell/Modal.tsx';
import { PageLoading } from '../../../router/RoutePage.tsx';
import { showToast } from '../../../state/toast.ts';
import { ExamDateForm } from './exam-dates/ExamDateForm.tsx';
import '../../../styles/tests.css';
import './exam-dates/exam-dates-admin.css';

const roDate = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('ro-RO', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const key = (r: AdminExamDateRow) => `${r.slug}/${r.year}`;

export default function AdminExamDates() {
  const [rows, setRows] = useState<AdminExamDateRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminExamDateRow | null>(null);
  const [removing, setRemoving] = useState<AdminExamDateRow | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLElement>(null);

  const load = useCallback(async () => {
    try {
      setRows((await adminExamDates()).exam_dates);
      setError(null);
    } catch (err) {
      setError(errorCode(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function remove(r: AdminExamDateRow) {
    setBusy(true);
    try {
      showToast((await deleteExamDate(r.slug, r.year)).success, 'success');
      if (editing && key(editing) === key(r)) setEditing(null);
      await load();
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <AdminGate title="Datele examenelor">
      <p className="muted">
        Data admiterii la fiecare centru, pe ani. Candidații pornesc de la ea în setările planului de studiu și o pot schimba; o dată orientativă le cere s-o verifice pe
        site-ul universității.
      </p>
      <section className="card" aria-labelledby="exam-date-form-title" ref={formRef}>
        <h2 id="exam-date-form-title">{editing ? `Editează: ${editing.name}, ${editing.year}` : 'Dată nouă'}</h2>
        <ExamDateForm
          key={editing ? key(editing) : 'new'}
          editing={editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      </section>
      <section className="exam-dates__list" aria-labelledby="exam-dates-title">
        <h2 id="exam-dates-title">Toate datele{rows ? ` (${rows.length})` : ''}</h2>
        {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
        {rows === null ? (
          error ? null : <PageLoading />
        ) : rows.length === 0 ? (
          <p className="muted">Nicio dată încă.</p>
        ) : (
          <table className="exam-dates-table">
            <thead>
              <tr>
                <th scope="col">Centrul</th>
                <th scope="col">Anul</th>
                <th scope="col">Data</th>
                <th scope="col">Sursa</th>
                <th scope="col">Acțiuni</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={key(r)} data-exam-date={key(r)}>
                  <th scope="row">
                    {r.name}
                    {r.is_demo ? <span className="pill pill--estimate">Orientativă</span> : null}
                  </th>
                  <td data-label="Anul">{r.year}</td>
                  <td data-label="Data">{roDate(r.exam_date)}</td>
                  <td data-label="Sursa">
                    {r.source || '—'}
                    <span className="exam-dates-table__who">{r.updated_by ? `modificată de ${r.updated_by}` : 'valoare inițială'}</span>
                  </td>
                  <td className="exam-dates-table__actions">
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      aria-label={`Editează ${r.name} ${r.year}`}
                      onClick={() => {
                        setEditing(r);
                        formRef.current?.scrollIntoView({ block: 'start' });
                      }}
                    >
                      Editează
                    </button>
                    <button type="button" className="btn btn--ghost btn--small" aria-label={`Șterge ${r.name} ${r.year}`} onClick={() => setRemoving(r)}>
                      Șterge
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Ștergi data de la ${removing?.name ?? ''}, ${removing?.year ?? ''}?`}
        footer={
          <>
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => removing && void remove(removing)}>
              {busy ? 'Se șterge…' : 'Șterge data'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setRemoving(null)}>
              Renunță
            </button>
          </>
        }
      >
        <p>Setările planului nu o mai propun. Candidații care au ales-o deja o păstrează în planul lor.</p>
      </Modal>
    </AdminGate>
  );
}

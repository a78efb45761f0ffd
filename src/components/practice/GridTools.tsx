// Per-grid actions on the solve screen and in the results (issue 11 §4.4, §5): favourite, report
// a mistake, personal note. All are saved on the device first and sent by the per-grid queue
// (src/offline/grid-actions.ts), so they work offline exactly like answers.
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod';
import { db } from '../../offline/db.ts';
import { noteKey, reportGridQueued, setFavorite } from '../../offline/grid-actions.ts';
import { reportReason } from '../../shared/validation.ts';
import { showToast } from '../../state/toast.ts';
import { Modal } from '../../shell/Modal.tsx';
import { useForm, TextField, SubmitButton, FormErrors } from '../../shell/form/index.ts';
import { NoteEditor } from './NoteEditor.tsx';

const reportSchema = z.object({ reason: reportReason });

export function QueuedReportModal({ gridId, label, open, onClose }: { gridId: number; label: string; open: boolean; onClose: () => void }) {
  const form = useForm({
    initial: { reason: '' },
    schema: reportSchema,
    onSubmit: async (body) => {
      const outcome = await reportGridQueued(gridId, body.reason);
      // True words: 'sent' only when the server has it; otherwise it waits on the device.
      showToast(outcome === 'sent' ? 'GRID_REPORTED' : 'GRID_REPORT_QUEUED', outcome === 'sent' ? 'success' : 'warning');
      form.reset();
      onClose();
    },
  });
  return (
    <Modal open={open} onClose={onClose} title={`Raportează ${label.toLowerCase()}`}>
      <form className="form" onSubmit={form.submit} noValidate>
        <TextField
          label="Ce greșeală ai găsit?"
          multiline
          rows={5}
          maxLength={5000}
          hint="Între 5 și 5000 de caractere. Spune-ne varianta corectă și, dacă poți, sursa."
          {...form.field('reason')}
        />
        <FormErrors codes={form.general} />
        <div className="form-actions">
          <SubmitButton busy={form.busy}>Trimite raportarea</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

export function GridTools({ gridId, label }: { gridId: number; label: string }) {
  const fav = useLiveQuery(() => db.favorites.get(gridId), [gridId]);
  const [reporting, setReporting] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const isFav = Boolean(fav);
  const toggleFav = async () => {
    try {
      await setFavorite(gridId, !isFav);
      showToast(isFav ? 'FAVORITE_REMOVED' : 'FAVORITE_ADDED');
    } catch {
      showToast('FORM_AN_ERROR_HAS_OCCURRED', 'error');
    }
  };
  return (
    <div className="grid-tools">
      <div className="grid-tools__row">
        <button type="button" className={`btn btn--ghost btn--small grid-tools__fav${isFav ? ' is-active' : ''}`} aria-pressed={isFav} onClick={() => void toggleFav()}>
          <span aria-hidden="true">{isFav ? '★' : '☆'}</span> {isFav ? 'La favorite' : 'Favorite'}
        </button>
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={noteOpen} onClick={() => setNoteOpen((o) => !o)}>
          <span aria-hidden="true">✎</span> Notiță
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setReporting(true)}>
          <span aria-hidden="true">⚠</span> Raportează
        </button>
      </div>
      {noteOpen ? <NoteEditor gridId={gridId} label={label} /> : <NotePreview gridId={gridId} onOpen={() => setNoteOpen(true)} />}
      <QueuedReportModal gridId={gridId} label={label} open={reporting} onClose={() => setReporting(false)} />
    </div>
  );
}

/** A saved note stays visible (one line) while the editor is closed. */
function NotePreview({ gridId, onOpen }: { gridId: number; onOpen: () => void }) {
  const note = useLiveQuery(() => db.notes.get(noteKey(gridId)), [gridId]);
  if (!note?.text.trim()) return null;
  return (
    <button type="button" className="grid-tools__note-preview" onClick={onOpen}>
      <span className="muted">Notița ta:</span> {note.text}
    </button>
  );
}

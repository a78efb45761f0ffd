// Per-grid actions on the solve screen and in the results (issue 11 §4.4, §5): favourite, report
// a mistake, personal note. All are saved on the device first and sent by the per-grid queue
// (src/offline/grid-actions.ts), so they work offline exactly like answers.
import { lazy, memo, Suspense, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../offline/db.ts';
import { noteKey, setFavorite } from '../../offline/grid-actions.ts';
import { showToast } from '../../state/toast.ts';
import { NoteEditor } from './NoteEditor.tsx';

// The report form (zod, form fields) loads when first opened, not with the solve screen.
const QueuedReportModal = lazy(() => import('./ReportModal.tsx'));
// Sharing into a conversation (issue 7 §3) likewise: friends and the picker load when first opened.
const ShareGridModal = lazy(() => import('../messages/ShareGridModal.tsx'));

/** `shareable` is false while an exam-mode test runs: sending the grid to a friend mid-exam would
 *  be asking for the answer. In tutor mode and in the results it is offered. */
// Memoized: an answer on the solve screen re-renders the card, not the grid's tools.
export const GridTools = memo(function GridTools({ gridId, label, shareable = true }: { gridId: number; label: string; shareable?: boolean }) {
  const fav = useLiveQuery(() => db.favorites.get(gridId), [gridId]);
  const [reporting, setReporting] = useState(false);
  // Mounted from the first opening on, so a reason typed and closed unsent is still there.
  const [reportLoaded, setReportLoaded] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [shareLoaded, setShareLoaded] = useState(false);
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
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => {
            setReportLoaded(true);
            setReporting(true);
          }}
        >
          <span aria-hidden="true">⚠</span> Raportează
        </button>
        {shareable ? (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => {
              setShareLoaded(true);
              setSharing(true);
            }}
          >
            <span aria-hidden="true">✉</span> Trimite unui prieten
          </button>
        ) : null}
      </div>
      {noteOpen ? <NoteEditor gridId={gridId} label={label} /> : <NotePreview gridId={gridId} onOpen={() => setNoteOpen(true)} />}
      {reportLoaded ? (
        <Suspense fallback={null}>
          <QueuedReportModal gridId={gridId} label={label} open={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      ) : null}
      {shareLoaded ? (
        <Suspense fallback={null}>
          <ShareGridModal gridId={gridId} label={label} open={sharing} onClose={() => setSharing(false)} />
        </Suspense>
      ) : null}
    </div>
  );
});

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

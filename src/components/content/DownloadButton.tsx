// "Descarcă pentru offline" for one manual: progress in bytes by phase (data in parts, images),
// "Reia descărcarea" after a dropped connection (from the first missing part), the space the copy
// takes, "Actualizează" (only the changes since the last copy) and "Șterge de pe dispozitiv".
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../offline/db.ts';
import { downloadManual, formatSize, removeManual, type DownloadProgress } from '../../offline/download.ts';
import { downloadKey, type DownloadState } from '../../offline/download-state.ts';
import { StorageFullError } from '../../offline/errors.ts';
import { ApiError } from '../../api/errors.ts';
import { showToast } from '../../state/toast.ts';
import { plural } from '../../shared/ro-count.ts';
import { app } from '../../state/app.ts';
import { ErrorList } from '../../shell/form/index.ts';
import { useFrameState } from '../../shell/useFrameState.ts';
import '../../styles/content.css';

const PHASE_LABEL: Record<DownloadProgress['phase'], string> = {
  data: 'Se descarcă textul și grilele',
  images: 'Se descarcă imaginile',
  done: 'Gata',
};

const dateFmt = new Intl.DateTimeFormat('ro-RO', { day: 'numeric', month: 'long', year: 'numeric' });

export function DownloadButton({ manual, compact = false }: { manual: { id: number; slug: string; title: string }; compact?: boolean }) {
  const local = useLiveQuery(() => db.manuals.get(manual.id), [manual.id]);
  // A download under way or stopped midway: its parts and what is stored of them.
  const partial = useLiveQuery(
    async () => {
      const state = (await db.meta.get(downloadKey(manual.id)))?.value as DownloadState | undefined;
      return state?.parts ? state : null;
    },
    [manual.id],
  );
  const [note, setNote] = useState<string | null>(null);
  const { online } = useSnapshot(app);
  // Reported for every chunk read: shown once a frame.
  const [progress, setProgressSoon, setProgress] = useFrameState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const downloaded = Boolean(local?.downloaded_at);
  const busy = progress !== null;

  const start = async () => {
    setError(null);
    setNote(null);
    setProgress({ phase: 'data', percent: 0, bytes: 0 });
    try {
      const res = await downloadManual(manual.slug, setProgressSoon);
      // A sync of a copy already here is not a download: the toast says what happened.
      showToast(res.sync ? 'MANUAL_SYNCED' : 'MANUAL_DOWNLOADED');
      if (res.sync)
        setNote(
          res.sync.changed || res.sync.removed
            ? `Actualizat: ${plural(res.sync.changed, 'element nou sau modificat', 'elemente noi sau modificate')}, ${plural(res.sync.removed, 'element scos', 'elemente scoase')} · ${formatSize(res.sync.bytes)} descărcați`
            : 'Copia de pe dispozitiv era deja la zi.',
        );
      if (res.failedImages) setError(`${res.failedImages} imagini nu au putut fi descărcate; încearcă din nou mai târziu.`);
    } catch (err) {
      const code =
        err instanceof StorageFullError
          ? err.code
          : err instanceof ApiError
            ? err.status === null && err.code === 'FORM_REQUEST_FAILED'
              ? 'FORM_NETWORK_REQUIRED'
              : err.code
            : 'FORM_AN_ERROR_HAS_OCCURRED';
      setError(code);
      if (err instanceof StorageFullError) setNote('Manualul nu a fost salvat: dispozitivul a refuzat spațiul, iar partea descărcată a fost ștearsă. Nu apare ca descărcat.');
      showToast(code, 'error');
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await removeManual(manual.id);
    } catch {
      setError('FORM_AN_ERROR_HAS_OCCURRED');
    }
  };

  const label = compact ? manual.title : undefined;
  const partialBytes = partial?.bytes ?? 0;
  const partialTotal = partial?.parts?.reduce((sum, p) => sum + p.bytes, 0) ?? 0;
  return (
    <div className="download" aria-live="polite">
      {busy ? (
        <div className="download__progress">
          <label>
            <span>
              {PHASE_LABEL[progress.phase]}
              {progress.phase === 'images' && progress.total ? ` (${progress.done ?? 0} din ${progress.total})` : ''} — {progress.percent}%
            </span>
            <span className="download__bytes">
              {progress.phase === 'data' && progress.totalBytes
                ? `${formatSize(progress.bytes)} din ${formatSize(progress.totalBytes)}${progress.parts ? ` · partea ${Math.min(progress.parts.done + 1, progress.parts.total)} din ${progress.parts.total}` : ''}`
                : progress.bytes
                  ? formatSize(progress.bytes)
                  : 'Se pregătește…'}
            </span>
            <progress max={progress.phase === 'data' && progress.totalBytes ? progress.totalBytes : 100} value={progress.phase === 'data' && progress.totalBytes ? progress.bytes : progress.percent} />
          </label>
        </div>
      ) : downloaded && local ? (
        <div className="download__done">
          <p className="download__status">
            <span aria-hidden="true">✓</span> Disponibil offline · {formatSize(local.size_bytes)} pe dispozitiv
            {local.downloaded_at ? ` · ${dateFmt.format(new Date(local.downloaded_at))}` : ''}
          </p>
          <div className="download__actions">
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void start()} disabled={!online} aria-label={label ? `Actualizează ${label}` : undefined}>
              Actualizează
            </button>
            <button type="button" className="btn btn--ghost btn--small download__remove" onClick={() => void remove()} aria-label={label ? `Șterge de pe dispozitiv ${label}` : undefined}>
              Șterge de pe dispozitiv
            </button>
          </div>
        </div>
      ) : partial ? (
        <div className="download__paused">
          <p className="download__bytes">
            Descărcare oprită la {formatSize(partialBytes)} din {formatSize(partialTotal)} ({partial.done?.length ?? 0} din {partial.parts?.length ?? 0} părți). Nu e încă disponibilă offline.
          </p>
          <button type="button" className="btn btn--primary btn--small" onClick={() => void start()} disabled={!online} aria-label={label ? `Reia descărcarea ${label}` : undefined}>
            Reia descărcarea
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn--primary btn--small" onClick={() => void start()} disabled={!online} aria-label={label ? `Descarcă pentru offline ${label}` : undefined}>
          Descarcă pentru offline
        </button>
      )}
      {note && !busy ? <p className="muted download__note">{note}</p> : null}
      {error ? error.includes(' ') ? <p className="muted">{error}</p> : <ErrorList codes={[error]} className="form-errors" /> : null}
    </div>
  );
}

// "Descarcă pentru offline" for one manual: progress by phase (data, images) with a percentage,
// the stored size, "Actualizează" and "Șterge de pe dispozitiv".
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../offline/db.ts';
import { downloadManual, formatSize, removeManual, type DownloadProgress } from '../../offline/download.ts';
import { StorageFullError } from '../../offline/errors.ts';
import { ApiError } from '../../api/errors.ts';
import { showToast } from '../../state/toast.ts';
import { app } from '../../state/app.ts';
import { ErrorList } from '../../shell/form/index.ts';
import '../../styles/content.css';

const PHASE_LABEL: Record<DownloadProgress['phase'], string> = {
  data: 'Se descarcă textul și grilele',
  images: 'Se descarcă imaginile',
  done: 'Gata',
};

const dateFmt = new Intl.DateTimeFormat('ro-RO', { day: 'numeric', month: 'long', year: 'numeric' });

export function DownloadButton({ manual, compact = false }: { manual: { id: number; slug: string; title: string }; compact?: boolean }) {
  const local = useLiveQuery(() => db.manuals.get(manual.id), [manual.id]);
  const { online } = useSnapshot(app);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const downloaded = Boolean(local?.downloaded_at);
  const busy = progress !== null;

  const start = async () => {
    setError(null);
    setProgress({ phase: 'data', percent: 0, bytes: 0 });
    try {
      const res = await downloadManual(manual.slug, setProgress);
      showToast('MANUAL_DOWNLOADED');
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
  return (
    <div className="download" aria-live="polite">
      {busy ? (
        <div className="download__progress">
          <label>
            <span>
              {PHASE_LABEL[progress.phase]}
              {progress.phase === 'images' && progress.total ? ` (${progress.done ?? 0} din ${progress.total})` : ''} — {progress.percent}%
              {progress.bytes ? ` · ${formatSize(progress.bytes)}` : ''}
            </span>
            <progress max={100} value={progress.percent} />
          </label>
        </div>
      ) : downloaded && local ? (
        <div className="download__done">
          <p className="download__status">
            <span aria-hidden="true">✓</span> Disponibil offline · {formatSize(local.size_bytes)}
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
      ) : (
        <button type="button" className="btn btn--primary btn--small" onClick={() => void start()} disabled={!online} aria-label={label ? `Descarcă pentru offline ${label}` : undefined}>
          Descarcă pentru offline
        </button>
      )}
      {error ? error.includes(' ') ? <p className="muted">{error}</p> : <ErrorList codes={[error]} className="form-errors" /> : null}
    </div>
  );
}

// Step 3 of the paper sheet: photos of the filled sheet from the camera or a file (png or jpg,
// at most 20 MB each, at most 4), checked here with the server's own limits, then sent and queued.
import { useState } from 'react';
import { uploadScan } from '../../api/scans.ts';
import { errorCode } from '../../api/errors.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { SCAN_IMAGE_MAX_BYTES, SCAN_IMAGE_TYPES, SCAN_MAX_IMAGES, type ScanPayload } from '../../shared/scan-schema.ts';
import { showToast } from '../../state/toast.ts';
import { FileField } from '../../shell/form/FileField.tsx';

/** The first rule a choice of files breaks, as the server would answer it. */
export function filesProblem(files: readonly { size: number; type: string }[]): string | null {
  if (files.length > SCAN_MAX_IMAGES) return 'FORM_SCAN_TOO_MANY_IMAGES';
  if (files.some((f) => f.size > SCAN_IMAGE_MAX_BYTES)) return 'FORM_SCAN_IMAGE_TOO_LARGE';
  if (files.some((f) => !(SCAN_IMAGE_TYPES as readonly string[]).includes(f.type))) return 'FORM_SCAN_IMAGE_UNREADABLE';
  return null;
}

export function ScanUpload({
  simulationId,
  online,
  busy,
  product,
  onQueued,
}: {
  simulationId: string;
  online: boolean;
  /** The previous scan: still being read, or waiting for the candidate's review. */
  busy: 'working' | 'review' | null;
  product: string;
  onQueued: (scan: ScanPayload) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const blocked = busy !== null;

  function choose(list: FileList | null) {
    const chosen = [...(list ?? [])];
    setFiles(chosen);
    setError(filesProblem(chosen));
  }

  async function send() {
    setSending(true);
    setError(null);
    try {
      const res = await uploadScan(simulationId, files);
      showToast(res.success);
      setFiles([]);
      onQueued(res.scan);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="scan-upload">
      <p id="scan-photos-hint" className="scan-upload__hint">Png sau jpg, cel mult 20 MB fiecare, cel mult {SCAN_MAX_IMAGES} fotografii.</p>
      <FileField
        id="scan-photos"
        file={files[0] ?? null}
        chosen={files.length > 1 ? `${files.length} fotografii: ${files.map((f) => f.name).join(', ')}` : undefined}
        onChange={(e) => choose(e.currentTarget.files)}
        accept={SCAN_IMAGE_TYPES.join(',')}
        capture="environment"
        multiple
        buttonText="Alege fotografiile foii"
        describedBy="scan-photos-hint"
        invalid={Boolean(error)}
        disabled={sending || blocked}
      />
      {error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary"
        disabled={!online || sending || blocked || !files.length || Boolean(filesProblem(files))}
        onClick={() => void send()}
      >
        {sending ? 'Se trimite…' : 'Trimite foaia'}
      </button>
      {busy === 'working' ? <p className="muted">Foaia trimisă se citește; poți trimite alta după aceea.</p> : null}
      {busy === 'review' ? <p className="muted">Confirmă mai întâi rândurile nesigure de mai jos.</p> : null}
    </div>
  );
}

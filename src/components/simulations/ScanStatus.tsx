// Where the latest scan of the sheet is: in the queue, being read, waiting for the candidate's
// review, graded (with the way to the result) or failed with its reason.
import { Link } from '../../router/Link.tsx';
import { messageFor } from '../../shared/messages.ro.ts';
import type { ScanPayload } from '../../shared/scan-schema.ts';
import { ScanReview } from './ScanReview.tsx';

// resultLinkAbove: the page already leads to this scan's result at its top, so the way is not offered twice.
export function ScanStatus({
  scan,
  product,
  onChange,
  resultLinkAbove = false,
}: {
  scan: ScanPayload;
  product: string;
  onChange: (s: ScanPayload) => void;
  resultLinkAbove?: boolean;
}) {
  return (
    <section className="card scan-status" aria-live="polite" aria-labelledby="scan-status-title">
      <h2 id="scan-status-title">Foaia trimisă</h2>
      {scan.status === 'queued' ? <p>În așteptare: foaia ta este la rând pentru citire.</p> : null}
      {scan.status === 'processing' ? <p>Se citește foaia…</p> : null}
      {scan.status === 'failed' ? (
        <p className="form-errors" role="alert">
          {messageFor(scan.error_code ?? 'FORM_SCAN_IMAGE_UNREADABLE', product)} Trimite o fotografie nouă.
        </p>
      ) : null}
      {scan.status === 'review' ? <ScanReview key={scan.id} scan={scan} product={product} onGraded={onChange} /> : null}
      {scan.status === 'graded' && scan.test_id && resultLinkAbove ? <p>Foaia a fost corectată.</p> : null}
      {scan.status === 'graded' && scan.test_id && !resultLinkAbove ? (
        <p>
          Foaia a fost corectată.{' '}
          <Link to={`/teste/${scan.test_id}/rezultate`} className="btn btn--primary">
            Vezi rezultatul
          </Link>
        </p>
      ) : null}
    </section>
  );
}

// The review screen of a read sheet: only the rows with an uncertain mark, each with the crop of
// the photo; the candidate sets the letters they really marked and confirms, then gets the grade.
import { useState } from 'react';
import { confirmScan } from '../../api/scans.ts';
import { errorCode } from '../../api/errors.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { noticesDone } from '../../state/notifications.ts';
import { SHEET_LETTERS, sheetPagePath, type ScanPayload, type SheetLetter } from '../../shared/scan-schema.ts';

export function ScanReview({ scan, product, onGraded }: { scan: ScanPayload; product: string; onGraded: (s: ScanPayload) => void }) {
  const rows = (scan.rows ?? []).filter((r) => r.uncertain.length);
  // Each uncertain row starts from what the reader was sure of: the candidate adds what they marked.
  const [choice, setChoice] = useState<Record<number, SheetLetter[]>>(() =>
    Object.fromEntries(rows.map((r) => [r.n, [...r.marked]])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (n: number, l: SheetLetter) =>
    setChoice((c) => {
      const cur = c[n] ?? [];
      return { ...c, [n]: cur.includes(l) ? cur.filter((x) => x !== l) : [...cur, l].sort() };
    });

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const res = await confirmScan(scan.id, { decisions: rows.map((r) => ({ n: r.n, marked: choice[r.n] ?? [] })) });
      // The server marked the "confirm the uncertain rows" notice read: the feed and the count follow.
      noticesDone(sheetPagePath(scan.simulation_id));
      onGraded(res.scan);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="scan-review">
      <p>
        Am citit foaia. {rows.length === 1 ? 'Un rând nu este clar' : `${rows.length} rânduri nu sunt clare`}: uită-te la fotografie și
        bifează ce ai marcat de fapt.
      </p>
      <ol className="scan-review__rows">
        {rows.map((r) => (
          <li key={r.n} className="scan-review__row">
            <p className="scan-review__label">Întrebarea {r.n}</p>
            {r.crop ? <img className="scan-review__crop" src={r.crop} alt={`Rândul ${r.n} din fotografie`} /> : null}
            <fieldset className="scan-review__letters" aria-label={`Răspunsul la întrebarea ${r.n}`}>
              {SHEET_LETTERS.map((l) => (
                <label key={l} className={r.uncertain.includes(l) ? 'scan-letter scan-letter--unsure' : 'scan-letter'}>
                  <input type="checkbox" checked={(choice[r.n] ?? []).includes(l)} onChange={() => toggle(r.n, l)} />
                  {l}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      {error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : null}
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void confirm()}>
        {busy ? 'Se corectează…' : 'Confirmă și vezi nota'}
      </button>
    </div>
  );
}

// /teste/simulare/foaie/:id — a simulation on paper: print the question booklet and the answer sheet
// (PDF with the sheet's QR code), solve with the session clock running, fill it in, photograph it; the photos are read off the request path and the result
// comes back live (and in the notifications); uncertain rows are confirmed here, then the grade.
// Once the sheet is graded the page says so at the top and the session clock stops (issue 32 §3);
// the sheet's short code, printed on it, is shown here so paper and screen can be matched.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { fetchSimulation, type SimulationSummary } from '../../api/simulations.ts';
import { downloadBooklet, downloadSheet, fetchScan, fetchScans } from '../../api/scans.ts';
import { saveBlob } from '../../api/invoices.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import type { ScanPayload, ScanSheet } from '../../shared/scan-schema.ts';
import { Link } from '../../router/Link.tsx';
import { useScanEvents } from '../../realtime/scan-events.ts';
import { PageNotices } from '../../components/simulations/PageNotices.tsx';
import { ScanUpload } from '../../components/simulations/ScanUpload.tsx';
import { ScanStatus } from '../../components/simulations/ScanStatus.tsx';
import { PaperClock, PaperTimerControls, usePaperTimer } from '../../components/simulations/PaperTimer.tsx';
import { minutesLabel, variantLabel } from '../../components/simulations/format.ts';
import '../../styles/tests.css';
import '../../styles/simulations.css';

/** While a scan is in the queue without live events (realtime down), the page asks again this often. */
const SCAN_POLL_MS = 4000;
const working = (s: ScanPayload | undefined) => s?.status === 'queued' || s?.status === 'processing';

export default function SimulationSheet() {
  const { id = '' } = useParams();
  const { online, product, user } = useSnapshot(app);
  const [sim, setSim] = useState<SimulationSummary | null>(null);
  const [scans, setScans] = useState<ScanPayload[]>([]);
  const [sheet, setSheet] = useState<ScanSheet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [printing, setPrinting] = useState<'sheet' | 'booklet' | null>(null);
  const latest = scans[0];
  const timer = usePaperTimer(user?.id ?? null, id, sim?.time_limit_s ?? 0, scans);
  const graded = scans.find((s) => s.status === 'graded' && s.test_id);
  // The graded notice at the top leads to the result; the scan's own card below then only says so.
  const gradedNotice = graded !== undefined && (timer.phase === 'graded' || !timer.session);

  const replace = useCallback((s: ScanPayload) => setScans((list) => [s, ...list.filter((x) => x.id !== s.id)]), []);

  useEffect(() => {
    if (!online) return;
    let live = true;
    Promise.all([fetchSimulation(id), fetchScans(id)])
      .then(([d, l]) => {
        if (!live) return;
        setSim(d.simulation);
        setScans(l.scans);
        setSheet(l.sheet);
      })
      .catch((err) => live && setError(errorCode(err)));
    return () => {
      live = false;
    };
  }, [id, online]);

  const refresh = useCallback(
    (scanId: string) =>
      fetchScan(scanId)
        .then(({ scan }) => replace(scan))
        .catch(() => undefined),
    [replace],
  );
  useScanEvents(user?.id, (e) => {
    if (e.simulation_id === id) void refresh(e.scan_id);
  });
  useEffect(() => {
    if (!working(latest) || !online) return;
    const t = setInterval(() => void refresh(latest!.id), SCAN_POLL_MS);
    return () => clearInterval(t);
  }, [latest, online, refresh]);

  async function print(what: 'sheet' | 'booklet') {
    setPrinting(what);
    setError(null);
    try {
      if (what === 'sheet') saveBlob(await downloadSheet(id), `foaie-raspuns-${id.slice(0, 8)}.pdf`);
      else saveBlob(await downloadBooklet(id), `subiecte-${id.slice(0, 8)}.pdf`);
      // The first print makes the sheet: its code is now there to show.
      if (!sheet) setSheet((await fetchScans(id)).sheet);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setPrinting(null);
    }
  }

  return (
    <section className="page page--narrow" aria-labelledby="sheet-title">
      <header className="page-header">
        <h1 id="sheet-title">Simulare pe hârtie</h1>
        {sim ? (
          <p className="muted">
            {sim.title} · {sim.profile.name} · {variantLabel(sim.variant)} · {sim.grid_count} întrebări · {minutesLabel(sim.time_limit_s)}
          </p>
        ) : null}
      </header>
      <PageNotices online={online} error={error} product={product} />
      {gradedNotice ? (
        <div className="notice sheet-graded" role="status">
          <p>
            <strong>Foaia ta a fost corectată.</strong> Rezultatul este gata{timer.phase === 'graded' ? ', iar cronometrul s-a oprit' : ''}.
          </p>
          <Link to={`/teste/${graded.test_id}/rezultate`} className="btn btn--primary">
            Vezi rezultatul
          </Link>
        </div>
      ) : null}
      {sim && user ? <PaperClock timer={timer} /> : null}
      <ol className="sheet-steps">
        <li className="card sheet-step">
          <h2>Tipărește subiectele și foaia de răspuns</h2>
          <p>
            Caietul cu subiecte are grilele în ordinea din examen, cu variantele A⁠–⁠E. Foaia de răspuns are câte un rând de elipse A⁠–⁠E pentru
            fiecare întrebare, marcaje în colțuri și un cod QR: este foaia ta, doar pentru această simulare.
          </p>
          <div className="sheet-step__actions">
            <button type="button" className="btn btn--ghost" disabled={!online || printing !== null || !sim} onClick={() => void print('booklet')}>
              {printing === 'booklet' ? 'Se pregătește…' : 'Descarcă subiectele (PDF)'}
            </button>
            <button type="button" className="btn btn--ghost" disabled={!online || printing !== null || !sim} onClick={() => void print('sheet')}>
              {printing === 'sheet' ? 'Se pregătește…' : 'Descarcă foaia (PDF)'}
            </button>
          </div>
          {sheet ? (
            <p className="sheet-code" data-testid="sheet-code">
              Numărul foii tale: <strong>{sheet.code}</strong>. Îl găsești tipărit sus pe foaie, lângă codul QR.
            </p>
          ) : null}
        </li>
        <li className="card sheet-step">
          <h2>Rezolvă și completează</h2>
          <p>
            Rezolvă subiectele din caiet și umple complet pe foaie elipsele alese, cu pix albastru sau negru. La întrebările cu complement multiplu
            marchează toate variantele corecte.
          </p>
          {sim && user ? <PaperTimerControls timer={timer} /> : null}
        </li>
        <li className="card sheet-step">
          <h2>Fotografiază și trimite</h2>
          <p>
            Fotografiază toată foaia, de sus, cu cele patru colțuri și codul QR vizibile și fără umbre puternice. Se corectează doar foaia ta
            pentru această simulare: foaia altcuiva sau a altei simulări este refuzată.
          </p>
          {sim ? (
            <ScanUpload simulationId={id} online={online} busy={working(latest) ? 'working' : latest?.status === 'review' ? 'review' : null} product={product} onQueued={replace} />
          ) : null}
        </li>
      </ol>
      {latest ? <ScanStatus scan={latest} product={product} onChange={replace} resultLinkAbove={gradedNotice && latest.id === graded?.id} /> : null}
    </section>
  );
}

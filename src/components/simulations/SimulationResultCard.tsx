// The simulation part of /teste/:id/rezultate: grade under the simulation's centre, rank and
// percentile among everyone who finished it, and the points per subject and per chapter.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { fetchSimulationResult, type SimulationResult } from '../../api/simulations.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { ESTIMATE_EXPLANATION, EstimateBadge } from '../practice/Estimate.tsx';
import { fmt } from './format.ts';
import { AdmissionEstimateBlock } from './AdmissionEstimateBlock.tsx';
import { HardestGrids } from './HardestGrids.tsx';
import { BREAKDOWN_TEXT, SimulationBreakdown } from './SimulationBreakdown.tsx';
import { forgetFinishedMedinsider } from '../../state/medinsider.ts';
import '../../styles/simulations.css';

export function SimulationResultCard({ testId, finished }: { testId: string; finished: boolean }) {
  const { online, product } = useSnapshot(app);
  const [res, setRes] = useState<SimulationResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!online || !finished) return;
    let live = true;
    fetchSimulationResult(testId)
      .then((r) => {
        // Finished: a stored Medinsider link to this simulation no longer brings the app back (SPEC §2).
        forgetFinishedMedinsider(r.simulation.id);
        if (live) setRes(r);
      })
      .catch((err) => live && setError(errorCode(err)));
    return () => {
      live = false;
    };
  }, [testId, online, finished]);

  if (error) return <p className="form-errors">{messageFor(error, product)}</p>;
  if (!res) return null;
  const estimate = !res.profile_known;
  return (
    <section className="card sim-result" aria-labelledby="sim-result-title">
      <h2 id="sim-result-title">{res.simulation.title}</h2>
      <p className="muted">
        Punctat după regulile centrului {res.simulation.profile.name}
        {estimate ? (
          <>
            {' '}
            <EstimateBadge describedBy="sim-estimate" />
          </>
        ) : null}
      </p>
      <dl className="sim-result__stats">
        <div>
          <dt>Nota</dt>
          <dd>
            <strong>{fmt(res.grade)}</strong>
          </dd>
        </div>
        <div>
          <dt>Punctaj</dt>
          <dd>
            {fmt(res.score)} / {fmt(res.max_score)}
          </dd>
        </div>
        <div>
          <dt>Locul</dt>
          <dd data-testid="sim-rank">
            {res.rank} din {res.total}
          </dd>
        </div>
        {res.percentile !== null ? (
          <div>
            <dt>Percentila</dt>
            <dd data-testid="sim-percentile">{fmt(res.percentile, 1)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="muted" data-testid="sim-percentile-text">
        {res.percentile !== null
          ? `Ai obținut un rezultat mai bun decât ${fmt(res.percentile, 1)}% dintre ceilalți candidați care au terminat simularea.`
          : 'Ești singurul candidat care a terminat această simulare: nu ai încă cu cine să te compari.'}
      </p>
      {estimate ? (
        <p id="sim-estimate" className="estimate-note">
          {ESTIMATE_EXPLANATION}
        </p>
      ) : null}
      <SimulationBreakdown by="subject" rows={res.by_subject} />
      <SimulationBreakdown by="chapter" rows={res.by_chapter} />
      <p className="muted sim-breakdown__note">{BREAKDOWN_TEXT.note}</p>
      <HardestGrids grids={res.hardest} total={res.total} />
      <AdmissionEstimateBlock center={res.simulation.profile.slug} />
    </section>
  );
}

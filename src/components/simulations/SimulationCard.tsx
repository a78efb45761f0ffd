// One simulation in a list: format, window, premium, the candidate's best result, and the button
// that starts it (or resumes the attempt in progress).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { Link } from '../../router/Link.tsx';
import { startSimulation, type SimulationSummary } from '../../api/simulations.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { SCAN_MIN_GRIDS } from '../../shared/scan-schema.ts';
import { EstimateBadge } from '../practice/Estimate.tsx';
import type { ScoringProfile } from '../../shared/scoring.ts';
import { DEFAULT_SCORING_PROFILES } from '../../shared/scoring-profiles.ts';
import { SimulationRules } from './SimulationRules.tsx';
import { finishedLabel, fmt, minutesLabel, variantLabel, windowLabel } from './format.ts';

/** `profile`: the centre's rules as the admin last set them (the defaults when not given). */
export function SimulationCard({ sim, profile, onStarted }: { sim: SimulationSummary; profile?: ScoringProfile; onStarted?: (testId: string) => void }) {
  const navigate = useNavigate();
  const { product, user } = useSnapshot(app);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rules, setRules] = useState(false);
  const rulesOf = profile ?? DEFAULT_SCORING_PROFILES.find((p) => p.slug === sim.profile.slug);
  const locked = sim.is_premium && !user?.is_premium;
  const canStart = Boolean(sim.my_open_test_id) || (sim.window === 'open' && !locked);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const res = await startSimulation(sim.id);
      onStarted?.(res.test.id);
      navigate(`/teste/${res.test.id}`);
    } catch (err) {
      setRules(false);
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="card sim-card" aria-labelledby={`sim-${sim.id}`}>
      <header className="sim-card__head">
        <h2 id={`sim-${sim.id}`} className="sim-card__title">
          {sim.title}
        </h2>
        {sim.is_premium ? <span className="pill pill--premium">Premium</span> : null}
      </header>
      <p className="sim-card__meta">
        {sim.profile.name} · {variantLabel(sim.variant)} · {sim.grid_count} întrebări · {minutesLabel(sim.time_limit_s)}
        {sim.profile.known ? null : (
          <>
            {' '}
            <EstimateBadge />
          </>
        )}
      </p>
      <p className="muted sim-card__window">
        {windowLabel(sim)} · {finishedLabel(sim.finished_count)}
      </p>
      {sim.my_best ? (
        <p className="sim-card__best">
          Cel mai bun rezultat: nota <strong>{fmt(sim.my_best.grade)}</strong> ({fmt(sim.my_best.score)} / {fmt(sim.my_best.max_score)} p){' '}
          <Link to={`/teste/${sim.my_best.test_id}/rezultate`}>Vezi rezultatul</Link>
        </p>
      ) : null}
      <div className="sim-card__actions">
        {canStart ? (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => (sim.my_open_test_id ? void start() : setRules(true))}>
            {sim.my_open_test_id ? 'Continuă simularea' : sim.my_best ? 'Reia simularea' : 'Începe simularea'}
          </button>
        ) : locked && sim.window === 'open' ? (
          <Link to="/cont/premium" className="btn btn--ghost">
            Disponibilă cu Premium
          </Link>
        ) : null}
        {sim.window === 'open' && !locked && sim.grid_count >= SCAN_MIN_GRIDS ? (
          <Link to={`/teste/simulare/foaie/${sim.id}`} className="btn btn--ghost">
            Rezolvă pe hârtie
          </Link>
        ) : null}
      </div>
      <SimulationRules sim={sim} profile={rulesOf} open={rules} busy={busy} onStart={() => void start()} onClose={() => setRules(false)} />
      {error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : null}
    </article>
  );
}

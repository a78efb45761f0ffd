// The rules-and-start screen of a simulation (issue 32 §5): nothing starts the 3-hour clock until
// the candidate has seen the questions by type, the scoring, the points from attending and the
// time, and confirmed.
import { Modal } from '../../shell/Modal.tsx';
import type { ScoringProfile } from '../../shared/scoring.ts';
import type { SimulationSummary } from '../../shared/simulation-schema.ts';
import { simulationRules } from './rules-text.ts';

export function SimulationRules({ sim, profile, open, busy, onStart, onClose }: {
  sim: SimulationSummary;
  profile: ScoringProfile | undefined;
  open: boolean;
  busy: boolean;
  onStart: () => void;
  onClose: () => void;
}) {
  const rules = simulationRules(profile, sim.grid_count, sim.time_limit_s);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Regulile simulării: ${sim.profile.name}`}
      className="sim-rules"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Nu acum
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={onStart}>
            Pornește simularea
          </button>
        </>
      }
    >
      <h3 className="sim-rules__head">Întrebările</h3>
      <ul className="sim-rules__list">
        {rules.questions.map((q) => (
          <li key={q}>{q}</li>
        ))}
      </ul>
      {rules.grade.length ? (
        <>
          <h3 className="sim-rules__head">Nota</h3>
          <ul className="sim-rules__list">
            {rules.grade.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="sim-rules__head">Timpul</h3>
      <p>{rules.time}</p>
    </Modal>
  );
}

// The paper's hardest grids among everyone who finished the simulation (issue 9 §4): position,
// statement and the share answered right. Hidden until enough candidates finished.
import type { HardGrid } from '../../api/simulations.ts';
import { HARDEST_MIN_TAKERS } from '../../shared/simulation-schema.ts';

export function HardestGrids({ grids, total }: { grids: HardGrid[]; total: number }) {
  return (
    <section className="sim-hardest" aria-labelledby="sim-hardest-title">
      <h3 id="sim-hardest-title">Cele mai grele grile</h3>
      {grids.length ? (
        <ol className="sim-hardest__list">
          {grids.map((g) => (
            <li key={g.position}>
              <span className="sim-hardest__pos">Grila {g.position}</span> {g.statement}{' '}
              <span className="muted">
                · rezolvată corect de {Math.round(g.share_right * 100)}% ({g.attempts} {g.attempts === 1 ? 'încercare' : 'încercări'})
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">
          Apar după ce cel puțin {HARDEST_MIN_TAKERS} candidați termină simularea (acum: {total}).
        </p>
      )}
    </section>
  );
}

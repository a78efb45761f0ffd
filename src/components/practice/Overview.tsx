// Overview of every number of a test: answered, flagged, current (and outcome after finishing).
import { cellClass, cellLabel, type Cell } from '../../state/solve.ts';

export function Overview({ cells, onSelect, label = 'Toate grilele testului' }: { cells: readonly Cell[]; onSelect: (index: number) => void; label?: string }) {
  return (
    <nav className="overview" aria-label={label}>
      <ol className="overview__list">
        {cells.map((c, i) => (
          <li key={c.gridId}>
            <button
              type="button"
              className={cellClass(c)}
              aria-label={cellLabel(c)}
              aria-current={c.current ? 'step' : undefined}
              onClick={() => onSelect(i)}
            >
              {c.position}
              {c.flagged ? <span className="overview__flag" aria-hidden="true" /> : null}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

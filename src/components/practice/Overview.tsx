// Overview of every number of a test: answered, flagged, current (and outcome after finishing).
// A cell renders again only when its own state changes: an answer or a move on the solve screen
// touches one or two of fifty buttons (issue 24 §2, a tap on a cheap phone).
import { memo } from 'react';
import { cellClass, cellLabel, type Cell, type CellView } from '../../state/solve.ts';

type CellProps = CellView & { index: number; onSelect: (index: number) => void };

const OverviewCell = memo(function OverviewCell({ index, onSelect, ...c }: CellProps) {
  return (
    <li>
      <button type="button" className={cellClass(c)} aria-label={cellLabel(c)} aria-current={c.current ? 'step' : undefined} onClick={() => onSelect(index)}>
        {c.position}
        {c.flagged ? <span className="overview__flag" aria-hidden="true" /> : null}
      </button>
    </li>
  );
});

export const Overview = memo(function Overview({ cells, onSelect, label = 'Toate grilele testului' }: { cells: readonly Cell[]; onSelect: (index: number) => void; label?: string }) {
  return (
    <nav className="overview" aria-label={label}>
      <ol className="overview__list">
        {cells.map((c, i) => (
          <OverviewCell key={c.gridId} index={i} onSelect={onSelect} position={c.position} answered={c.answered} flagged={c.flagged} current={c.current} outcome={c.outcome} />
        ))}
      </ol>
    </nav>
  );
});

// The solve screen's top bar: leave, the answered count with the offline and pending-answers pills,
// the keyboard help button and the timer of a timed test.
import { PendingPill } from '../sync/SyncStatus.tsx';
import type { LocalTest } from '../../offline/db.ts';
import { ShortcutsButton } from './ShortcutsHelp.tsx';
import { Timer } from './Timer.tsx';

export type SolveHeaderProps = {
  test: LocalTest;
  online: boolean;
  answered: number;
  total: number;
  helpOpen: boolean;
  onLeave: () => void;
  onToggleHelp: () => void;
  onExpire: () => void;
};

export function SolveHeader({ test, online, answered, total, helpOpen, onLeave, onToggleHelp, onExpire }: SolveHeaderProps) {
  return (
    <header className="solve__bar">
      <button type="button" className="btn btn--ghost btn--small" onClick={onLeave}>
        ← Ieși
      </button>
      <p className="solve__progress" aria-live="polite">
        {answered}/{total} răspunse
        {test.source === 'offline' || !online ? <span className="pill pill--offline">offline</span> : null}
        <PendingPill testId={test.id} />
      </p>
      <ShortcutsButton open={helpOpen} onToggle={onToggleHelp} />
      {test.time_limit_s ? <Timer test={test} onExpire={onExpire} /> : null}
    </header>
  );
}

// What the group test covers, as the creator chose it: the manual, the chapters (or all of them)
// and the difficulty, so whoever opens the lobby knows what they are joining.
import type { GroupState } from '../../../shared/group-payloads.ts';

const DIFFICULTY = { easy: 'grile ușoare', hard: 'grile grele' } as const;
/** Past this many chapter titles the line says how many more. */
const SHOWN = 3;

export function SourceLine({ state }: { state: GroupState }) {
  const { manual, chapters, difficulty } = state.source;
  const parts = [
    manual ?? 'Manual șters',
    chapters.length === 0
      ? 'toate capitolele'
      : chapters.length <= SHOWN
        ? chapters.join(', ')
        : `${chapters.slice(0, SHOWN).join(', ')} și încă ${chapters.length - SHOWN} ${chapters.length - SHOWN === 1 ? 'capitol' : 'capitole'}`,
  ];
  if (difficulty) parts.push(DIFFICULTY[difficulty]);
  return (
    <p className="group-source" data-testid="group-source">
      {parts.join(' · ')}
    </p>
  );
}

// Standings over the closed grids (the server never counts the open one). Equal scores share a
// rank (1, 1, 3); the server orders them by name.
import type { GroupStanding } from '../../../shared/group-payloads.ts';
import { formatPoints, ranks } from './score.ts';

export function Standings({ standings, me }: { standings: GroupStanding[]; me: number }) {
  const rank = ranks(standings.map((s) => s.score));
  return (
    <ol className="group-standings" data-testid="group-standings">
      {standings.map((s, i) => (
        <li key={s.user_id} className={s.user_id === me ? 'is-me' : undefined}>
          <span className="group-standings__rank">{rank[i]}.</span>
          <span className="group-standings__name">{s.name}</span>
          <strong>{formatPoints(s.score)}</strong>
        </li>
      ))}
    </ol>
  );
}

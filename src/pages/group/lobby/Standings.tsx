// Standings over the closed grids (the server never counts the open one).
import type { GroupStanding } from '../../../shared/group-payloads.ts';

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace('.', ','));

export function Standings({ standings, me }: { standings: GroupStanding[]; me: number }) {
  return (
    <ol className="group-standings" data-testid="group-standings">
      {standings.map((s, i) => (
        <li key={s.user_id} className={s.user_id === me ? 'is-me' : undefined}>
          <span className="group-standings__rank">{i + 1}.</span>
          <span className="group-standings__name">{s.name}</span>
          <strong>{fmt(s.score)} p</strong>
        </li>
      ))}
    </ol>
  );
}

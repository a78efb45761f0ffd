// The member list of the waiting room and the live standings: who is invited, who is in, who is
// here now (presence), ready marks, and the creator's actions (kick, make creator).
import type { GroupMember, GroupState } from '../../../shared/group-payloads.ts';

type Props = {
  state: GroupState;
  present: Set<number>;
  onKick?: (m: GroupMember) => void;
  onCreator?: (m: GroupMember) => void;
};

const STATUS: Record<GroupMember['status'], string> = {
  invited: 'invitat',
  joined: 'în test',
  left: 'a ieșit',
  kicked: 'eliminat',
};

export function Members({ state, present, onKick, onCreator }: Props) {
  const mine = state.creator_id === state.me.user_id;
  return (
    <ul className="group-members" aria-label="Participanți">
      {state.members.map((m) => (
        <li key={m.user_id} className={`group-member group-member--${m.status}`} data-user={m.user_id}>
          <span className={`group-member__dot${present.has(m.user_id) ? ' is-here' : ''}`} title={present.has(m.user_id) ? 'conectat acum' : 'neconectat'} aria-hidden="true" />
          <span className="group-member__name">
            {m.name}
            {m.user_id === state.creator_id ? <span className="chip chip--soft group-member__tag">creator</span> : null}
            {/* Kept with the name's last word: "(tu)" alone on a line read as someone else's. */}
            {m.user_id === state.me.user_id ? <span className="muted group-member__me">{'\u00a0(tu)'}</span> : null}
          </span>
          <span className="group-member__status muted">
            {STATUS[m.status]}
            {m.status === 'joined' && m.ready ? ' · gata' : ''}
            {present.has(m.user_id) ? ' · conectat' : ''}
          </span>
          {mine && m.user_id !== state.me.user_id && m.status !== 'kicked' ? (
            <span className="group-member__actions">
              {onCreator && m.status === 'joined' ? (
                <button type="button" className="btn btn--ghost btn--small" onClick={() => onCreator(m)}>
                  Predă rolul de creator
                </button>
              ) : null}
              {onKick ? (
                <button type="button" className="btn btn--ghost btn--small" onClick={() => onKick(m)}>
                  Elimină
                </button>
              ) : null}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

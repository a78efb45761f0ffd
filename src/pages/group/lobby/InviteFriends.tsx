// The creator invites more friends from the waiting room (POST /groups/:hash/invite): friends who
// are not members yet. Those without Premium are listed but marked and not offered (they could
// not open the lobby); if the server still refuses one (premium ended meanwhile) it is named.
import { useEffect, useState } from 'react';
import { fetchGroupFriends, inviteFriend, type GroupFriend } from '../../../api/groups.ts';
import type { GroupState } from '../../../shared/group-payloads.ts';
import { FreeFriendsNote, refusedNames } from './FreeFriends.tsx';

type Props = { state: GroupState; busy: boolean; run: (call: () => Promise<unknown>) => Promise<void> };

export function InviteFriends({ state, busy, run }: Props) {
  const [friends, setFriends] = useState<GroupFriend[] | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  useEffect(() => {
    fetchGroupFriends()
      .then((r) => setFriends(r.friends))
      .catch(() => setFriends([]));
  }, []);
  const members = new Set(state.members.map((m) => m.user_id));
  const others = friends?.filter((f) => !members.has(f.id)) ?? [];
  if (friends === null || others.length === 0) return null;
  const invite = (f: GroupFriend) =>
    run(async () => {
      setRefused([]);
      try {
        return await inviteFriend(state.hash, f.id);
      } catch (err) {
        setRefused(refusedNames(err));
        throw err;
      }
    });
  return (
    <div className="card">
      <h2 className="group-section-title">Invită încă un prieten</h2>
      <ul className="group-members" aria-label="Prieteni de invitat">
        {others.map((f) => (
          <li key={f.id} className={`group-member${f.premium ? '' : ' is-unavailable'}`} data-friend={f.id}>
            <span className="group-member__name">{f.name}</span>
            {f.premium ? (
              <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void invite(f)}>
                Invită
              </button>
            ) : (
              <span className="chip chip--soft group-free-tag">fără Premium</span>
            )}
          </li>
        ))}
      </ul>
      <FreeFriendsNote friends={others} />
      {refused.length ? (
        <ul className="form-field__errors" data-testid="group-refused">
          <li>Fără Premium: {refused.join(', ')}.</li>
        </ul>
      ) : null}
    </div>
  );
}

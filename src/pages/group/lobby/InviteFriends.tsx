// The creator invites more friends from the waiting room (POST /groups/:hash/invite): friends who
// are not members yet. The server checks friendship and premium and answers the §8 codes
// (already invited, not premium) shown by the page like every other action.
import { useEffect, useState } from 'react';
import { getFriends, type Friend } from '../../../api/friends.ts';
import { inviteFriend } from '../../../api/groups.ts';
import type { GroupState } from '../../../shared/group-payloads.ts';

type Props = { state: GroupState; busy: boolean; run: (call: () => Promise<unknown>) => Promise<void> };

export function InviteFriends({ state, busy, run }: Props) {
  const [friends, setFriends] = useState<Friend[] | null>(null);
  useEffect(() => {
    getFriends()
      .then((r) => setFriends(r.friends))
      .catch(() => setFriends([]));
  }, []);
  const members = new Set(state.members.map((m) => m.user_id));
  const others = friends?.filter((f) => !members.has(f.id)) ?? [];
  if (friends === null || others.length === 0) return null;
  return (
    <div className="card">
      <h2 className="group-section-title">Invită încă un prieten</h2>
      <ul className="group-members" aria-label="Prieteni de invitat">
        {others.map((f) => (
          <li key={f.id} className="group-member">
            <span className="group-member__name">{f.name}</span>
            <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void run(() => inviteFriend(state.hash, f.id))}>
              Invită
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

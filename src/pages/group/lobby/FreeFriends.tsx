// Friends without Premium cannot open a group test (every group endpoint checks it), so the pages
// mark them instead of offering them, say why, and name them when the server refuses an invitation
// (its error body lists them in `users`).
import { ApiError } from '../../../api/errors.ts';
import type { GroupFriend } from '../../../api/groups.ts';

/** The names the server refused (FORM_GROUP_FRIEND_NOT_PREMIUM lists them), else none. */
export function refusedNames(err: unknown): string[] {
  if (!(err instanceof ApiError)) return [];
  const users = (err.body as { users?: unknown }).users;
  if (!Array.isArray(users)) return [];
  return users.flatMap((u: unknown) => (u && typeof (u as { name?: unknown }).name === 'string' ? [(u as { name: string }).name] : []));
}

export function FreeFriendsNote({ friends }: { friends: GroupFriend[] | null }) {
  const free = friends?.filter((f) => !f.premium) ?? [];
  if (!free.length) return null;
  return (
    <p className="muted group-free-note" data-testid="group-free-note">
      Testele de grup sunt doar pentru Premium:{' '}
      {free.length === 1
        ? 'persoana marcată „fără Premium” nu poate intra, deci nu poate fi invitată.'
        : 'persoanele marcate „fără Premium” nu pot intra, deci nu pot fi invitate.'}
    </p>
  );
}

// What the sections of /cont share: the titled section and the refresh of the signed-in user
// after a change.
import type { ReactNode } from 'react';
import { setUser } from '../../../state/user.ts';
import type { User } from '../../../shared/types.ts';
import { getCurrentUser, type UserResponse } from '../../../api/account.ts';

/** Applies a user from a response, or re-reads it when the server answered without one. */
export async function refreshUser(res: UserResponse | undefined): Promise<User | null> {
  if (res?.user) {
    setUser(res.user);
    return res.user;
  }
  try {
    const user = await getCurrentUser();
    setUser(user);
    return user;
  } catch {
    return null;
  }
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="form-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

// Who is asking, as far as content visibility goes: anonymous, signed in, premium (admins see
// everything premium users see).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';

export type Viewer = { id: number; premium: boolean; admin: boolean } | null;

export async function viewerOf(db: Db, req: FastifyRequest): Promise<Viewer> {
  if (!req.auth) return null;
  // Read here, not from the token cache: a premium or admin change shows on the next request.
  const row = await db.one<{ premium: boolean; is_admin: boolean }>(
    'select (premium_until is not null and premium_until > now()) as premium, is_admin from users where id = $1',
    [req.auth.id],
  );
  const admin = Boolean(row?.is_admin);
  return { id: req.auth.id, premium: Boolean(row?.premium) || admin, admin };
}

export const canSeePremium = (v: Viewer) => Boolean(v?.premium);

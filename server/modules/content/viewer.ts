// Who is asking, as far as content visibility goes: anonymous, signed in, premium (admins see
// everything premium users see).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';

export type Viewer = { id: number; premium: boolean; admin: boolean } | null;

export async function viewerOf(db: Db, req: FastifyRequest): Promise<Viewer> {
  if (!req.auth) return null;
  const row = await db.one<{ premium: boolean }>(
    'select (premium_until is not null and premium_until > now()) as premium from users where id = $1',
    [req.auth.id],
  );
  return { id: req.auth.id, premium: Boolean(row?.premium) || req.auth.isAdmin, admin: req.auth.isAdmin };
}

export const canSeePremium = (v: Viewer) => Boolean(v?.premium);

// SQL of the partner account: identities (provider 'partner', subject) and pending authorization requests.
import type { Db } from '../../db/db.ts';
import { hashToken } from '../../lib/tokens.ts';
import { USER_COLUMNS, type UserRow } from '../auth/user-dto.ts';

export const PROVIDER = 'partner';
/** Minutes the partner has to send the browser back. */
export const REQUEST_TTL_MIN = 10;

export type Purpose = 'login' | 'link';
export type AuthRequest = { purpose: Purpose; user_id: number | null; binding_hash: string; nonce: string; code_verifier: string };
export type Identity = { user_id: number; subject: string; email: string | null; created_at: Date | string };

export async function saveRequest(
  db: Db,
  r: { state: string; purpose: Purpose; userId: number | null; binding: string; nonce: string; verifier: string },
): Promise<void> {
  // Expired requests go as new ones come (an index on expires_at keeps it cheap).
  await db.query('delete from partner_auth_requests where expires_at < now()');
  await db.query(
    `insert into partner_auth_requests (state_hash, purpose, user_id, binding_hash, nonce, code_verifier, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + $7::int * interval '1 minute')`,
    [hashToken(r.state), r.purpose, r.userId, hashToken(r.binding), r.nonce, r.verifier, REQUEST_TTL_MIN],
  );
}

/** Takes the request of `state` once: a second callback with the same state (replay, double tab) finds nothing. */
export function consumeRequest(db: Db, state: string): Promise<AuthRequest | undefined> {
  return db.one<AuthRequest>(
    `delete from partner_auth_requests where state_hash = $1 and expires_at > now()
     returning purpose, user_id, binding_hash, nonce, code_verifier`,
    [hashToken(state)],
  );
}

export function identityBySubject(db: Db, subject: string): Promise<Identity | undefined> {
  return db.one<Identity>(
    'select user_id, subject, email, created_at from user_identities where provider = $1 and subject = $2',
    [PROVIDER, subject],
  );
}

export function identityOfUser(db: Db, userId: number): Promise<Identity | undefined> {
  return db.one<Identity>(
    'select user_id, subject, email, created_at from user_identities where provider = $1 and user_id = $2',
    [PROVIDER, userId],
  );
}

export async function insertIdentity(db: Db, userId: number, subject: string, email: string | null): Promise<void> {
  await db.query('insert into user_identities (user_id, provider, subject, email) values ($1, $2, $3, $4)', [
    userId,
    PROVIDER,
    subject,
    email,
  ]);
}

export async function noteIdentityEmail(db: Db, userId: number, email: string | null): Promise<void> {
  await db.query('update user_identities set email = $3 where provider = $1 and user_id = $2', [PROVIDER, userId, email]);
}

export async function deleteIdentity(db: Db, userId: number): Promise<boolean> {
  const row = await db.one<{ user_id: number }>(
    'delete from user_identities where provider = $1 and user_id = $2 returning user_id',
    [PROVIDER, userId],
  );
  return Boolean(row);
}

export function userById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.one<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
}

export function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.one<UserRow>(`select ${USER_COLUMNS} from users where email = $1`, [email]);
}

export async function insertPartnerUser(db: Db, u: { name: string; email: string }): Promise<UserRow> {
  const row = await db.one<UserRow>(
    `insert into users (name, email, auth_provider, email_verified_at) values ($1, $2, 'partner', now())
     returning ${USER_COLUMNS}`,
    [u.name, u.email],
  );
  return row!;
}

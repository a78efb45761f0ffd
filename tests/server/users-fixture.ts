// Signed-in users for server tests without going through the auth routes: a users row plus an
// auth_tokens row holding the SHA-256 of a fresh token (what the auth plugin looks up).
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { hashToken, newToken } from '../../server/lib/tokens.ts';
import { hashPassword } from '../../server/lib/passwords.ts';

export type UserOverrides = Partial<{
  name: string;
  email: string;
  /** Plain password; hashed with argon2id. null leaves password_hash empty. */
  password: string | null;
  auth_provider: 'password' | 'google' | 'partner';
  email_verified: boolean;
  manual_id: number | null;
  specialization_id: number | null;
  center_id: number | null;
  theme: 'light' | 'dark';
  premium_until: Date | null;
  is_admin: boolean;
}>;

export const DEFAULT_PASSWORD = 'parola-buna-123';

// One argon2id hash per password per test process (DEFAULT_PASSWORD's: one per run, made by
// tests/server/global-setup.ts): at the library's production cost (64 MiB, t=3) a hash takes
// 0.2–0.6 s, and a fixture user is made in nearly every test. A salt shared between fixture users
// changes nothing a test reads; the hashing of registration, reset and password change runs as in
// production, through their own routes.
const fixtureHashes = new Map<string, Promise<string>>();
function fixtureHash(plain: string): Promise<string> {
  if (plain === DEFAULT_PASSWORD && !fixtureHashes.has(plain)) {
    const made = inject('defaultPasswordHash');
    if (made) fixtureHashes.set(plain, Promise.resolve(made));
  }
  let hash = fixtureHashes.get(plain);
  if (!hash) fixtureHashes.set(plain, (hash = hashPassword(plain)));
  return hash;
}

export async function createUser(
  db: Db,
  overrides: UserOverrides = {},
): Promise<{ id: number; token: string; email: string }> {
  const email = overrides.email ?? `user-${randomBytes(5).toString('hex')}@exemplu.ro`;
  const provider = overrides.auth_provider ?? 'password';
  const plain =
    overrides.password === undefined
      ? provider === 'password'
        ? DEFAULT_PASSWORD
        : null
      : overrides.password;
  const row = await db.one<{ id: number }>(
    `insert into users (name, email, password_hash, auth_provider, email_verified_at, manual_id, specialization_id,
                        center_id, theme, premium_until, is_admin)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      overrides.name ?? 'Popescu Ana',
      email,
      plain ? await fixtureHash(plain) : null,
      provider,
      overrides.email_verified === false ? null : new Date(),
      overrides.manual_id ?? null,
      overrides.specialization_id ?? null,
      overrides.center_id ?? null,
      overrides.theme ?? 'light',
      overrides.premium_until ?? null,
      overrides.is_admin ?? false,
    ],
  );
  const token = await createToken(db, row!.id);
  return { id: row!.id, token, email };
}

/** Another valid session for the user. */
export async function createToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into auth_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '30 days')`,
    [userId, hashToken(token)],
  );
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

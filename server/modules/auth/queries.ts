// SQL of the accounts module: users, bearer tokens, single-use mail links, login attempts.
import type { Db } from '../../db/db.ts';
import { newToken, hashToken } from '../../lib/tokens.ts';
import { USER_COLUMNS, type UserRow } from './user-dto.ts';

export type MailPurpose = 'confirm_email' | 'reset_password';
export type AccountRow = UserRow & { password_hash: string | null; google_sub: string | null };

const ACCOUNT_COLUMNS = `${USER_COLUMNS}, password_hash, google_sub`;

export function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(`select ${ACCOUNT_COLUMNS} from users where email = $1`, [email]);
}

export function findAccountByGoogleSub(db: Db, sub: string): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(`select ${ACCOUNT_COLUMNS} from users where google_sub = $1`, [sub]);
}

export function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(`select ${ACCOUNT_COLUMNS} from users where id = $1`, [id]);
}

export async function insertPasswordUser(
  db: Db,
  u: { name: string; email: string; passwordHash: string; callName?: string | null },
): Promise<AccountRow> {
  const row = await db.one<AccountRow>(
    `insert into users (name, email, password_hash, auth_provider, call_name) values ($1, $2, $3, 'password', $4)
     returning ${ACCOUNT_COLUMNS}`,
    [u.name, u.email, u.passwordHash, u.callName ?? null],
  );
  return row!;
}

export async function insertGoogleUser(
  db: Db,
  u: { name: string; email: string; sub: string },
): Promise<AccountRow> {
  const row = await db.one<AccountRow>(
    `insert into users (name, email, auth_provider, google_sub, email_verified_at) values ($1, $2, 'google', $3, now())
     returning ${ACCOUNT_COLUMNS}`,
    [u.name, u.email, u.sub],
  );
  return row!;
}

/** Links a Google subject to an existing Google account found by email and marks the email verified. */
export async function linkGoogleSub(db: Db, userId: number, sub: string): Promise<AccountRow> {
  const row = await db.one<AccountRow>(
    `update users set google_sub = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
      where id = $1 returning ${ACCOUNT_COLUMNS}`,
    [userId, sub],
  );
  return row!;
}

// ---- bearer tokens ----

/** Issues a bearer token valid for ttlDays; only its hash is stored. */
export async function issueAuthToken(
  db: Db,
  userId: number,
  ttlDays: number,
  userAgent?: string,
): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into auth_tokens (user_id, token_hash, expires_at, user_agent)
     values ($1, $2, now() + $3::int * interval '1 day', $4)`,
    [userId, hashToken(token), ttlDays, userAgent ? userAgent.slice(0, 400) : null],
  );
  return token;
}

// Revoking tokens: server/lib/sessions.ts revokeTokens (database and every process's token cache).

// ---- single-use mail links ----

export async function createMailToken(
  db: Db,
  userId: number,
  purpose: MailPurpose,
  ttlMinutes: number,
): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into mail_tokens (user_id, purpose, token_hash, expires_at)
     values ($1, $2, $3, now() + $4::int * interval '1 minute')`,
    [userId, purpose, hashToken(token), ttlMinutes],
  );
  return token;
}

/**
 * Marks a valid (unused, unexpired) link as used and returns its user id; undefined otherwise.
 * The conditional update makes the link single-use even under concurrent requests.
 */
export async function consumeMailToken(
  db: Db,
  token: string,
  purpose: MailPurpose,
): Promise<number | undefined> {
  const row = await db.one<{ user_id: number }>(
    `update mail_tokens set used_at = now()
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
      returning user_id`,
    [hashToken(token), purpose],
  );
  return row?.user_id;
}

/** Invalidates the other outstanding links of a user for a purpose (after one was used). */
export async function expireMailTokens(db: Db, userId: number, purpose: MailPurpose): Promise<void> {
  await db.query(
    'update mail_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null',
    [userId, purpose],
  );
}

/** How many links of a purpose a user got in the last `minutes` (to cap mail sending). */
export async function countRecentMailTokens(
  db: Db,
  userId: number,
  purpose: MailPurpose,
  minutes: number,
): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::int as n from mail_tokens
      where user_id = $1 and purpose = $2 and created_at > now() - $3::int * interval '1 minute'`,
    [userId, purpose, minutes],
  );
  return row?.n ?? 0;
}

export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db.query(
    'update users set email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = $1',
    [userId],
  );
}

export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [
    userId,
    passwordHash,
  ]);
}

/** Row lock on the user until the transaction ends: serialises check-then-insert per account. */
export async function lockAccount(db: Db, userId: number): Promise<void> {
  await db.query('select id from users where id = $1 for update', [userId]);
}

// ---- login attempts ----

export async function recordLoginAttempt(
  db: Db,
  ip: string,
  email: string,
  succeeded: boolean,
): Promise<void> {
  await db.query('insert into login_attempts (ip, email, succeeded) values ($1, $2, $3)', [
    ip,
    email,
    succeeded,
  ]);
}

/** Failed attempts from an IP within the window. */
export async function countIpFailures(db: Db, ip: string, windowMin: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::int as n from login_attempts
      where ip = $1 and not succeeded and created_at > now() - $2::int * interval '1 minute'`,
    [ip, windowMin],
  );
  return row?.n ?? 0;
}

/**
 * Failed attempts on one account from one IP within the window, counted after that pair's last
 * successful login, and the seconds since the latest of them (database clock).
 */
export async function pairFailures(
  db: Db,
  ip: string,
  email: string,
  windowMin: number,
): Promise<{ n: number; secondsSinceLast: number | null }> {
  const row = await db.one<{ n: number; since: number | null }>(
    `select count(*)::int as n, extract(epoch from now() - max(f.created_at))::float as since
       from login_attempts f
      where f.email = $1 and f.ip = $2 and not f.succeeded
        and f.created_at > now() - $3::int * interval '1 minute'
        and f.created_at > coalesce(
          (select max(s.created_at) from login_attempts s
            where s.email = $1 and s.ip = $2 and s.succeeded
              and s.created_at > now() - $3::int * interval '1 minute'),
          '-infinity'::timestamptz)`,
    [email, ip, windowMin],
  );
  return { n: row?.n ?? 0, secondsSinceLast: row?.since ?? null };
}

/** Drops attempts older than a day (called now and then). */
export async function pruneLoginAttempts(db: Db): Promise<void> {
  await db.query(`delete from login_attempts where created_at < now() - interval '1 day'`);
}

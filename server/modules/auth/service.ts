// Accounts rules: register, sign in (password or Google), sign out, email confirmation, password reset.
import { recordReferral } from '../referrals/service.ts';
import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { User } from '../../../src/shared/types.ts';
import type { ErrorCode } from '../../../src/shared/codes.ts';
import { AppError, badRequest, conflict, tooMany } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { newToken } from '../../lib/tokens.ts';
import { captchaEnabled, verifyCaptcha } from '../../lib/captcha.ts';
import { afterReply } from '../../lib/after-reply.ts';
import { verifyGoogleCredential } from '../../lib/google.ts';
import { revokeTokens } from '../../lib/sessions.ts';
import { confirmEmailMail, resetPasswordMail } from '../mail/templates.ts';
import { callName } from '../../../src/shared/call-name.ts';
import { toUserDto, type UserRow } from './user-dto.ts';
import * as q from './queries.ts';

export type Ctx = Pick<FastifyInstance, 'db' | 'config' | 'mailer' | 'log' | 'sessions'>;
export type Client = { ip: string; userAgent?: string };
export type AuthResult = { token: string; user: User };

export const CONFIRM_EMAIL_TTL_HOURS = 48;
export const RESET_PASSWORD_TTL_MIN = 60;
/** Per account and hour, whatever the client IP (the route limits are per IP / per user and in memory). */
export const CONFIRM_MAILS_PER_HOUR = 10;
export const RESET_MAILS_PER_HOUR = 5;

// ---- helpers ----

let dummy: Promise<string> | undefined;
/** A real argon2id hash to verify against when the account does not exist (same cost as a real check). */
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(newToken());
  return dummy;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

function registeredWith(provider: string): ErrorCode {
  if (provider === 'google') return 'FORM_EMAIL_ALREADY_REGISTERED_WITH_GOOGLE';
  if (provider === 'partner') return 'FORM_EMAIL_ALREADY_REGISTERED_WITH_PARTNER';
  return 'FORM_EMAIL_ALREADY_REGISTERED';
}

async function signIn(ctx: Ctx, row: UserRow, client: Client): Promise<AuthResult> {
  const token = await q.issueAuthToken(ctx.db, row.id, ctx.config.TOKEN_TTL_DAYS, client.userAgent);
  return { token, user: toUserDto(row) };
}

/** Sends a mail without failing the request: the user can ask again; the error is logged. */
async function sendSafely(ctx: Ctx, mail: Parameters<Ctx['mailer']['send']>[0]): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
  }
}

/**
 * Mails a confirmation link (`/confirma-email?hash=…`, 48 h, single-use) to the user's address.
 * Exported for the user module (email change); `invalidatePrevious` voids older links first.
 */
export async function sendConfirmationMail(
  ctx: Ctx,
  user: { id: number; name: string; email: string },
  opts: { invalidatePrevious?: boolean } = {},
): Promise<void> {
  if (opts.invalidatePrevious) await q.expireMailTokens(ctx.db, user.id, 'confirm_email');
  const token = await q.createMailToken(ctx.db, user.id, 'confirm_email', CONFIRM_EMAIL_TTL_HOURS * 60);
  const link = `${ctx.config.publicUrl}/confirma-email?hash=${encodeURIComponent(token)}`;
  const mail = confirmEmailMail({
    product: ctx.config.PRODUCT_NAME,
    name: callName(user),
    link,
    hours: CONFIRM_EMAIL_TTL_HOURS,
  });
  await sendSafely(ctx, { to: user.email, ...mail });
}

// ---- register ----

export async function register(
  ctx: Ctx,
  body: { name: string; call_name?: string | null; email: string; password: string; captcha?: string; referral_code?: string },
  client: Client,
): Promise<AuthResult> {
  await verifyCaptcha(ctx.config, body.captcha, client.ip);
  const existing = await q.findAccountByEmail(ctx.db, body.email);
  if (existing) throw conflict(registeredWith(existing.auth_provider), 'email');
  const passwordHash = await hashPassword(body.password);
  let row: q.AccountRow;
  try {
    row = await q.insertPasswordUser(ctx.db, { name: body.name, email: body.email, passwordHash, callName: body.call_name });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const other = await q.findAccountByEmail(ctx.db, body.email);
    throw conflict(registeredWith(other?.auth_provider ?? 'password'), 'email');
  }
  // Whose link brought them (issue 8 §5); a code that matches nobody is ignored (referrals/service.ts).
  if (body.referral_code) await recordReferral(ctx.db, row.id, body.referral_code);
  const result = await signIn(ctx, row, client);
  await sendConfirmationMail(ctx, row);
  return result;
}

// ---- login with password ----
//
// Guessing is throttled without locking the owner out (issue 11 §2). A wrong password counts
// against its (account, IP) pair and its IP, never against the account as a whole, so strangers'
// failures elsewhere never refuse the owner:
// - an IP with LOGIN_RATE_PER_IP failures in the window, across accounts, is refused (a scanner);
// - a pair with LOGIN_RATE_PER_ACCOUNT failures in the window goes on only with a passing captcha
//   when reCAPTCHA is configured (it is checked on every login then), so an owner who shares an
//   address with the guesser is asked for the captcha, never refused;
// - without reCAPTCHA that pair waits before its next attempt instead: LOGIN_DELAY_BASE_S, doubling
//   with each further failure, at most the window (429 with Retry-After), which bounds an address
//   to about a dozen guesses per account and window. A successful login of the pair clears it.

let lastPrune = 0;

/** First wait of a pair that reached LOGIN_RATE_PER_ACCOUNT failures; doubles per further failure. */
export const LOGIN_DELAY_BASE_S = 30;

/** Refused while an (account, IP) pair waits; `seconds` goes into Retry-After. */
export class LoginThrottled extends AppError {
  readonly seconds: number;
  constructor(seconds: number) {
    super(429, 'FORM_TOO_MANY_LOGIN_ATTEMPTS');
    this.seconds = seconds;
  }
}

/** Seconds a pair with `failures` must wait after its latest failure. */
export function pairDelaySeconds(failures: number, c: Pick<Ctx['config'], 'LOGIN_RATE_PER_ACCOUNT' | 'LOGIN_RATE_WINDOW_MIN'>): number {
  if (failures < c.LOGIN_RATE_PER_ACCOUNT) return 0;
  return Math.min(LOGIN_DELAY_BASE_S * 2 ** (failures - c.LOGIN_RATE_PER_ACCOUNT), c.LOGIN_RATE_WINDOW_MIN * 60);
}

async function checkLoginRate(ctx: Ctx, ip: string, email: string): Promise<void> {
  const c = ctx.config;
  const [byIp, pair] = await Promise.all([
    q.countIpFailures(ctx.db, ip, c.LOGIN_RATE_WINDOW_MIN),
    q.pairFailures(ctx.db, ip, email, c.LOGIN_RATE_WINDOW_MIN),
  ]);
  if (byIp >= c.LOGIN_RATE_PER_IP) throw tooMany('FORM_TOO_MANY_LOGIN_ATTEMPTS');
  if (captchaEnabled(c)) return;
  const wait = pairDelaySeconds(pair.n, c) - (pair.secondsSinceLast ?? 0);
  if (wait > 0) throw new LoginThrottled(Math.ceil(wait));
}

async function loginFailed(
  ctx: Ctx,
  ip: string,
  email: string,
  code: ErrorCode,
  field?: string,
): Promise<never> {
  await q.recordLoginAttempt(ctx.db, ip, email, false);
  if (Date.now() - lastPrune > 10 * 60_000) {
    lastPrune = Date.now();
    await q.pruneLoginAttempts(ctx.db);
  }
  throw badRequest(code, field);
}

export async function login(
  ctx: Ctx,
  body: { email: string; password: string; captcha?: string },
  client: Client,
): Promise<AuthResult> {
  await checkLoginRate(ctx, client.ip, body.email);
  await verifyCaptcha(ctx.config, body.captcha, client.ip);
  const account = await q.findAccountByEmail(ctx.db, body.email);
  if (!account?.password_hash) {
    if (account && account.auth_provider !== 'password') {
      return loginFailed(ctx, client.ip, body.email, registeredWith(account.auth_provider), 'email');
    }
    await verifyPassword(await dummyHash(), body.password);
    return loginFailed(ctx, client.ip, body.email, 'FORM_WRONG_CREDENTIALS');
  }
  if (!(await verifyPassword(account.password_hash, body.password))) {
    return loginFailed(ctx, client.ip, body.email, 'FORM_WRONG_CREDENTIALS');
  }
  await q.recordLoginAttempt(ctx.db, client.ip, body.email, true);
  return signIn(ctx, account, client);
}

// ---- logout ----

export async function logout(ctx: Ctx, auth: { id: number; tokenId: number }): Promise<void> {
  await revokeTokens(ctx, { userId: auth.id, tokenId: auth.tokenId });
}

// ---- email confirmation ----

export async function resendConfirmation(ctx: Ctx, userId: number): Promise<void> {
  const account = await q.findAccountById(ctx.db, userId);
  if (!account) throw badRequest('FORM_USER_NOT_FOUND');
  if (account.email_verified_at) throw badRequest('FORM_EMAIL_ALREADY_VERIFIED');
  if ((await q.countRecentMailTokens(ctx.db, userId, 'confirm_email', 60)) >= CONFIRM_MAILS_PER_HOUR) {
    throw tooMany('FORM_TOO_MANY_REQUESTS');
  }
  await sendConfirmationMail(ctx, account);
}

export async function confirmEmail(ctx: Ctx, hash: string): Promise<User> {
  const user = await ctx.db.tx(async (db) => {
    const userId = await q.consumeMailToken(db, hash, 'confirm_email');
    if (!userId) throw badRequest('FORM_INVALID_CONFIRMATION_HASH', 'hash');
    await q.markEmailVerified(db, userId);
    await q.expireMailTokens(db, userId, 'confirm_email');
    return q.findAccountById(db, userId);
  });
  if (!user) throw badRequest('FORM_INVALID_CONFIRMATION_HASH', 'hash');
  return toUserDto(user);
}

// ---- password reset ----

export async function forgotPassword(
  ctx: Ctx,
  body: { email: string; captcha?: string },
  client: Client,
): Promise<void> {
  await verifyCaptcha(ctx.config, body.captcha, client.ip);
  // The same work for every address on the request path; looking the account up and mailing it
  // happen after the answer, so neither the time nor an error tells a known address apart.
  afterReply(ctx.log, 'password reset mail', () => sendResetLink(ctx, body.email));
}

/** Mails a reset link (60 min) to a password account, at most RESET_MAILS_PER_HOUR an hour. */
async function sendResetLink(ctx: Ctx, email: string): Promise<void> {
  const account = await q.findAccountByEmail(ctx.db, email);
  if (!account?.password_hash) return;
  // Count and create under a lock on the account: queued mails run concurrently, and the hourly
  // cap must hold across them (and across processes).
  const token = await ctx.db.tx(async (db) => {
    await q.lockAccount(db, account.id);
    if ((await q.countRecentMailTokens(db, account.id, 'reset_password', 60)) >= RESET_MAILS_PER_HOUR) return null;
    return q.createMailToken(db, account.id, 'reset_password', RESET_PASSWORD_TTL_MIN);
  });
  if (!token) return;
  const link = `${ctx.config.publicUrl}/resetare-parola?token=${encodeURIComponent(token)}`;
  const mail = resetPasswordMail({
    product: ctx.config.PRODUCT_NAME,
    name: callName(account),
    link,
    minutes: RESET_PASSWORD_TTL_MIN,
  });
  await sendSafely(ctx, { to: account.email, ...mail });
}

/** Sets the new password, consumes the link, voids the other reset links and signs out every device. */
export async function resetPassword(ctx: Ctx, body: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  await ctx.db.tx(async (db) => {
    const userId = await q.consumeMailToken(db, body.token, 'reset_password');
    if (!userId) throw badRequest('FORM_WRONG_RESET_TOKEN', 'token');
    await q.setPassword(db, userId, passwordHash);
    // The link arrived in the mailbox, which proves the address.
    await q.markEmailVerified(db, userId);
    await q.expireMailTokens(db, userId, 'reset_password');
    await revokeTokens(ctx, { userId }, db);
  });
}

// ---- Google ----

export async function googleLogin(
  ctx: Ctx,
  credential: string,
  client: Client,
  keys?: JWTVerifyGetKey,
): Promise<AuthResult> {
  const identity = await verifyGoogleCredential(ctx.config, credential, keys);
  const bySub = await q.findAccountByGoogleSub(ctx.db, identity.sub);
  if (bySub) return signIn(ctx, bySub, client);
  const byEmail = await q.findAccountByEmail(ctx.db, identity.email);
  if (byEmail) {
    if (byEmail.auth_provider === 'password') throw conflict('FORM_EMAIL_ALREADY_REGISTERED_WITH_PASSWORD');
    if (byEmail.auth_provider === 'partner') throw conflict('FORM_EMAIL_ALREADY_REGISTERED_WITH_PARTNER');
    // A Google account under this address that has another subject: Google ids are never reused,
    // so this is a different Google identity (e.g. a recycled address); do not hand it the account.
    if (byEmail.google_sub) throw conflict('FORM_EMAIL_ALREADY_REGISTERED_WITH_GOOGLE');
    // A Google account created without a subject (import, admin): link it.
    return signIn(ctx, await q.linkGoogleSub(ctx.db, byEmail.id, identity.sub), client);
  }
  const name = identity.name ?? identity.email.split('@')[0]!;
  try {
    return signIn(
      ctx,
      await q.insertGoogleUser(ctx.db, { name, email: identity.email, sub: identity.sub }),
      client,
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two sign-ins raced: the other one created the account.
    const again = await q.findAccountByGoogleSub(ctx.db, identity.sub);
    if (again) return signIn(ctx, again, client);
    throw conflict('FORM_EMAIL_ALREADY_REGISTERED_WITH_PASSWORD');
  }
}

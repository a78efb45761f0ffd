// Partner account rules (issue 8 §6; the rule on existing accounts is written in docs/API.md).
//
// Sign-in through the partner (purpose 'login'):
// 1. a partner subject already linked → that account, whatever its address is now;
// 2. otherwise the partner must vouch for the address (email_verified true), else
//    FORM_PARTNER_EMAIL_NOT_VERIFIED;
// 3. an account with that address already exists (password, Google or another partner subject) →
//    FORM_PARTNER_EMAIL_HAS_ACCOUNT, nothing linked: its owner proves it is theirs by signing in the
//    usual way and connects the partner from /cont. An address alone never hands over an account;
// 4. otherwise a new account (auth_provider 'partner', address verified, no password).
// Connecting (purpose 'link') needs the signed-in user who started it; one subject per account and
// one account per subject (FORM_PARTNER_ALREADY_CONNECTED).
import type { FastifyInstance } from 'fastify';
import type { User } from '../../../src/shared/types.ts';
import type { PartnerCallbackBody, PartnerStart, PartnerStatus } from '../../../src/shared/partner.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { toUserDto, type UserRow } from '../auth/user-dto.ts';
import * as q from './queries.ts';
import { authorizationUrl, exchange, newVerifier, partnerEnabled, type PartnerClaims } from './oidc.ts';

type Ctx = Pick<FastifyInstance, 'db' | 'config'>;
type Client = { userAgent?: string };

export type CallbackResult =
  | { success: 'LOGIN_SUCCESSFUL'; token: string; user: User }
  | { success: 'PARTNER_CONNECTED'; user: User };

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';
const alreadyConnected = () => conflict('FORM_PARTNER_ALREADY_CONNECTED');
const hasAccount = (): never => {
  throw conflict('FORM_PARTNER_EMAIL_HAS_ACCOUNT');
};

/** Starts a sign-in (no user) or a connection (the signed-in user): the partner's URL and this tab's binding. */
export async function start(ctx: Ctx, userId: number | null): Promise<PartnerStart> {
  if (!partnerEnabled(ctx.config)) throw badRequest('FORM_PARTNER_NOT_CONFIGURED');
  if (userId !== null && (await q.identityOfUser(ctx.db, userId))) throw alreadyConnected();
  const state = newToken();
  const binding = newToken();
  const nonce = newToken();
  const verifier = newVerifier();
  // The URL first: with the partner unreachable no request is stored.
  const url = await authorizationUrl(ctx.config, { state, nonce, verifier });
  await q.saveRequest(ctx.db, { state, purpose: userId === null ? 'login' : 'link', userId, binding, nonce, verifier });
  return { url, binding };
}

/** The partner sent the browser back: take the request once, check it is this browser's, exchange the code. */
export async function callback(
  ctx: Ctx,
  body: PartnerCallbackBody,
  auth: { id: number } | null,
  client: Client,
): Promise<CallbackResult> {
  if (!partnerEnabled(ctx.config)) throw badRequest('FORM_PARTNER_NOT_CONFIGURED');
  const request = await q.consumeRequest(ctx.db, body.state);
  // Unknown, used or expired state, or a state from another browser (a link sent to someone to
  // sign them into the sender's account): refused before the code is spent.
  if (!request || request.binding_hash !== hashToken(body.binding)) throw badRequest('FORM_PARTNER_TOKEN_INVALID');
  if (request.purpose === 'link') {
    if (!auth) throw unauthorized();
    if (auth.id !== request.user_id) throw badRequest('FORM_PARTNER_TOKEN_INVALID');
  }
  const claims = await exchange(ctx.config, {
    code: body.code,
    state: body.state,
    iss: body.iss,
    nonce: request.nonce,
    verifier: request.code_verifier,
  });
  if (request.purpose === 'link') {
    return { success: 'PARTNER_CONNECTED', user: await connect(ctx, request.user_id!, claims) };
  }
  const row = await signInOrCreate(ctx, claims);
  const token = await issueToken(ctx, row.id, client);
  return { success: 'LOGIN_SUCCESSFUL', token, user: toUserDto(row) };
}

async function issueToken(ctx: Ctx, userId: number, client: Client): Promise<string> {
  const token = newToken();
  await ctx.db.query(
    `insert into auth_tokens (user_id, token_hash, expires_at, user_agent)
     values ($1, $2, now() + $3::int * interval '1 day', $4)`,
    [userId, hashToken(token), ctx.config.TOKEN_TTL_DAYS, client.userAgent ? client.userAgent.slice(0, 400) : null],
  );
  return token;
}

/** The account the partner subject is linked to, if any. */
async function linkedUser(ctx: Ctx, subject: string): Promise<UserRow | undefined> {
  const linked = await q.identityBySubject(ctx.db, subject);
  return linked ? q.userById(ctx.db, linked.user_id) : undefined;
}

async function signInOrCreate(ctx: Ctx, claims: PartnerClaims): Promise<UserRow> {
  const linked = await linkedUser(ctx, claims.sub);
  if (linked) {
    await q.noteIdentityEmail(ctx.db, linked.id, claims.email);
    return linked;
  }
  if (!claims.email || !claims.emailVerified) throw badRequest('FORM_PARTNER_EMAIL_NOT_VERIFIED');
  // The account and its identity are committed together, so an address found here whose subject is
  // ours is a sign-in of the same person that raced this one and committed in between: theirs is ours.
  if (await q.userByEmail(ctx.db, claims.email)) return (await linkedUser(ctx, claims.sub)) ?? hasAccount();
  const email = claims.email;
  const name = claims.name ?? email.split('@')[0]!;
  try {
    return await ctx.db.tx(async (db) => {
      const row = await q.insertPartnerUser(db, { name, email });
      await q.insertIdentity(db, row.id, claims.sub, email);
      return row;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two sign-ins of the same person raced and the other made the account; or the address was taken meanwhile.
    return (await linkedUser(ctx, claims.sub)) ?? hasAccount();
  }
}

async function connect(ctx: Ctx, userId: number, claims: PartnerClaims): Promise<User> {
  const bySubject = await q.identityBySubject(ctx.db, claims.sub);
  if (bySubject && bySubject.user_id !== userId) throw alreadyConnected();
  if (!bySubject) {
    try {
      await q.insertIdentity(ctx.db, userId, claims.sub, claims.email);
    } catch (err) {
      // (provider, subject) taken by another account, or this account got another subject meanwhile.
      if (isUniqueViolation(err)) throw alreadyConnected();
      throw err;
    }
  }
  const row = await q.userById(ctx.db, userId);
  if (!row) throw unauthorized();
  return toUserDto(row);
}

export async function status(ctx: Ctx, userId: number): Promise<PartnerStatus> {
  const [identity, user] = await Promise.all([q.identityOfUser(ctx.db, userId), q.userById(ctx.db, userId)]);
  if (!user) throw unauthorized();
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    enabled: partnerEnabled(ctx.config),
    connected: Boolean(identity),
    email: identity?.email ?? null,
    connected_at: identity ? iso(identity.created_at) : null,
    can_disconnect: Boolean(identity) && user.auth_provider !== 'partner',
  };
}

/** Removes the link; an account made through the partner keeps it (it has no other way in). */
export async function disconnect(ctx: Ctx, userId: number): Promise<void> {
  const user = await q.userById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (!(await q.identityOfUser(ctx.db, userId))) throw badRequest('FORM_PARTNER_NOT_CONNECTED');
  if (user.auth_provider === 'partner') throw new AppError(409, 'FORM_PARTNER_DISCONNECT_NOT_ALLOWED');
  if (!(await q.deleteIdentity(ctx.db, userId))) throw badRequest('FORM_PARTNER_NOT_CONNECTED');
}

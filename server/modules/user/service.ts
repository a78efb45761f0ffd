// Rules of the account settings: profile lists, e-mail and password changes, the avatar.
import type { FastifyInstance } from 'fastify';
import type { User } from '../../../src/shared/types.ts';
import { profileManualIds, type CompleteProfileBody } from '../../../src/shared/validation.ts';
import { IMAGE_MAX_BYTES } from '../../../src/shared/constants.ts';
import { ValidationFailure, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { revokeTokens } from '../../lib/sessions.ts';
import { detectImage, encodeAvatar, safeMediaNames } from '../../lib/images.ts';
import { loadUserRowCached, toUserDto } from '../auth/user-dto.ts';
import { accountRow, emailTakenByOther, profileIdsExist, updateUser, type UserPatch } from './queries.ts';
import { confirmNewEmailMail } from './mails.ts';
import { identityOfUser } from '../partner/queries.ts';

const INT4_MAX = 2_147_483_647;
const CONFIRM_EMAIL_HOURS = 48;

/** Drops avatar files once nothing points at them; a failure leaves an orphan file, never an error. */
async function dropAvatarFiles(app: FastifyInstance, names: (string | null | undefined)[]): Promise<void> {
  const files = safeMediaNames(names);
  if (files.length) await app.media.remove('avatars', files).catch((err) => app.log.warn({ err, files }, 'avatar files not removed'));
}

/** The user's payload (GET /user, from the user cache); a token whose user is gone counts as no token. */
export async function currentUser(app: FastifyInstance, id: number): Promise<User> {
  const row = await loadUserRowCached(app.db, app.userCache, id);
  if (!row) throw unauthorized();
  return toUserDto(row);
}

export async function patchUser(app: FastifyInstance, id: number, patch: UserPatch): Promise<User> {
  if (!(await updateUser(app.db, id, patch))) throw unauthorized();
  return currentUser(app, id);
}

/**
 * Sets the profile: one or more manuals (manual_id is the first, for what uses one), the
 * specialization and the centre; each must exist, every bad one is reported on its own field.
 */
export async function setProfile(app: FastifyInstance, id: number, body: CompleteProfileBody): Promise<User> {
  const safe = (n: number) => (n > INT4_MAX ? -1 : n);
  const manualIds = profileManualIds(body).map(safe);
  const found = await profileIdsExist(app.db, {
    manual_ids: manualIds,
    specialization_id: safe(body.specialization_id),
    center_id: safe(body.center_id),
  });
  const errors: Record<string, string[]> = {};
  // On the field the client sent: manual_ids, or an older client's lone manual_id.
  if (!found.manual) errors[body.manual_ids ? 'manual_ids' : 'manual_id'] = ['FORM_MANUAL_INVALID'];
  if (!found.specialization) errors.specialization_id = ['FORM_SPECIALIZATION_INVALID'];
  if (!found.center) errors.center_id = ['FORM_CENTER_INVALID'];
  if (Object.keys(errors).length) throw new ValidationFailure({ errors });
  return patchUser(app, id, {
    manual_id: manualIds[0]!,
    manual_ids: manualIds,
    specialization_id: body.specialization_id,
    center_id: body.center_id,
  });
}

function canUsePassword(provider: string): boolean {
  return provider === 'password';
}

/** Changes the address, clears verification and mails a new confirmation link (48 h). */
export async function changeEmail(
  app: FastifyInstance,
  id: number,
  email: string,
  password: string | undefined,
): Promise<User> {
  const account = await accountRow(app.db, id);
  if (!account) throw unauthorized();
  if (!canUsePassword(account.auth_provider)) throw forbidden('FORM_PASSWORD_CHANGE_NOT_ALLOWED');
  if (!password) throw badRequest('FORM_PASSWORD_REQUIRED', 'password');
  if (!(await verifyPassword(account.password_hash, password)))
    throw badRequest('FORM_CURRENT_PASSWORD_WRONG', 'password');
  if (email === account.email) return currentUser(app, id);
  if (await emailTakenByOther(app.db, email, id)) throw conflict('FORM_EMAIL_ALREADY_REGISTERED', 'email');

  const token = newToken();
  try {
    await app.db.tx(async (db) => {
      await db.query(
        'update users set email = $2, email_verified_at = null, updated_at = now() where id = $1',
        [id, email],
      );
      // Links mailed to the old address (confirmation or reset) must not work any more.
      await db.query('update mail_tokens set used_at = now() where user_id = $1 and used_at is null', [id]);
      await db.query(
        `insert into mail_tokens (user_id, purpose, token_hash, expires_at)
         values ($1, 'confirm_email', $2, now() + make_interval(hours => $3))`,
        [id, hashToken(token), CONFIRM_EMAIL_HOURS],
      );
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('FORM_EMAIL_ALREADY_REGISTERED', 'email');
    throw err;
  }
  const user = await currentUser(app, id);
  const link = `${app.config.publicUrl}/confirma-email?hash=${encodeURIComponent(token)}`;
  try {
    await app.mailer.send(
      confirmNewEmailMail({
        to: email,
        name: user.name,
        link,
        product: app.config.PRODUCT_NAME,
        hours: CONFIRM_EMAIL_HOURS,
      }),
    );
  } catch (err) {
    // The change is saved; the user can ask for the link again from /verifica-email.
    app.log.error({ err, userId: id }, 'confirmation mail after e-mail change failed');
  }
  return user;
}

/** New password for password accounts; every other session of the user is signed out. */
export async function changePassword(
  app: FastifyInstance,
  id: number,
  tokenId: number,
  current: string,
  next: string,
): Promise<void> {
  const account = await accountRow(app.db, id);
  if (!account) throw unauthorized();
  if (!canUsePassword(account.auth_provider)) throw forbidden('FORM_PASSWORD_CHANGE_NOT_ALLOWED');
  // SPEC §6: an account connected to a partner account cannot change its password either.
  if (await identityOfUser(app.db, id)) throw forbidden('FORM_PASSWORD_CHANGE_NOT_ALLOWED');
  if (!(await verifyPassword(account.password_hash, current)))
    throw badRequest('FORM_CURRENT_PASSWORD_WRONG', 'current_password');
  const hash = await hashPassword(next);
  await app.db.tx(async (db) => {
    await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [id, hash]);
    await revokeTokens(app, { userId: id, exceptTokenId: tokenId }, db);
    await db.query(
      `update mail_tokens set used_at = now() where user_id = $1 and purpose = 'reset_password' and used_at is null`,
      [id],
    );
  });
}

const AVATAR_EXTENSIONS = /\.(jpe?g|png)$/i;

/** Validates the upload by its real bytes, stores both sizes, then drops the previous files. */
export async function setAvatar(
  app: FastifyInstance,
  id: number,
  upload: { buffer: Buffer; filename: string },
): Promise<User> {
  if (upload.buffer.length > IMAGE_MAX_BYTES) throw badRequest('FORM_IMAGE_TOO_LARGE', 'avatar');
  if (!AVATAR_EXTENSIONS.test(upload.filename)) throw badRequest('FORM_IMAGE_INVALID_TYPE', 'avatar');
  const format = await detectImage(upload.buffer);
  if (!format) throw badRequest('FORM_IMAGE_INVALID_TYPE', 'avatar');
  const account = await accountRow(app.db, id);
  if (!account) throw unauthorized();
  let stored;
  try {
    stored = await encodeAvatar(upload.buffer, format, String(id));
  } catch (err) {
    app.log.info({ err, userId: id }, 'avatar could not be decoded');
    throw badRequest('FORM_IMAGE_INVALID_TYPE', 'avatar');
  }
  // Stored before the row points at them, so no process ever serves a name it cannot find.
  await Promise.all([
    app.media.put('avatars', stored.file, stored.original, stored.contentType),
    app.media.put('avatars', stored.thumb, stored.small, stored.contentType),
  ]);
  try {
    const user = await patchUser(app, id, { avatar_path: stored.file, avatar_thumb_path: stored.thumb });
    await dropAvatarFiles(app, [account.avatar_path, account.avatar_thumb_path]);
    return user;
  } catch (err) {
    await dropAvatarFiles(app, [stored.file, stored.thumb]);
    throw err;
  }
}

export async function removeAvatar(app: FastifyInstance, id: number): Promise<User> {
  const account = await accountRow(app.db, id);
  if (!account) throw unauthorized();
  const user = await patchUser(app, id, { avatar_path: null, avatar_thumb_path: null });
  await dropAvatarFiles(app, [account.avatar_path, account.avatar_thumb_path]);
  return user;
}

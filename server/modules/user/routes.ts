// The signed-in user's account (SPEC §3, §7): the user payload, layout and tests counts, theme,
// banner acknowledgement, profile lists and completion, name, avatar, e-mail, password, preferences.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgeBannerBody,
  changeEmailBody,
  changePasswordBody,
  completeProfileBody,
  themeBody,
  updateNameBody,
} from '../../../src/shared/validation.ts';
import { IMAGE_MAX_BYTES } from '../../../src/shared/constants.ts';
import { badRequest } from '../../lib/errors.ts';
import { userDtoSchema } from '../auth/user-dto.ts';
import { layoutCounts, profileLists, testsCount } from './queries.ts';
import {
  changeEmail,
  changePassword,
  currentUser,
  patchUser,
  removeAvatar,
  setAvatar,
  setProfile,
} from './service.ts';

const tags = ['user'];
const security = [{ bearer: [] }];
const withUser = z.object({ success: z.string(), user: userDtoSchema });
const successOnly = z.object({ success: z.string() });
const listItems = z.array(z.object({ id: z.number(), name: z.string() }));
/** Calls that check the current password (argon2, costly): limited per IP against guessing with a stolen token. */
export const PASSWORD_CHECK_RATE = { max: 10, timeWindow: '15 minutes' };
const preferencesBody = z.object({ sound_effects: z.boolean({ error: 'FIELD_INVALID' }) });

const routes: FastifyPluginAsyncZod = async (app) => {
  // onRequest (not preHandler): a missing token answers 401 before the body is parsed or validated.
  const auth = { onRequest: app.authenticate };

  app.get(
    '/user',
    { ...auth, schema: { tags, security, response: { 200: z.object({ user: userDtoSchema }) } } },
    async (req) => ({
      user: await currentUser(app, req.auth!.id),
    }),
  );

  app.get(
    '/user/layout-counts',
    {
      ...auth,
      schema: {
        tags,
        security,
        description: 'Navbar badges: unread notifications, unseen messages to me, friend requests waiting for my answer.',
        response: {
          200: z.object({ messages: z.number(), friendships: z.number(), notifications: z.number() }),
        },
      },
    },
    async (req) => layoutCounts(app.db, req.auth!.id),
  );

  app.get(
    '/user/tests-count',
    {
      ...auth,
      schema: {
        tags,
        security,
        response: { 200: z.object({ abandoned: z.number(), finished: z.number(), unfinished: z.number() }) },
      },
    },
    async (req) => testsCount(app.db, req.auth!.id),
  );

  app.put(
    '/user/theme',
    { ...auth, schema: { tags, security, body: themeBody, response: { 200: successOnly } } },
    async (req) => {
      await patchUser(app, req.auth!.id, { theme: req.body.theme });
      return { success: 'THEME_UPDATED' };
    },
  );

  app.patch(
    '/user/acknowledged-info-banner',
    { ...auth, schema: { tags, security, body: acknowledgeBannerBody, response: { 200: withUser } } },
    async (req) => ({
      success: 'PREFERENCES_SAVED',
      user: await patchUser(app, req.auth!.id, { acknowledged_info_banner: req.body.value }),
    }),
  );

  app.put(
    '/user/preferences',
    { ...auth, schema: { tags, security, body: preferencesBody, response: { 200: withUser } } },
    async (req) => ({
      success: 'PREFERENCES_SAVED',
      user: await patchUser(app, req.auth!.id, { sound_effects: req.body.sound_effects }),
    }),
  );

  app.get(
    '/profile/lists',
    {
      schema: {
        tags,
        description: 'Public: published manuals, specializations and centers for the profile form.',
        response: { 200: z.object({ manuals: listItems, specializations: listItems, centers: listItems }) },
      },
    },
    async () => profileLists(app.db),
  );

  app.put(
    '/user/profile',
    { ...auth, schema: { tags, security, body: completeProfileBody, response: { 200: withUser } } },
    async (req) => ({ success: 'PROFILE_COMPLETED', user: await setProfile(app, req.auth!.id, req.body) }),
  );

  app.put(
    '/user/name',
    { ...auth, schema: { tags, security, body: updateNameBody, response: { 200: withUser } } },
    async (req) => ({
      success: 'PROFILE_UPDATED',
      user: await patchUser(app, req.auth!.id, { name: req.body.name, ...(req.body.call_name !== undefined ? { call_name: req.body.call_name } : {}) }),
    }),
  );

  app.post(
    '/user/avatar',
    {
      ...auth,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description: `Multipart field "avatar": a JPEG or PNG of at most ${IMAGE_MAX_BYTES} bytes (checked on the real bytes).`,
        response: { 200: withUser },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('FIELD_REQUIRED', 'avatar');
      let part;
      try {
        part = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
      } catch {
        throw badRequest('FIELD_REQUIRED', 'avatar');
      }
      if (!part) throw badRequest('FIELD_REQUIRED', 'avatar');
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw badRequest('FORM_IMAGE_TOO_LARGE', 'avatar');
        throw badRequest('FORM_IMAGE_INVALID_TYPE', 'avatar');
      }
      return {
        success: 'AVATAR_UPDATED',
        user: await setAvatar(app, req.auth!.id, { buffer, filename: part.filename }),
      };
    },
  );

  app.delete(
    '/user/avatar',
    { ...auth, schema: { tags, security, response: { 200: withUser } } },
    async (req) => ({
      success: 'AVATAR_UPDATED',
      user: await removeAvatar(app, req.auth!.id),
    }),
  );

  app.put(
    '/user/email',
    {
      ...auth,
      config: { rateLimit: PASSWORD_CHECK_RATE },
      schema: { tags, security, body: changeEmailBody, response: { 200: withUser } },
    },
    async (req) => ({
      success: 'EMAIL_CHANGED',
      user: await changeEmail(app, req.auth!.id, req.body.email, req.body.password),
    }),
  );

  app.put(
    '/user/password',
    {
      ...auth,
      config: { rateLimit: PASSWORD_CHECK_RATE },
      schema: { tags, security, body: changePasswordBody, response: { 200: successOnly } },
    },
    async (req) => {
      await changePassword(
        app,
        req.auth!.id,
        req.auth!.tokenId,
        req.body.current_password,
        req.body.password,
      );
      return { success: 'PASSWORD_CHANGED' };
    },
  );
};
export default routes;

// Direct messages (issue 7 §3, SPEC §5 "message"): the bounds of a message and of a history page,
// and the bodies the API takes. Shared by the conversation screen and server/modules/messages.
import { z } from 'zod';
import { id, idParam, intQuery, text } from './input-rules.ts';
import { uuid } from './validation.ts';

/** A chat message: one character at least (after trimming), 2000 at most. */
export const MESSAGE_MIN = 1;
export const MESSAGE_MAX = 2000;
/** History pages: 30 by default, never more than 100 per request. */
export const MESSAGE_PAGE_DEFAULT = 30;
export const MESSAGE_PAGE_MAX = 100;
/** Conversations listed at most (the most recent ones). */
export const CONVERSATIONS_MAX = 100;
/** Messages one user may send per minute (keyed by the signed-in user, server/modules/messages/routes.ts). */
export const MESSAGE_RATE = { max: 30, timeWindow: '1 minute' };

export const messageText = text(
  { required: 'FORM_MESSAGE_REQUIRED', short: 'FORM_MESSAGE_TOO_SHORT', long: 'FORM_MESSAGE_TOO_LONG' },
  MESSAGE_MIN,
  MESSAGE_MAX,
);

/** POST /message/convo/{user}: the client makes the id (a UUID) so a retry is the same message. */
export const sendMessageBody = z.object({
  id: uuid,
  text: messageText,
  grid_id: id('FORM_GRID_NOT_FOUND').nullish(),
});
export type SendMessageBody = z.output<typeof sendMessageBody>;

export const convoParams = z.object({ user: idParam('FORM_USER_NOT_FOUND') });
export const messageParams = z.object({ id: uuid });
export const historyQuery = z.object({
  before: uuid.optional(),
  limit: intQuery(1, MESSAGE_PAGE_MAX).optional(),
});

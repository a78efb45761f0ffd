// Live comment threads (issue 7 §5): every change to a discussion (new comment or reply, edit,
// delete, vote, moderation) is announced on the discussion's private channel, carrying ids only
// (src/shared/community-payloads.ts). Who may listen is decided in realtime/channel-rules.ts with
// the same rule as reading the comments (assertTarget). Best effort: a failed publish is logged,
// never fails the change itself.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import {
  COMMENTS_EVENT,
  commentsChannel,
  type CommentsChangedEvent,
} from '../../../src/shared/community-payloads.ts';
import type { CommentTargetType } from '../../../src/shared/community-rules.ts';
import { assertTarget } from './service.ts';

export type Target = { type: CommentTargetType; id: number };

export const targetOfRow = (r: { grid_id: number | null; chapter_id: number | null }): Target =>
  r.grid_id !== null ? { type: 'grid', id: r.grid_id } : { type: 'chapter', id: r.chapter_id! };

export async function commentsChanged(
  app: FastifyInstance,
  target: Target,
  commentId: number,
  action: CommentsChangedEvent['action'],
): Promise<void> {
  const ev: CommentsChangedEvent = { target_type: target.type, target_id: target.id, comment_id: commentId, action };
  try {
    await app.realtime.trigger(commentsChannel(target.type, target.id), COMMENTS_EVENT, ev);
  } catch (err) {
    app.log.warn({ err, channel: commentsChannel(target.type, target.id) }, 'live comment change not delivered');
  }
}

const THREAD_CHANNEL = /^private-comments\.(grid|chapter)\.(\d{1,10})$/;

/**
 * Whether the user may listen on a discussion channel: exactly whether they may read its comments
 * (a free user is refused a premium grid's or chapter's). Null: not a discussion channel.
 */
export async function mayListenToThread(db: Db, userId: number, channel: string): Promise<boolean | null> {
  const m = THREAD_CHANNEL.exec(channel);
  if (!m) return null;
  const id = Number(m[2]);
  if (id > 2_147_483_647) return false;
  const row = await db.one<{ premium: boolean; is_admin: boolean }>(
    'select (premium_until is not null and premium_until > now()) as premium, is_admin from users where id = $1',
    [userId],
  );
  if (!row) return false;
  const viewer = { id: userId, premium: row.premium || row.is_admin, admin: row.is_admin };
  try {
    await assertTarget(db, viewer, m[1] as CommentTargetType, id);
    return true;
  } catch {
    return false;
  }
}

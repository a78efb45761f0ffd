// Tells a comment's author that someone answered them (issue 7 §5), through the notifications
// module's notify(). After the reply is stored: a notice that fails is logged and the reply stands.
import type { FastifyInstance } from 'fastify';
import type { CommentTargetType } from '../../../src/shared/community-rules.ts';
import { notify } from '../notifications/notify.ts';

/** Where the thread is read: the chapter page for a chapter, the community page focused on a grid. */
export async function threadLink(app: FastifyInstance, target: { type: CommentTargetType; id: number }): Promise<string> {
  if (target.type === 'grid') return `/ai/comunitate?grila=${target.id}`;
  const row = await app.db.one<{ manual: string; chapter: string }>(
    `select m.slug as manual, c.slug as chapter from chapters c join manuals m on m.id = c.manual_id where c.id = $1`,
    [target.id],
  );
  return row ? `/ai/cursuri/${encodeURIComponent(row.manual)}/${encodeURIComponent(row.chapter)}#comentarii` : '/ai/comunitate';
}

export async function notifyReply(
  app: FastifyInstance,
  authorId: number,
  target: { type: CommentTargetType; id: number },
  team: boolean,
  /** The one who answered, by the name their comment shows (issue 23 §3: never "Cineva"). */
  replierName: string | null,
): Promise<void> {
  const who = replierName?.trim() || 'Un alt membru';
  try {
    await notify(app, authorId, {
      type: 'comment_reply',
      title: team ? `Echipa ${app.config.PRODUCT_NAME} ți-a răspuns` : `${who} ți-a răspuns`,
      message: team
        ? `Echipa ${app.config.PRODUCT_NAME} a răspuns la comentariul tău din comunitate.`
        : `${who} a răspuns la comentariul tău din comunitate.`,
      link: await threadLink(app, target),
    });
  } catch (err) {
    app.log.warn({ err, authorId }, 'reply notification not stored');
  }
}

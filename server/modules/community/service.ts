// Comments under a grid or a chapter (issue 7 §5): who may read and change what. A comment's
// readers are the target's readers: a premium grid's or chapter's comments are refused to a free
// user exactly as the grid or chapter is (grids/service.ts getGrid). A hidden comment is seen by
// its author and admins only. Only the author edits or deletes; admins moderate (admin.ts).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Viewer as ContentViewer } from '../content/viewer.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import {
  COMMENTS_PAGE_SIZE,
  type CommentTargetType,
  type CommentsQuery,
} from '../../../src/shared/community-rules.ts';
import type { CommentsPage, CommentThreadPayload } from '../../../src/shared/community-payloads.ts';
import * as q from './queries.ts';
import { toComment } from './serialize.ts';
import { notifyReply } from './reply-notice.ts';
import { commentsChanged, targetOfRow } from './live.ts';

export type Viewer = NonNullable<ContentViewer>;

/** The viewer may read the target's comments: it exists, is visible to them, and premium only for premium viewers. */
export async function assertTarget(db: Db, viewer: Viewer, type: CommentTargetType, id: number): Promise<void> {
  if (type === 'grid') {
    const g = await q.gridTarget(db, id);
    const own = g?.author_id === viewer.id;
    if (!g || (!g.published && !own && !viewer.admin)) throw notFound('FORM_GRID_NOT_FOUND');
    if (g.premium && !viewer.premium && !own) throw forbidden('FORM_PREMIUM_GRIDS_ONLY');
    return;
  }
  const c = await q.chapterTarget(db, id);
  if (!c) throw notFound('FORM_CHAPTER_NOT_FOUND');
  if (c.premium && !viewer.premium) throw forbidden('FORM_PREMIUM_CONTENT_ONLY');
}

const targetOf = (r: q.CommentRow) =>
  r.grid_id !== null ? { type: 'grid' as const, id: r.grid_id } : { type: 'chapter' as const, id: r.chapter_id! };

/** A comment the viewer may act on: visible to them and under a target they may read; else 404/403. */
export async function reachableComment(db: Db, viewer: Viewer, id: number): Promise<q.CommentRow> {
  const c = await q.commentFor(db, viewer, id);
  if (!c) throw notFound('FORM_COMMENT_NOT_FOUND');
  const t = targetOf(c);
  await assertTarget(db, viewer, t.type, t.id);
  return c;
}

/** Top-level comments with their threads, to attach under rows already read. */
export async function withReplies(db: Db, viewer: Viewer, roots: q.CommentRow[]): Promise<CommentThreadPayload[]> {
  const replies = await q.repliesOf(db, viewer, roots.map((r) => r.id));
  return roots.map((r) => ({
    ...toComment(r, viewer.id),
    replies: replies.filter((x) => x.parent_id === r.id).map((x) => toComment(x, viewer.id)),
  }));
}

export async function list(db: Db, viewer: Viewer, query: CommentsQuery): Promise<CommentsPage> {
  await assertTarget(db, viewer, query.target_type, query.target_id);
  const page = query.page ?? 1;
  const [roots, total] = await Promise.all([
    q.rootsOf(db, viewer, query.target_type, query.target_id, COMMENTS_PAGE_SIZE, (page - 1) * COMMENTS_PAGE_SIZE),
    q.rootCount(db, viewer, query.target_type, query.target_id),
  ]);
  return { comments: await withReplies(db, viewer, roots), total, page, page_size: COMMENTS_PAGE_SIZE };
}

/**
 * A new comment, or a reply when parentId is given. A reply to a reply joins its root's thread
 * (one level of replies); a reply must name the same target as its parent.
 */
export async function create(
  app: FastifyInstance,
  viewer: Viewer,
  input: { target_type: CommentTargetType; target_id: number; parent_id?: number; body: string },
  team = false,
) {
  const db = app.db;
  await assertTarget(db, viewer, input.target_type, input.target_id);
  let parent: q.CommentRow | undefined;
  let rootId: number | null = null;
  if (input.parent_id !== undefined) {
    parent = await q.commentFor(db, viewer, input.parent_id);
    const t = parent && targetOf(parent);
    if (!parent || !t || t.type !== input.target_type || t.id !== input.target_id) throw notFound('FORM_COMMENT_NOT_FOUND');
    rootId = parent.parent_id ?? parent.id;
    const root = rootId === parent.id ? parent : await q.commentFor(db, viewer, rootId);
    if (!root || root.deleted_at !== null) throw notFound('FORM_COMMENT_NOT_FOUND');
    if (parent.deleted_at !== null) parent = root;
  }
  const id = await db.tx(async (tx) => {
    const row = await q.insertComment(tx, {
      gridId: input.target_type === 'grid' ? input.target_id : null,
      chapterId: input.target_type === 'chapter' ? input.target_id : null,
      parentId: rootId,
      authorId: viewer.id,
      body: input.body,
      team,
      answersId: parent?.id ?? null,
    });
    if (rootId !== null) await q.bumpReplies(tx, rootId, 1);
    return row!.id;
  });
  const row = (await q.commentFor(db, viewer, id))!;
  if (parent && parent.author_id !== null && parent.author_id !== viewer.id)
    await notifyReply(app, parent.author_id, { type: input.target_type, id: input.target_id }, team, row.author_name);
  await commentsChanged(app, { type: input.target_type, id: input.target_id }, id, 'created');
  return { success: 'COMMENT_SENT' as const, comment: toComment(row, viewer.id) };
}

/** The author's own comment, still there (not a deleted placeholder). */
async function ownComment(db: Db, viewer: Viewer, id: number): Promise<q.CommentRow> {
  const c = await reachableComment(db, viewer, id);
  if (c.deleted_at !== null) throw notFound('FORM_COMMENT_NOT_FOUND');
  if (c.author_id !== viewer.id) throw forbidden('FORM_COMMENT_NOT_AUTHOR');
  return c;
}

export async function edit(app: FastifyInstance, viewer: Viewer, id: number, body: string) {
  const db = app.db;
  const c = await ownComment(db, viewer, id);
  await q.updateBody(db, id, body);
  await commentsChanged(app, targetOfRow(c), id, 'updated');
  return { success: 'COMMENT_UPDATED' as const, comment: toComment((await q.commentFor(db, viewer, id))!, viewer.id) };
}

/**
 * Deletes the author's comment. A top-level comment with replies becomes the "comentariu șters"
 * placeholder so the replies keep their context; anything else goes. When the last reply under a
 * placeholder goes, the placeholder goes too.
 */
export async function remove(app: FastifyInstance, viewer: Viewer, id: number) {
  const db = app.db;
  const c = await ownComment(db, viewer, id);
  const placeholder = await db.tx(async (tx) => {
    if (c.parent_id === null) {
      const n = await tx.one<{ n: number }>('select count(*)::int as n from comments where parent_id = $1', [c.id]);
      if (n && n.n > 0) {
        await q.softDelete(tx, c.id);
        return true;
      }
      await q.hardDelete(tx, c.id);
      return false;
    }
    await q.hardDelete(tx, c.id);
    const root = await q.bumpReplies(tx, c.parent_id, -1);
    if (root?.deleted && root.reply_count === 0) await q.hardDelete(tx, c.parent_id);
    return false;
  });
  await commentsChanged(app, targetOfRow(c), id, 'deleted');
  return { success: 'COMMENT_DELETED' as const, id, placeholder };
}

export async function vote(app: FastifyInstance, viewer: Viewer, id: number) {
  const c = await reachableComment(app.db, viewer, id);
  if (c.deleted_at !== null) throw notFound('FORM_COMMENT_NOT_FOUND');
  // A vote says "this helped me": one's own comment cannot be that.
  if (c.author_id === viewer.id) throw forbidden('FORM_COMMENT_OWN_VOTE');
  const result = await q.toggleVote(app.db, id, viewer.id);
  await commentsChanged(app, targetOfRow(c), id, 'voted');
  return result;
}

export async function report(db: Db, viewer: Viewer, id: number, reason: string) {
  const c = await reachableComment(db, viewer, id);
  if (c.deleted_at !== null) throw notFound('FORM_COMMENT_NOT_FOUND');
  if (!(await q.insertReport(db, id, viewer.id, reason))) throw conflict('FORM_COMMENT_ALREADY_REPORTED');
  return { success: 'COMMENT_REPORTED' as const, id };
}

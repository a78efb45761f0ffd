// SQL of the comments (issue 7 §5). A viewer sees a comment unless it is hidden, and a hidden one
// only when it is theirs or they are an admin; that rule is VISIBLE below and in every read.
// vote_count and reply_count are written in the same transaction as the rows they count.
import type { Db } from '../../db/db.ts';
import { REPLIES_SHOWN_MAX, type CommentTargetType } from '../../../src/shared/community-rules.ts';

export type CommentRow = {
  id: number;
  parent_id: number | null;
  grid_id: number | null;
  chapter_id: number | null;
  author_id: number | null;
  author_name: string | null;
  avatar_thumb_path: string | null;
  body: string;
  is_team: boolean;
  is_hidden: boolean;
  is_pinned: boolean;
  vote_count: number;
  reply_count: number;
  created_at: Date | string;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
  voted: boolean;
  reported: boolean;
};

/** $1 is the viewer's id (0 for nobody), $2 whether the viewer is an admin. */
export const VISIBLE = `(not c.is_hidden or c.author_id = $1 or $2::boolean)`;

/** Columns of a comment as seen by the viewer $1. */
export const COMMENT_COLUMNS = `c.id, c.parent_id, c.grid_id, c.chapter_id, c.author_id, u.name as author_name,
  u.avatar_thumb_path, c.body, c.is_team, c.is_hidden, c.is_pinned, c.vote_count, c.created_at,
  -- Replies the viewer may read: a hidden reply is not even hinted at by the count.
  (select count(*)::int from comments r where r.parent_id = c.id and (not r.is_hidden or r.author_id = $1 or $2::boolean)) as reply_count,
  c.edited_at, c.deleted_at,
  exists(select 1 from comment_votes v where v.comment_id = c.id and v.user_id = $1) as voted,
  exists(select 1 from comment_reports r where r.comment_id = c.id and r.user_id = $1) as reported`;

const targetColumn = (t: CommentTargetType) => (t === 'grid' ? 'c.grid_id' : 'c.chapter_id');

/** The order of §5: pinned first, then the most voted, then the newest. */
const THREAD_ORDER = `c.is_pinned desc, c.vote_count desc, c.created_at desc, c.id desc`;

export type Viewer = { id: number; admin: boolean };

export function rootsOf(
  db: Db,
  viewer: Viewer,
  type: CommentTargetType,
  targetId: number,
  limit: number,
  offset: number,
): Promise<CommentRow[]> {
  return db.query<CommentRow>(
    `select ${COMMENT_COLUMNS} from comments c left join users u on u.id = c.author_id
      where ${targetColumn(type)} = $3 and c.parent_id is null and ${VISIBLE}
      order by ${THREAD_ORDER} limit $4 offset $5`,
    [viewer.id, viewer.admin, targetId, limit, offset],
  );
}

export async function rootCount(db: Db, viewer: Viewer, type: CommentTargetType, targetId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::int as n from comments c where ${targetColumn(type)} = $3 and c.parent_id is null and ${VISIBLE}`,
    [viewer.id, viewer.admin, targetId],
  );
  return row?.n ?? 0;
}

/** The first replies (oldest first, as a conversation reads) of each of `rootIds`. */
export function repliesOf(db: Db, viewer: Viewer, rootIds: number[]): Promise<CommentRow[]> {
  if (!rootIds.length) return Promise.resolve([]);
  return db.query<CommentRow>(
    `select * from (
       select ${COMMENT_COLUMNS}, row_number() over (partition by c.parent_id order by c.created_at, c.id) as nth
         from comments c left join users u on u.id = c.author_id
        where c.parent_id = any($3::int[]) and ${VISIBLE}
     ) x where x.nth <= ${REPLIES_SHOWN_MAX} order by x.created_at, x.id`,
    [viewer.id, viewer.admin, rootIds],
  );
}

/** One comment as the viewer sees it (hidden ones only for their author and admins). */
export function commentFor(db: Db, viewer: Viewer, id: number): Promise<CommentRow | undefined> {
  return db.one<CommentRow>(
    `select ${COMMENT_COLUMNS} from comments c left join users u on u.id = c.author_id where c.id = $3 and ${VISIBLE}`,
    [viewer.id, viewer.admin, id],
  );
}

export function insertComment(
  db: Db,
  c: {
    gridId: number | null;
    chapterId: number | null;
    parentId: number | null;
    authorId: number;
    body: string;
    team: boolean;
    /** The comment answered (the root or one of its replies). */
    answersId?: number | null;
  },
): Promise<{ id: number } | undefined> {
  return db.one<{ id: number }>(
    `insert into comments (grid_id, chapter_id, parent_id, author_id, body, is_team, answers_id) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [c.gridId, c.chapterId, c.parentId, c.authorId, c.body, c.team, c.answersId ?? null],
  );
}

export function bumpReplies(db: Db, rootId: number, by: 1 | -1): Promise<{ reply_count: number; deleted: boolean } | undefined> {
  return db.one<{ reply_count: number; deleted: boolean }>(
    `update comments set reply_count = greatest(reply_count + $2, 0) where id = $1
     returning reply_count, deleted_at is not null as deleted`,
    [rootId, by],
  );
}

export function updateBody(db: Db, id: number, body: string): Promise<unknown> {
  return db.query(`update comments set body = $2, edited_at = now() where id = $1`, [id, body]);
}

/** The placeholder kept for replies: no text, no author name shown (the row keeps author_id for the count of their own). */
export function softDelete(db: Db, id: number): Promise<unknown> {
  return db.query(`update comments set body = '', deleted_at = now(), is_pinned = false where id = $1`, [id]);
}

export function hardDelete(db: Db, id: number): Promise<unknown> {
  return db.query(`delete from comments where id = $1`, [id]);
}

/** Toggles the viewer's vote; answers the new state and count. */
export async function toggleVote(db: Db, commentId: number, userId: number): Promise<{ voted: boolean; votes: number }> {
  return db.tx(async (tx) => {
    const added = await tx.one(
      `insert into comment_votes (comment_id, user_id) values ($1, $2) on conflict do nothing returning 1 as x`,
      [commentId, userId],
    );
    if (!added) await tx.query(`delete from comment_votes where comment_id = $1 and user_id = $2`, [commentId, userId]);
    const row = await tx.one<{ vote_count: number }>(
      `update comments set vote_count = (select count(*)::int from comment_votes where comment_id = $1) where id = $1
       returning vote_count`,
      [commentId],
    );
    return { voted: Boolean(added), votes: row?.vote_count ?? 0 };
  });
}

/** False when this user already reported this comment. */
export async function insertReport(db: Db, commentId: number, userId: number, reason: string): Promise<boolean> {
  const row = await db.one(
    `insert into comment_reports (comment_id, user_id, reason) values ($1, $2, $3) on conflict do nothing returning 1 as x`,
    [commentId, userId, reason],
  );
  return Boolean(row);
}

export type TargetRow = { id: number; premium: boolean; published: boolean; author_id: number | null };

export function gridTarget(db: Db, id: number): Promise<TargetRow | undefined> {
  return db.one<TargetRow>(
    `select id, is_premium as premium, is_published as published, author_id from grids where id = $1`,
    [id],
  );
}

export function chapterTarget(db: Db, id: number): Promise<TargetRow | undefined> {
  return db.one<TargetRow>(
    `select id, is_premium as premium, true as published, null::int as author_id from chapters where id = $1`,
    [id],
  );
}

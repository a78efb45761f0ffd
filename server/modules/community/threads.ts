// The community lists (issue 7 §5): threads across every grid and chapter for a signed-in viewer
// (premium targets only for premium viewers), and the public read-only list of /comunitate
// (never a premium or unpublished target, never a hidden or deleted comment, never an e-mail or a
// person's id). "Useful" weighs votes and replies against age, so a good recent thread rises above
// an old popular one; "recent" is the newest first.
import type { Db } from '../../db/db.ts';
import {
  COMMENTS_PAGE_SIZE,
  PUBLIC_THREADS_MAX,
  type ThreadSort,
} from '../../../src/shared/community-rules.ts';
import type {
  CommentTargetInfo,
  PublicComment,
  PublicThreads,
  ThreadsPage,
} from '../../../src/shared/community-payloads.ts';
import { COMMENT_COLUMNS, VISIBLE, type CommentRow } from './queries.ts';
import { avatarSrc, iso } from './serialize.ts';
import { shortName } from '../practice/results.ts';
import { withReplies, type Viewer } from './service.ts';

/** How long a statement's beginning names a grid in a list. */
const TITLE_CHARS = 140;

type TargetCols = {
  t_title: string;
  t_manual: string;
  t_chapter: string;
  t_premium: boolean;
};

const TARGET_JOIN = `left join grids g on g.id = c.grid_id
  join chapters ch on ch.id = coalesce(c.chapter_id, g.chapter_id)
  join manuals m on m.id = ch.manual_id`;
const TARGET_COLUMNS = `case when c.grid_id is not null then left(g.statement, ${TITLE_CHARS}) else ch.title end as t_title,
  m.slug as t_manual, ch.slug as t_chapter,
  (case when c.grid_id is not null then g.is_premium else ch.is_premium end) as t_premium`;
const USEFUL = `((c.vote_count * 2 + c.reply_count + 1)::float8
  / power(extract(epoch from (now() - c.created_at)) / 3600.0 + 2, 1.3)) desc, c.created_at desc, c.id desc`;
const RECENT = `c.created_at desc, c.id desc`;

function targetInfo(r: CommentRow & TargetCols): CommentTargetInfo {
  return {
    type: r.grid_id !== null ? 'grid' : 'chapter',
    id: r.grid_id ?? r.chapter_id!,
    title: r.t_title,
    manual_slug: r.t_manual,
    chapter_slug: r.t_chapter,
    premium: r.t_premium,
  };
}

/** Threads for a signed-in viewer: what they may read, hidden ones only if theirs (or admin). */
export async function threads(db: Db, viewer: Viewer, sort: ThreadSort, page: number): Promise<ThreadsPage> {
  const size = COMMENTS_PAGE_SIZE;
  const rows = await db.query<CommentRow & TargetCols>(
    `select ${COMMENT_COLUMNS}, ${TARGET_COLUMNS}
       from comments c left join users u on u.id = c.author_id ${TARGET_JOIN}
      where c.parent_id is null and c.deleted_at is null and ${VISIBLE}
        and (c.grid_id is null or g.is_published or g.author_id = $1 or $2::boolean)
        and ($3::boolean or (case when c.grid_id is not null then not g.is_premium or g.author_id = $1 else not ch.is_premium end))
      order by ${sort === 'recent' ? RECENT : USEFUL} limit $4 offset $5`,
    [viewer.id, viewer.admin, viewer.premium, size + 1, (page - 1) * size],
  );
  const shown = rows.slice(0, size);
  const withThreads = await withReplies(db, viewer, shown);
  return {
    threads: withThreads.map((t, i) => ({ ...t, target_info: targetInfo(shown[i]!) })),
    page,
    page_size: size,
    has_more: rows.length > size,
  };
}

type PublicRow = {
  id: number;
  parent_id: number | null;
  author_name: string | null;
  avatar_thumb_path: string | null;
  is_team: boolean;
  body: string;
  vote_count: number;
  reply_count: number;
  created_at: Date | string;
};

const publicComment = (r: PublicRow): PublicComment => ({
  id: r.id,
  // Public pages abbreviate names as rankings do ("Popescu A."), issue 23 §3.
  author_name: r.is_team || r.author_name === null ? null : shortName(r.author_name),
  avatar_thumb_src: r.is_team ? null : avatarSrc(r.avatar_thumb_path),
  is_team: r.is_team,
  body: r.body,
  votes: r.vote_count,
  created_at: iso(r.created_at),
});

/** Replies shown under each public thread: the most voted few. */
const PUBLIC_REPLIES = 3;

/** /comunitate: the most useful recent threads on free, published content. */
export async function publicThreads(db: Db): Promise<PublicThreads> {
  const roots = await db.query<PublicRow & TargetCols & { grid_id: number | null; chapter_id: number | null }>(
    `select c.id, c.parent_id, c.grid_id, c.chapter_id, u.name as author_name, u.avatar_thumb_path, c.is_team, c.body,
            c.vote_count, c.created_at, ${TARGET_COLUMNS},
            -- Only the replies a visitor may read are counted (reply_count includes hidden ones).
            (select count(*)::int from comments r where r.parent_id = c.id and not r.is_hidden) as reply_count
       from comments c left join users u on u.id = c.author_id ${TARGET_JOIN}
      where c.parent_id is null and c.deleted_at is null and not c.is_hidden
        and not ch.is_premium and (c.grid_id is null or (g.is_published and not g.is_premium))
      order by ${USEFUL} limit $1`,
    [PUBLIC_THREADS_MAX],
  );
  const replies = roots.length
    ? await db.query<PublicRow>(
        `select * from (
           select c.id, c.parent_id, u.name as author_name, u.avatar_thumb_path, c.is_team, c.body, c.vote_count,
                  c.reply_count, c.created_at,
                  row_number() over (partition by c.parent_id order by c.vote_count desc, c.created_at, c.id) as nth
             from comments c left join users u on u.id = c.author_id
            where c.parent_id = any($1::int[]) and not c.is_hidden and c.deleted_at is null
         ) x where x.nth <= ${PUBLIC_REPLIES} order by x.created_at, x.id`,
        [roots.map((r) => r.id)],
      )
    : [];
  return {
    threads: roots.map((r) => {
      const { premium: _premium, ...info } = targetInfo({ ...r, t_premium: false } as unknown as CommentRow & TargetCols);
      return {
        ...publicComment(r),
        reply_count: r.reply_count,
        replies: replies.filter((x) => x.parent_id === r.id).map(publicComment),
        target_info: info,
      };
    }),
  };
}

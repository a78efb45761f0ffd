// A chapter's discussion for visitors (issue 7 §5, the signed-out /cursuri/:manual/:chapter page):
// read-only, only on a free chapter (a premium chapter's comments are refused exactly as to a free
// user), never a hidden or deleted comment, and like /comunitate no e-mail and no person's id. The
// first page of top-level comments in the thread's own order, each with its visible replies.
import type { Db } from '../../db/db.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { COMMENTS_PAGE_SIZE, REPLIES_SHOWN_MAX } from '../../../src/shared/community-rules.ts';
import type { PublicChapterComments, PublicComment } from '../../../src/shared/community-payloads.ts';
import { chapterTarget } from './queries.ts';
import { avatarSrc, iso } from './serialize.ts';
import { shortName } from '../practice/results.ts';

type Row = {
  id: number;
  parent_id: number | null;
  author_name: string | null;
  avatar_thumb_path: string | null;
  is_team: boolean;
  body: string;
  vote_count: number;
  created_at: Date | string;
};

const toPublic = (r: Row): PublicComment => ({
  id: r.id,
  // Public pages abbreviate names as rankings do ("Popescu A."), issue 23 §3.
  author_name: r.is_team || r.author_name === null ? null : shortName(r.author_name),
  avatar_thumb_src: r.is_team ? null : avatarSrc(r.avatar_thumb_path),
  is_team: r.is_team,
  body: r.body,
  votes: r.vote_count,
  created_at: iso(r.created_at),
});

const SHOWN = `not c.is_hidden and c.deleted_at is null`;
const COLUMNS = `c.id, c.parent_id, u.name as author_name, u.avatar_thumb_path, c.is_team, c.body, c.vote_count, c.created_at`;

export async function publicChapterComments(db: Db, chapterId: number): Promise<PublicChapterComments> {
  const chapter = await chapterTarget(db, chapterId);
  if (!chapter) throw notFound('FORM_CHAPTER_NOT_FOUND');
  if (chapter.premium) throw forbidden('FORM_PREMIUM_CONTENT_ONLY');
  const [roots, total] = await Promise.all([
    db.query<Row>(
      `select ${COLUMNS} from comments c left join users u on u.id = c.author_id
        where c.chapter_id = $1 and c.parent_id is null and ${SHOWN}
        order by c.is_pinned desc, c.vote_count desc, c.created_at desc, c.id desc limit $2`,
      [chapterId, COMMENTS_PAGE_SIZE],
    ),
    db.one<{ n: number }>(
      `select count(*)::int as n from comments c where c.chapter_id = $1 and c.parent_id is null and ${SHOWN}`,
      [chapterId],
    ),
  ]);
  const replies = roots.length
    ? await db.query<Row>(
        `select * from (
           select ${COLUMNS}, row_number() over (partition by c.parent_id order by c.created_at, c.id) as nth
             from comments c left join users u on u.id = c.author_id
            where c.parent_id = any($1::int[]) and ${SHOWN}
         ) x where x.nth <= ${REPLIES_SHOWN_MAX} order by x.created_at, x.id`,
        [roots.map((r) => r.id)],
      )
    : [];
  return {
    comments: roots.map((r) => ({
      ...toPublic(r),
      replies: replies.filter((x) => x.parent_id === r.id).map(toPublic),
    })),
    total: total?.n ?? 0,
  };
}

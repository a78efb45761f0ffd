// Moderation (issue 7 §5), admins only (the routes require it): the queue of reported comments,
// hide/unhide, pin/unpin, dismiss reports, reply as the team. Hiding resolves the open reports
// (the moderator acted on them); dismissing resolves them and leaves the comment as it was.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { notFound } from '../../lib/errors.ts';
import type { ReportQueue } from '../../../src/shared/community-payloads.ts';
import { COMMENT_COLUMNS, type CommentRow } from './queries.ts';
import { iso, toComment } from './serialize.ts';
import { create, type Viewer } from './service.ts';
import { commentsChanged, targetOfRow, type Target } from './live.ts';

/** Reported comments shown at once; the oldest report first, so nothing waits forever. */
const QUEUE_MAX = 100;
const REASONS_SHOWN = 5;

type QueueRow = CommentRow & {
  open_reports: number;
  first_reported_at: Date | string;
  reasons: Array<{ reason: string; created_at: string }>;
  t_title: string;
  t_manual: string;
  t_chapter: string;
  t_premium: boolean;
};

export async function queue(db: Db, admin: Viewer): Promise<ReportQueue> {
  const rows = await db.query<QueueRow>(
    `select ${COMMENT_COLUMNS}, r.open_reports, r.first_reported_at,
            (select coalesce(jsonb_agg(jsonb_build_object('reason', x.reason, 'created_at', x.created_at) order by x.created_at desc), '[]'::jsonb)
               from (select reason, created_at from comment_reports
                      where comment_id = c.id and resolved_at is null order by created_at desc limit ${REASONS_SHOWN}) x) as reasons,
            case when c.grid_id is not null then left(g.statement, 140) else ch.title end as t_title,
            m.slug as t_manual, ch.slug as t_chapter,
            (case when c.grid_id is not null then g.is_premium else ch.is_premium end) as t_premium
       from (select comment_id, count(*)::int as open_reports, min(created_at) as first_reported_at
               from comment_reports where resolved_at is null group by comment_id) r
       join comments c on c.id = r.comment_id
       left join users u on u.id = c.author_id
       left join grids g on g.id = c.grid_id
       join chapters ch on ch.id = coalesce(c.chapter_id, g.chapter_id)
       join manuals m on m.id = ch.manual_id
      order by r.first_reported_at limit ${QUEUE_MAX}`,
    [admin.id, true],
  );
  return {
    items: rows.map((r) => ({
      comment: { ...toComment(r, admin.id), author_id: r.author_id, author_name: r.author_name },
      target_info: {
        type: r.grid_id !== null ? 'grid' : 'chapter',
        id: r.grid_id ?? r.chapter_id!,
        title: r.t_title,
        manual_slug: r.t_manual,
        chapter_slug: r.t_chapter,
        premium: r.t_premium,
      },
      open_reports: r.open_reports,
      reasons: (typeof r.reasons === 'string' ? JSON.parse(r.reasons) : r.reasons).map(
        (x: { reason: string; created_at: string }) => ({ reason: x.reason, created_at: iso(x.created_at) }),
      ),
      first_reported_at: iso(r.first_reported_at),
    })),
  };
}

async function exists(db: Db, id: number): Promise<Target> {
  const row = await db.one<{ grid_id: number | null; chapter_id: number | null }>(
    'select grid_id, chapter_id from comments where id = $1',
    [id],
  );
  if (!row) throw notFound('FORM_COMMENT_NOT_FOUND');
  return targetOfRow(row);
}

export async function setHidden(app: FastifyInstance, id: number, hidden: boolean) {
  const db = app.db;
  const target = await exists(db, id);
  await db.tx(async (tx) => {
    // The team's answers to it go with it (issue 23 §3): a reply to a hidden comment would stand
    // alone in public and read as a rebuke of nothing anyone can see.
    await tx.query('update comments set is_hidden = $2 where id = $1 or (answers_id = $1 and is_team)', [id, hidden]);
    if (hidden) await tx.query('update comment_reports set resolved_at = now() where comment_id = $1 and resolved_at is null', [id]);
  });
  await commentsChanged(app, target, id, 'moderated');
  return { success: hidden ? ('COMMENT_HIDDEN' as const) : ('COMMENT_UNHIDDEN' as const), id };
}

export async function setPinned(app: FastifyInstance, id: number, pinned: boolean) {
  const target = await exists(app.db, id);
  await app.db.query('update comments set is_pinned = $2 where id = $1', [id, pinned]);
  await commentsChanged(app, target, id, 'moderated');
  return { success: pinned ? ('COMMENT_PINNED' as const) : ('COMMENT_UNPINNED' as const), id };
}

export async function dismiss(db: Db, id: number) {
  await exists(db, id);
  await db.query('update comment_reports set resolved_at = now() where comment_id = $1 and resolved_at is null', [id]);
  return { success: 'COMMENT_REPORTS_DISMISSED' as const, id };
}

/** A reply in the team's name under the comment's thread (admins read every comment). */
export async function teamReply(app: FastifyInstance, admin: Viewer, id: number, body: string) {
  const c = await app.db.one<{ grid_id: number | null; chapter_id: number | null }>(
    'select grid_id, chapter_id from comments where id = $1',
    [id],
  );
  if (!c) throw notFound('FORM_COMMENT_NOT_FOUND');
  const target =
    c.grid_id !== null ? { target_type: 'grid' as const, target_id: c.grid_id } : { target_type: 'chapter' as const, target_id: c.chapter_id! };
  return create(app, admin, { ...target, parent_id: id, body }, true);
}

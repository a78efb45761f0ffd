// Admin work: grid reports (list, resolve with an optional reply to the reporter), editing any
// grid, manual or chapter, and signed preview links.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { greet, layout } from '../mail/templates.ts';
import { reportAnswered } from '../notifications/triggers.ts';
import { GRID_COLUMNS, serializeGrid, type GridRow } from '../grids/serialize.ts';
import { findGrid, patchGrid } from '../grids/service.ts';
import type { Viewer } from '../content/viewer.ts';
import type { Block } from '../../../src/shared/content-schema.ts';
import type { GridPatchBody } from '../../../src/shared/grid-schema.ts';
import { ADMIN_PAGE_MAX, parseAfter, type AdminPage } from '../../../src/shared/admin-page.ts';

type ReportRow = {
  id: number;
  status: 'open' | 'resolved';
  reason: string;
  reply: string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  grid_id: number;
  grid_statement: string;
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listReports(app: FastifyInstance, status: 'open' | 'resolved' | 'all', page: AdminPage = {}) {
  const limit = page.limit ?? ADMIN_PAGE_MAX;
  const after = parseAfter(page.after);
  // Open reports oldest first (the queue), the others newest first; the cursor follows that order.
  const asc = status === 'open';
  const rows = await app.db.query<ReportRow & { cursor_us: string }>(
    `select r.id, r.status, r.reason, r.reply, r.created_at, r.resolved_at, r.user_id, u.name as user_name, u.email as user_email,
            r.grid_id, g.statement as grid_statement, (extract(epoch from r.created_at) * 1000000)::bigint::text as cursor_us
       from grid_reports r join grids g on g.id = r.grid_id left join users u on u.id = r.user_id
      where ($1 = 'all' or r.status = $1)
        and ($3::bigint is null or (r.created_at, r.id) ${asc ? '>' : '<'} (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::int))
      order by r.created_at ${asc ? 'asc' : 'desc'}, r.id ${asc ? 'asc' : 'desc'}
      limit $2`,
    [status, limit + 1, after?.us ?? null, after?.id ?? null],
  );
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  return {
    next_after: more ? `${shown[shown.length - 1]!.cursor_us}:${shown[shown.length - 1]!.id}` : null,
    reports: shown.map((r) => ({
      id: r.id,
      status: r.status,
      reason: r.reason,
      reply: r.reply,
      created_at: iso(r.created_at),
      resolved_at: iso(r.resolved_at),
      user: r.user_id ? { id: r.user_id, name: r.user_name, email: r.user_email } : null,
      grid: { id: r.grid_id, statement: r.grid_statement },
    })),
  };
}

export async function resolveReport(
  app: FastifyInstance,
  id: number,
  adminId: number,
  reply: string | undefined,
) {
  const report = await app.db.one<{ id: number; user_id: number | null; grid_id: number }>(
    `update grid_reports set status = 'resolved', reply = coalesce($2, reply), resolved_by = $3, resolved_at = now()
      where id = $1 returning id, user_id, grid_id`,
    [id, reply ?? null, adminId],
  );
  if (!report) throw notFound('FORM_REPORT_NOT_FOUND');
  if (reply && report.user_id) {
    const user = await app.db.one<{ name: string; email: string }>(
      'select name, email from users where id = $1',
      [report.user_id],
    );
    const title = `Răspuns la raportarea grilei #${report.grid_id}`;
    await reportAnswered(app, report.user_id, report.grid_id, reply);
    if (user) {
      const product = app.config.PRODUCT_NAME;
      const mail = layout({
        product,
        title,
        greeting: greet(user.name),
        paragraphs: [
          `Îți mulțumim că ne-ai semnalat o problemă la grila #${report.grid_id}. Iată răspunsul echipei:`,
          reply,
        ],
        button: { label: 'Vezi notificările', url: `${app.config.publicUrl}/notificari` },
      });
      // The notification is already stored: a mail failure must not undo the resolution.
      await app.mailer
        .send({ to: user.email, subject: title, ...mail })
        .catch((err: unknown) => app.log.warn({ err }, 'report reply mail failed'));
    }
  }
  return { success: 'REPORT_RESOLVED' as const };
}

export async function listGrids(app: FastifyInstance, status: 'pending' | 'all', viewer: Viewer, page: AdminPage = {}) {
  const limit = page.limit ?? ADMIN_PAGE_MAX;
  const after = parseAfter(page.after);
  const rows = await app.db.query<GridRow & { cursor_us: string }>(
    `select ${GRID_COLUMNS}, (extract(epoch from g.updated_at) * 1000000)::bigint::text as cursor_us
       from grids g where ($1 = 'all' or (not g.is_published and g.author_id is not null))
        and ($3::bigint is null or (g.updated_at, g.id) < (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::int))
      order by g.updated_at desc, g.id desc limit $2`,
    [status, limit + 1, after?.us ?? null, after?.id ?? null],
  );
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    grids: shown.map(({ cursor_us: _c, ...g }) => ({ ...serializeGrid(g, viewer), author_id: g.author_id, key: g.key })),
    next_after: rows.length > limit && last ? `${last.cursor_us}:${last.id}` : null,
  };
}

export async function updateAnyGrid(
  app: FastifyInstance,
  id: number,
  body: GridPatchBody & { premium?: boolean; published?: boolean },
  viewer: Viewer,
) {
  const g = await findGrid(app.db, id);
  if (!g) throw notFound('FORM_GRID_NOT_FOUND');
  const { premium, published, ...patch } = body;
  const row = await patchGrid(
    app.db,
    g,
    { ...patch, is_premium: premium, is_published: published },
    { sendToReview: false },
  );
  return { success: 'GRID_UPDATED' as const, grid: serializeGrid(row, viewer) };
}

export type ManualPatch = {
  title?: string;
  description?: string;
  subject?: 'biologie' | 'chimie' | 'fizica';
  sort?: number;
  published?: boolean;
};

export async function updateManual(app: FastifyInstance, id: number, p: ManualPatch) {
  const row = await app.db.one(
    `update manuals set title = coalesce($2, title), description = coalesce($3, description), subject = coalesce($4, subject),
            sort = coalesce($5, sort), is_published = coalesce($6, is_published), updated_at = now()
      where id = $1 returning id, slug, title, subject, description, sort, is_published, updated_at`,
    [id, p.title ?? null, p.description ?? null, p.subject ?? null, p.sort ?? null, p.published ?? null],
  );
  if (!row) throw notFound('FORM_COURSE_NOT_FOUND');
  return { success: 'CONTENT_SAVED' as const, manual: row };
}

export type ChapterPatch = {
  title?: string;
  summary?: string;
  blocks?: Block[];
  sort?: number;
  premium?: boolean;
};

export async function updateChapter(app: FastifyInstance, id: number, p: ChapterPatch) {
  const row = await app.db.one(
    `update chapters set title = coalesce($2, title), summary = coalesce($3, summary), blocks = coalesce($4::jsonb, blocks),
            sort = coalesce($5, sort), is_premium = coalesce($6, is_premium), updated_at = now()
      where id = $1 returning id, manual_id, slug, title, summary, sort, blocks, is_premium as premium, updated_at`,
    [
      id,
      p.title ?? null,
      p.summary ?? null,
      p.blocks ? JSON.stringify(p.blocks) : null,
      p.sort ?? null,
      p.premium ?? null,
    ],
  );
  if (!row) throw notFound('FORM_CHAPTER_NOT_FOUND');
  return { success: 'CONTENT_SAVED' as const, chapter: row };
}

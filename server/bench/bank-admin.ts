// The admin lists over the national-size bank (issue 30 §1: "admin lists page, never all rows at
// once"): each list endpoint is read once as an admin; the line says how many rows came back, how
// many the table has, the time, and whether the response names a next page (a cursor or a page
// number), so a list that returns everything, or stops at a cap with no way further, shows.
import type { FastifyInstance } from 'fastify';

type List = { url: string; key: string; table: string; next?: (body: Record<string, unknown>) => string | null };

const cursorOf = (field: string) => (body: Record<string, unknown>) =>
  body[field] === null || body[field] === undefined ? null : String(body[field]);

const LISTS: List[] = [
  { url: '/api/v1/admin/grids?status=all', key: 'grids', table: 'grids', next: cursorOf('next_after') },
  { url: '/api/v1/admin/reports?status=all', key: 'reports', table: 'grid_reports', next: cursorOf('next_after') },
  { url: '/api/v1/admin/content-quality', key: 'grids', table: 'grid_stats' },
  { url: '/api/v1/admin/community/reports', key: 'items', table: 'comment_reports' },
  { url: '/api/v1/admin/simulations', key: 'simulations', table: 'simulations' },
  { url: '/api/v1/admin/coupons', key: 'coupons', table: 'coupons', next: (b) => (Number(b.total) > Number(b.page) * Number(b.per_page) ? String(Number(b.page) + 1) : null) },
  { url: '/api/v1/admin/invoices', key: 'invoices', table: 'invoices', next: cursorOf('next_before') },
];

export async function checkAdminLists(app: FastifyInstance, token: string): Promise<string[]> {
  const out: string[] = [];
  for (const l of LISTS) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url: l.url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - s;
    if (res.statusCode !== 200) {
      out.push(`${l.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      continue;
    }
    const body = res.json() as Record<string, unknown>;
    const rows = Array.isArray(body[l.key]) ? (body[l.key] as unknown[]).length : NaN;
    const total = (await app.db.one<{ n: number }>(`select count(*)::int as n from ${l.table}`))!.n;
    const next = l.next?.(body) ?? null;
    const verdict =
      rows < total ? (next ? 'pages (next page named)' : 'CAPPED: stops at a limit with no next page') : total > rows ? '' : 'all rows (the table is small)';
    out.push(`${l.url.replace('/api/v1', '')}: ${rows} of ${total} rows in ${ms.toFixed(0)} ms — ${verdict}`);
  }
  return out;
}

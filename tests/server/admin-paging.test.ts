// The admin lists of grids and grid reports page (issue 30 §1): `limit` (at most 500) and the
// keyset cursor `after` (next_after of the page before) walk every row once, in the list's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { loadFixtureContent, makeUser, type TestUser } from './fixtures/content-users.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await loadFixtureContent(t.db);
  admin = await makeUser(t.db, { admin: true });
  const reporter = await makeUser(t.db, {});
  // Five reports, two of them at the same moment (the id breaks the tie).
  await t.db.query(
    `insert into grid_reports (grid_id, user_id, reason, created_at)
     select (select min(id) from grids), $1, 'Raport ' || r, timestamptz '2026-01-01' + (least(r, 3) * interval '1 hour')
       from generate_series(1, 5) r`,
    [reporter.id],
  );
});
afterAll(() => t.close());

const get = async (url: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin.auth });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};

async function walk(url: string, key: string): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const r = await get(`${url}&limit=2${after ? `&after=${after}` : ''}`);
    expect(r.status).toBe(200);
    const rows = r.body[key] as { id: number }[];
    expect(rows.length).toBeLessThanOrEqual(2);
    ids.push(...rows.map((x) => x.id));
    after = r.body.next_after as string | null;
    pages += 1;
  } while (after && pages < 100);
  return { ids, pages };
}

describe('admin lists page', () => {
  it('reports: every report once, oldest first for the open queue, newest first for all', async () => {
    const open = await walk('/admin/reports?status=open', 'reports');
    expect(open.ids).toHaveLength(5);
    expect(new Set(open.ids).size).toBe(5);
    expect(open.pages).toBe(3);
    const all = await walk('/admin/reports?status=all', 'reports');
    expect(all.ids).toEqual([...open.ids].reverse());
  });

  it('grids: every grid once, as the unpaged list orders them', async () => {
    const whole = await get('/admin/grids?status=all');
    const ids = (whole.body.grids as { id: number }[]).map((g) => g.id);
    expect(ids.length).toBeGreaterThan(2);
    expect(ids.length).toBeLessThanOrEqual(500);
    expect(whole.body.next_after).toBeNull();
    expect((await walk('/admin/grids?status=all', 'grids')).ids).toEqual(ids);
  });

  it('refuses a limit past the page size and a malformed cursor', async () => {
    expect((await get('/admin/grids?status=all&limit=501')).status).toBe(422);
    expect((await get('/admin/grids?status=all&limit=0')).status).toBe(422);
    expect((await get('/admin/reports?after=abc')).status).toBe(422);
    expect((await get("/admin/reports?after=1:1'")).status).toBe(422);
  });
});

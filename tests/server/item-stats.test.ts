// Item statistics (issue 9 §4): facility and discrimination recomputed from finished tests, and
// the admin's content-quality queue (negative discrimination, very low facility, open reports).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { call } from './groups-fixture.ts';
import type { GridQuality } from '../../src/shared/item-stats.ts';

let t: TestApp;
let api: ReturnType<typeof call>;
let admin: FixtureUser;
let grids: number[];

/** A finished test of `ids` for a new candidate; `right(gridIndex)` says which were answered right. */
async function finishedTest(ids: number[], right: (i: number) => boolean, status = 'finished') {
  const u = await makeUser(t.db, {});
  const id = randomUUID();
  await t.db.query(
    `insert into tests (id, user_id, mode, status, grid_count, grid_set_hash) values ($1, $2, 'exam', $3, $4, $5)`,
    [id, u.id, status, ids.length, id],
  );
  await t.db.query(
    `insert into answers (id, test_id, user_id, grid_id, marked, outcome)
     select gen_random_uuid(), $1, $2, g, '{A}', o from unnest($3::int[], $4::text[]) as x(g, o)`,
    [id, u.id, ids, ids.map((_, i) => (right(i) ? 'right' : 'wrong'))],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  api = call(t.app);
  admin = await makeUser(t.db, { admin: true });
  const content = await makeContent(t.db, [repeat(7, {})]);
  grids = content.gridIds[0]!;
  const six = grids.slice(0, 6);
  // 30 candidates of rising ability k: grids 0–3 are answered right by the stronger ones (a good
  // grid), grid 4 by the weaker ones (it misleads those who know), grid 5 by one candidate only.
  for (let k = 0; k < 30; k++) {
    await finishedTest(six, (i) => (i < 4 ? k >= 6 + i * 5 : i === 4 ? k < 12 : k === 29));
  }
  // Left out: an unfinished test and a test too short to say anything about its candidate.
  await finishedTest(six, () => false, 'unfinished');
  await finishedTest(grids.slice(0, 2), () => true);
  // Grid 6 is never answered but reported.
  const reporter = await makeUser(t.db, {});
  await t.db.query(`insert into grid_reports (grid_id, user_id, reason) values ($1, $2, 'Varianta C este tot corectă')`, [grids[6], reporter.id]);
});
afterAll(async () => t.close());

describe('item statistics', () => {
  it('recomputes facility and discrimination from finished tests only (admin only)', async () => {
    expect((await api(null, 'POST', '/admin/grid-stats/refresh')).status).toBe(401);
    const user = await makeUser(t.db, {});
    expect((await api(user, 'POST', '/admin/grid-stats/refresh')).status).toBe(403);
    const r = await api(admin, 'POST', '/admin/grid-stats/refresh');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe('GRID_STATS_REFRESHED');
    const stats = await t.db.query<{ grid_id: number; answers: number; facility: number; discrimination: number | null }>(
      'select grid_id, answers, facility, discrimination from grid_stats where grid_id = any($1) order by grid_id',
      [grids],
    );
    const by = new Map(stats.map((s) => [s.grid_id, s]));
    // 30 answers each: the unfinished and the 2-grid test are not counted.
    expect(by.get(grids[0]!)!.answers).toBe(30);
    expect(by.get(grids[0]!)!.facility).toBeCloseTo(24 / 30, 6);
    expect(by.get(grids[0]!)!.discrimination!).toBeGreaterThan(0.3);
    expect(by.get(grids[4]!)!.discrimination!).toBeLessThan(0);
    expect(by.get(grids[5]!)!.facility).toBeCloseTo(1 / 30, 6);
    expect(by.has(grids[6]!)).toBe(false);
    // Idempotent: a second run updates the same rows.
    expect((await api(admin, 'POST', '/admin/grid-stats/refresh')).body.grids).toBe(r.body.grids);
  });

  it('queues grids that discriminate negatively, that almost nobody gets right, or that are reported', async () => {
    expect((await api(null, 'GET', '/admin/content-quality')).status).toBe(401);
    const r = await api(admin, 'GET', '/admin/content-quality');
    expect(r.status).toBe(200);
    const queue = r.body.grids as GridQuality[];
    const ids = queue.map((g) => g.grid_id).filter((id) => grids.includes(id));
    expect(new Set(ids)).toEqual(new Set([grids[4], grids[5], grids[6]]));
    // Reported first.
    expect(queue[0]!.grid_id).toBe(grids[6]);
    expect(queue[0]!.open_reports).toBe(1);
  });
});

// The candidate's percentile per chapter and subject on GET /stats (issue 31 §2): among the
// candidates with at least 20 answers there, only groups of 20 or more ranked, and nothing about
// anyone else in the payload.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { call } from './groups-fixture.ts';
import { refreshPeerAccuracy } from '../../server/modules/stats/peer-refresh.ts';
import type { ChapterStat, ManualStat, PeerRank } from '../../src/shared/stats-payloads.ts';

let t: TestApp;
let api: ReturnType<typeof call>;
/** Chapter P (its own manual): 20 candidates of 20 answers, candidate k right on k of them. */
let p: { manualId: number; chapterId: number; grids: number[]; users: FixtureUser[] };
/** Chapter Q (its own manual): 19 candidates of 20 answers and one of 19. */
let q: { manualId: number; chapterId: number; grids: number[]; users: FixtureUser[]; short: FixtureUser };

/** A finished test of `userId` on `grids`, the first `right` of them right, the rest wrong. */
async function answered(userId: number, grids: number[], right: number) {
  const id = randomUUID();
  await t.db.query(
    `insert into tests (id, user_id, mode, status, grid_count, grid_set_hash) values ($1::uuid, $2, 'exam', 'finished', $3, $1::text)`,
    [id, userId, grids.length],
  );
  await t.db.query(
    `insert into answers (id, test_id, user_id, grid_id, marked, outcome)
     select gen_random_uuid(), $1, $2, x.g, '{A}', case when x.i <= $4 then 'right' else 'wrong' end
       from unnest($3::int[]) with ordinality as x(g, i)`,
    [id, userId, grids, right],
  );
}

async function world(candidates: number) {
  const c = await makeContent(t.db, [repeat(20, {})]);
  const grids = c.gridIds[0]!;
  const users: FixtureUser[] = [];
  for (let k = 0; k < candidates; k++) {
    const u = await makeUser(t.db, { name: `Altcineva${k} Secret` });
    await answered(u.id, grids, k);
    users.push(u);
  }
  return { manualId: c.manualId, chapterId: c.chapterIds[0]!, grids, users };
}

const statsOf = async (u: FixtureUser) => {
  const r = await api(u, 'GET', '/stats');
  expect(r.status).toBe(200);
  return r.body as { chapters: ChapterStat[]; manuals: ManualStat[]; weakest_chapters: ChapterStat[] };
};
const chapterPeers = (s: { chapters: ChapterStat[] }, id: number): PeerRank | undefined => s.chapters.find((c) => c.chapter_id === id)?.peers;
const manualPeers = (s: { manuals: ManualStat[] }, id: number): PeerRank | undefined => s.manuals.find((m) => m.manual_id === id)?.peers;

beforeAll(async () => {
  t = await createTestApp();
  api = call(t.app);
  p = await world(20);
  const w = await world(19);
  const short = await makeUser(t.db, {});
  await answered(short.id, w.grids.slice(0, 19), 19);
  q = { ...w, short };
  // The others' shares are the item statistics' (hourly on every process): computed once here.
  await refreshPeerAccuracy(t.db);
});
afterAll(async () => t.close());

describe('percentile among candidates', () => {
  it('ranks a candidate among 20: the share of the others strictly below, rounded down to 5', async () => {
    // Candidate 15 has 15 of the 19 others below: 78.9 % → 75.
    const s = await statsOf(p.users[15]!);
    expect(chapterPeers(s, p.chapterId)).toEqual({ ranked: true, percentile: 75, candidates_at_least: 20 });
    expect(manualPeers(s, p.manualId)).toEqual({ ranked: true, percentile: 75, candidates_at_least: 20 });
    expect(chapterPeers(await statsOf(p.users[19]!), p.chapterId)).toEqual({ ranked: true, percentile: 100, candidates_at_least: 20 });
    expect(chapterPeers(await statsOf(p.users[0]!), p.chapterId)).toEqual({ ranked: true, percentile: 0, candidates_at_least: 20 });
  });

  it('counts ties as not below, and a second answer to the same grid as an answer', async () => {
    // A 21st candidate level with candidate 15 (15 right of 20): both have 15 others strictly below of 20 → 75.
    const twin = await makeUser(t.db, {});
    await answered(twin.id, p.grids, 15);
    expect(chapterPeers(await statsOf(twin), p.chapterId)).toEqual({ ranked: true, percentile: 75, candidates_at_least: 20 });
    expect(chapterPeers(await statsOf(p.users[15]!), p.chapterId)).toEqual({ ranked: true, percentile: 75, candidates_at_least: 20 });
  });

  it('does not rank a group of 19, nor a candidate with 19 answers', async () => {
    const s = await statsOf(q.users[10]!);
    expect(chapterPeers(s, q.chapterId)).toEqual({ ranked: false, reason: 'small_group' });
    expect(manualPeers(s, q.manualId)).toEqual({ ranked: false, reason: 'small_group' });
    expect(chapterPeers(await statsOf(q.short), q.chapterId)).toEqual({ ranked: false, reason: 'own_answers' });
    // One more answer makes the short candidate the 20th: now everyone there is ranked.
    await answered(q.short.id, q.grids.slice(19), 1);
    // Their own answer counts at once (live); the others see them after the next refresh.
    expect(chapterPeers(await statsOf(q.short), q.chapterId)).toEqual({ ranked: true, percentile: 100, candidates_at_least: 20 });
    expect(chapterPeers(await statsOf(q.users[10]!), q.chapterId)).toEqual({ ranked: false, reason: 'small_group' });
    await refreshPeerAccuracy(t.db);
    expect((chapterPeers(await statsOf(q.users[10]!), q.chapterId) as { ranked: boolean }).ranked).toBe(true);
  });

  it('the refresh drops a candidate who no longer qualifies, and two refreshes at once agree', async () => {
    const leaver = await makeUser(t.db, {});
    await answered(leaver.id, p.grids, 20);
    await Promise.all([refreshPeerAccuracy(t.db), refreshPeerAccuracy(t.db)]);
    const kept = await t.db.query<{ n: number }>(`select count(*)::int as n from peer_accuracy where user_id = $1`, [leaver.id]);
    expect(kept[0]!.n).toBe(2); // the chapter and its subject
    await t.db.query('delete from answers where user_id = $1', [leaver.id]);
    await refreshPeerAccuracy(t.db);
    expect((await t.db.query<{ n: number }>(`select count(*)::int as n from peer_accuracy where user_id = $1`, [leaver.id]))[0]!.n).toBe(0);
  });

  it('gives no other person’s name, id or score', async () => {
    const me = p.users[15]!;
    const r = await api(me, 'GET', '/stats');
    const text = JSON.stringify(r.body);
    expect(text).not.toContain('Altcineva');
    expect(text).not.toContain('user_id');
    for (const c of [...r.body.chapters, ...r.body.manuals] as { peers: object }[])
      expect(Object.keys(c.peers).sort()).toEqual(expect.arrayContaining(['ranked']));
    const peers = chapterPeers(r.body as { chapters: ChapterStat[] }, p.chapterId)!;
    expect(Object.keys(peers).sort()).toEqual(['candidates_at_least', 'percentile', 'ranked']);
  });

  it('a candidate with no answers gets empty statistics, not an error', async () => {
    const s = await statsOf(await makeUser(t.db, {}));
    expect(s.chapters).toEqual([]);
    expect((await api(null, 'GET', '/stats')).status).toBe(401);
  });
});

// The kept answer counts of migration 049 (issue 30 §1): after a fuzzed history — answers saved and
// changed online, offline batches synced (and synced again, re-scored), grids moved between chapters
// (one alone, two swapped in one statement, one by an upsert), a test deleted, review marks, an account erased —
// user_chapter_answers and user_answer_days equal a direct count over the answers, and GET /stats gives
// exactly what the direct computation over the answers (the statistics' former SQL) gives, and so
// does the course page's share right per chapter.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb } from './helpers.ts';
import { makeContent, makeUser, type FixtureUser } from './learning-fixture.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db.ts';

let db: Db;
let app: FastifyInstance;
let close: () => Promise<void>;
let another: () => Promise<Db | null>;
let content: Array<Awaited<ReturnType<typeof makeContent>>>;

const DAY = 86_400_000;
const CUT = 90 * DAY; // PROGRESS_DAYS of stats/queries.ts

/** mulberry32: the same history on every run and on both databases. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}
type Rng = ReturnType<typeof prng>;

const call = (who: FixtureUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A time in the last 120 days, a third of them within 30 h of the 90-day cut (never within a minute of it). */
function when(r: Rng): string {
  let ago = r.next() < 0.35 ? CUT + (r.next() * 2 - 1) * 30 * 3_600_000 : r.next() * 120 * DAY;
  if (Math.abs(ago - CUT) < 60_000) ago += 120_000;
  return new Date(Date.now() - ago).toISOString();
}
/** Blank, right, wrong or (on CM) partial marks; grids are CS (B) or CM (A, C). */
const marks = (r: Rng) => r.pick([[], ['B'], ['A'], ['A', 'C'], ['A'], ['C'], ['D'], ['B', 'C']] as string[][]);
const time = (r: Rng) => (r.next() < 0.2 ? undefined : 500 + r.int(60_000));

async function onlineTest(u: FixtureUser, r: Rng): Promise<string> {
  const c = r.pick(content);
  const res = await call(u, 'POST', '/tests', { manual_id: c.manualId, chapter_ids: [r.pick(c.chapterIds)], count: 4, mode: 'exam' });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().test.id as string;
  const grids = ((await call(u, 'GET', `/tests/${id}`)).json().grids as Array<{ id: number }>).map((g) => g.id);
  for (const g of grids) {
    if (r.next() < 0.15) continue;
    const put = await call(u, 'PUT', `/tests/${id}/answers/${g}`, { id: randomUUID(), marked: marks(r), time_ms: time(r), answered_at: when(r) });
    expect(put.statusCode, put.body).toBe(200);
    if (r.next() < 0.3) {
      // changed later (exam mode): the old answer's counts leave, the new one's arrive
      const again = await call(u, 'PUT', `/tests/${id}/answers/${g}`, { id: randomUUID(), marked: marks(r), time_ms: time(r), answered_at: new Date().toISOString() });
      expect(again.statusCode, again.body).toBe(200);
    }
  }
  if (r.next() < 0.7) await call(u, 'POST', `/tests/${id}/finish`);
  return id;
}

/** An offline test synced in one batch, and sometimes sent again with answers changed (the device's later copy). */
async function offlineBatch(u: FixtureUser, r: Rng): Promise<void> {
  const c = r.pick(content);
  const grids = [...c.gridIds.flat()].sort(() => r.next() - 0.5).slice(0, 8);
  const started = Date.now() - 3 * 3_600_000;
  const answers = grids.map((g) => ({
    id: randomUUID(),
    grid_id: g,
    marked: marks(r),
    flagged: r.next() < 0.2,
    time_ms: time(r) ?? null,
    answered_at: new Date(started + 60_000 + r.int(3_600_000)).toISOString(),
  }));
  const test = { id: randomUUID(), manual_id: c.manualId, mode: 'exam', time_limit_s: null, grid_ids: grids, answers, status: 'unfinished', started_at: new Date(started).toISOString() };
  const res = await call(u, 'POST', '/tests/sync', { tests: [test] });
  expect(res.statusCode, res.body).toBe(200);
  if (r.next() < 0.6) {
    const later = answers.map((a) => (r.next() < 0.5 ? { ...a, marked: marks(r), answered_at: new Date(Date.parse(a.answered_at) + 30_000).toISOString() } : a));
    const again = await call(u, 'POST', '/tests/sync', {
      tests: [{ ...test, answers: later, status: 'finished', finished_at: new Date(started + 2 * 3_600_000).toISOString() }],
    });
    expect(again.statusCode, again.body).toBe(200);
  }
}

/** The kept tables against a direct count over every answer (rows of zeros must be all zeros). */
async function expectTablesExact(): Promise<void> {
  expect(await db.query('select * from grid_moves_pending')).toEqual([]); // every noted move was carried out
  const direct = await db.query(
    `select a.user_id, g.chapter_id, count(*)::int as answered, count(*) filter (where a.outcome = 'right')::int as right_n,
            count(*) filter (where a.outcome = 'partial')::int as partial_n, count(*) filter (where a.outcome = 'wrong')::int as wrong_n,
            coalesce(sum(a.time_ms), 0)::text as time_sum, count(a.time_ms)::int as time_n
       from answers a join grids g on g.id = a.grid_id where a.outcome <> 'blank' group by 1, 2 order by 1, 2`,
  );
  const kept = await db.query(
    `select user_id, chapter_id, answered, right_n, partial_n, wrong_n, time_sum::text as time_sum, time_n
       from user_chapter_answers where answered <> 0 or right_n <> 0 or partial_n <> 0 or wrong_n <> 0 or time_sum <> 0 or time_n <> 0
      order by 1, 2`,
  );
  expect(kept).toEqual(direct);
  const days = await db.query(
    `select a.user_id, to_char((a.answered_at at time zone 'Europe/Bucharest')::date, 'YYYY-MM-DD') as day, count(*)::int as answered,
            count(*) filter (where a.outcome = 'right')::int as right_n
       from answers a where a.outcome <> 'blank' group by 1, 2 order by 1, 2`,
  );
  const keptDays = await db.query(
    `select user_id, to_char(day, 'YYYY-MM-DD') as day, answered, right_n from user_answer_days
      where answered <> 0 or right_n <> 0 order by 1, 2`,
  );
  expect(keptDays).toEqual(days);
}

/** GET /stats against the statistics computed straight from the answers (the SQL before migration 049). */
async function expectStatsExact(u: FixtureUser): Promise<void> {
  const chapters = await db.query<{ chapter_id: number; title: string; manual_id: number; answered: number; right: number; partial: number; wrong: number; time_sum: number | null; time_n: number }>(
    `select c.id as chapter_id, c.title, c.manual_id, count(*)::int as answered, count(*) filter (where a.outcome = 'right')::int as right,
            count(*) filter (where a.outcome = 'partial')::int as partial, count(*) filter (where a.outcome = 'wrong')::int as wrong,
            sum(a.time_ms)::float8 as time_sum, count(a.time_ms)::int as time_n
       from answers a join grids g on g.id = a.grid_id join chapters c on c.id = g.chapter_id join manuals m on m.id = c.manual_id
      where a.user_id = $1 and a.outcome <> 'blank'
      group by c.id, c.title, c.manual_id, c.sort, m.title, m.sort order by c.manual_id, c.sort, c.id`,
    [u.id],
  );
  const progress = await db.query<{ day: string; answered: number; right: number }>(
    `select to_char((a.answered_at at time zone 'Europe/Bucharest')::date, 'YYYY-MM-DD') as day, count(*)::int as answered,
            count(*) filter (where a.outcome = 'right')::int as right
       from answers a where a.user_id = $1 and a.outcome <> 'blank' and a.answered_at > now() - make_interval(days => 90)
      group by 1 order by 1`,
    [u.id],
  );
  const res = await call(u, 'GET', '/stats');
  expect(res.statusCode, res.body).toBe(200);
  const s = res.json();
  const pct = (r: number, n: number) => (n ? Math.round((r / n) * 1000) / 10 : 0);
  expect(s.chapters.map(({ peers: _p, ...c }: Record<string, unknown>) => c)).toEqual(
    chapters.map((c) => ({ chapter_id: c.chapter_id, title: c.title, manual_id: c.manual_id, answered: c.answered, right: c.right, partial: c.partial, wrong: c.wrong, correct_pct: pct(c.right, c.answered) })),
  );
  const sum = (k: 'answered' | 'right' | 'partial' | 'wrong' | 'time_n') => chapters.reduce((a, c) => a + c[k], 0);
  const timeSum = chapters.reduce((a, c) => a + (c.time_sum ?? 0), 0);
  expect(s.totals).toMatchObject({
    grids_answered: sum('answered'),
    right: sum('right'),
    partial: sum('partial'),
    wrong: sum('wrong'),
    correct_pct: pct(sum('right'), sum('answered')),
    avg_time_ms: sum('time_n') ? Math.round(timeSum / sum('time_n')) : null,
    total_time_ms: timeSum,
  });
  expect(s.progress).toEqual(progress.map((p) => ({ ...p, correct_pct: pct(p.right, p.answered) })));
  // the course page's share right per chapter, shown only where the user has answered
  for (const m of content) {
    const direct = await db.query<{ slug: string; total: number; correct: number; answered: number }>(
      `select c.slug, (select count(*)::int from grids g where g.chapter_id = c.id and g.is_published) as total,
              (select count(distinct a.grid_id) filter (where a.outcome = 'right')::int from answers a join grids g on g.id = a.grid_id
                where g.chapter_id = c.id and a.user_id = $1) as correct,
              (select count(*)::int from answers a join grids g on g.id = a.grid_id
                where g.chapter_id = c.id and a.user_id = $1 and a.outcome <> 'blank') as answered
         from chapters c where c.manual_id = $2 order by c.slug`,
      [u.id, m.manualId],
    );
    const slug = (await db.one<{ slug: string }>('select slug from manuals where id = $1', [m.manualId]))!.slug;
    const course = await call(u, 'GET', `/courses/${slug}`);
    expect(course.statusCode, course.body).toBe(200);
    const shown = (course.json().chapters as Array<{ slug: string; progress: { correct_percent: number | null } }>)
      .map((c) => ({ slug: c.slug, pct: c.progress.correct_percent }))
      .sort((a, b) => (a.slug < b.slug ? -1 : 1));
    expect(shown).toEqual(direct.map((d) => ({ slug: d.slug, pct: d.answered > 0 ? (d.total ? Math.round((100 * d.correct) / d.total) : 0) : null })));
  }
}

beforeAll(async () => {
  const opened = await openTestDb();
  db = opened.db;
  another = opened.another;
  close = opened.close;
  app = (await buildTestApp(db)).app;
  const cs = { type: 'CS' as const };
  const cm = { type: 'CM' as const };
  content = [
    await makeContent(db, [[cs, cs, cm, cs, cm, cs, cs, cm], [cm, cs, cs, cs, cm, cs, cm], [cs, cm, cs, cs, cm, cs, cs]]),
    await makeContent(db, [[cs, cs, cm, cm, cs, cs, cm], [cs, cs, cs, cm, cm, cs, cs, cs]]),
  ];
});
afterAll(async () => {
  await app.close();
  await close();
});

describe('kept answer counts (migration 049)', () => {
  it('equal a direct count over the answers after a fuzzed history, and GET /stats is unchanged', async () => {
    const r = prng(30_1);
    const users = [await makeUser(db), await makeUser(db), await makeUser(db), await makeUser(db)];
    const tests = new Map<number, string[]>();
    for (let round = 0; round < 3; round++) {
      for (const u of users) {
        for (let i = 0; i < 3; i++) tests.set(u.id, [...(tests.get(u.id) ?? []), await onlineTest(u, r)]);
        await offlineBatch(u, r);
      }
      await expectTablesExact();
      // one grid moved alone, then two swapped between chapters of different manuals in one statement
      const [a, b] = [r.pick(content[0]!.gridIds.flat()), r.pick(content[1]!.gridIds.flat())];
      await db.query('update grids set chapter_id = $2 where id = $1', [a, r.pick(content[0]!.chapterIds)]);
      await db.query(
        `update grids g set chapter_id = x.ch from (select $1::int as id, (select chapter_id from grids where id = $2) as ch
                union all select $2::int, (select chapter_id from grids where id = $1)) x where g.id = x.id`,
        [a, b],
      );
      // a move through an upsert (as the content import writes grids)
      await db.query(
        `insert into grids (id, chapter_id, type, statement, options, correct, explanation, difficulty) overriding system value
         select id, $2, type, statement, options, correct, explanation, difficulty from grids where id = $1
         on conflict (id) do update set chapter_id = excluded.chapter_id`,
        [r.pick(content[1]!.gridIds.flat()), r.pick(content[1]!.chapterIds)],
      );
      await expectTablesExact();
      // an edit that moves nothing, review marks (no counted column), an answer blanked by hand
      await db.query(`update grids set explanation = explanation || '.' where id = any($1::int[])`, [content[1]!.gridIds.flat()]);
      await db.query(`update answers set reviewed_at = now() where user_id = $1`, [users[0]!.id]);
      await db.query(`update answers set outcome = 'blank' where id = (select id from answers where outcome = 'right' order by id limit 1)`);
      const mine = tests.get(users[1]!.id)!;
      expect((await call(users[1]!, 'DELETE', `/tests/${mine.shift()}`)).statusCode).toBe(200);
      await expectTablesExact();
      for (const u of users) await expectStatsExact(u);
    }
    // an account erased: its answers and counts go with it, the others' stay exact
    await db.query('delete from users where id = $1', [users[3]!.id]);
    await expectTablesExact();
    expect(await db.query('select 1 from user_chapter_answers where user_id = $1', [users[3]!.id])).toEqual([]);
    for (const u of users.slice(0, 3)) await expectStatsExact(u);
  });

  it('counts an answer written while its grid is being moved in the chapter the grid ends in', async () => {
    // On PostgreSQL the move and the answer come from two connections at once (as two processes);
    // PGlite has one connection, so there the same two writes run one after the other.
    const u = await makeUser(db);
    const other = (await another()) ?? db;
    const c = content[0]!;
    const [g1, g2] = [c.gridIds[0]![0]!, c.gridIds[0]![1]!];
    const test = (await call(u, 'POST', '/tests', { manual_id: c.manualId, chapter_ids: [c.chapterIds[0]], count: 2, mode: 'exam' })).json().test.id as string;
    const answer = (g: number) =>
      other.query(`insert into answers (id, test_id, user_id, grid_id, marked, outcome) values ($1, $2, $3, $4, '{B}', 'right')`, [randomUUID(), test, u.id, g]);
    let release!: () => void;
    const gate = new Promise<void>((res) => (release = res));
    // 1. the move holds the grid; the answer's counts wait for it and land in the new chapter
    const moved = db.tx(async (t) => {
      await t.query('update grids set chapter_id = $2 where id = $1', [g1, c.chapterIds[1]]);
      await gate;
    });
    await new Promise((res) => setTimeout(res, 50));
    const written = other === db ? (release(), await moved, answer(g1)) : answer(g1);
    await new Promise((res) => setTimeout(res, 300));
    release();
    await Promise.all([moved, written]);
    await expectTablesExact();
    // 2. the answer first, in a transaction still open; the move waits and takes it along
    let release2!: () => void;
    const gate2 = new Promise<void>((res) => (release2 = res));
    const answered =
      other === db
        ? answer(g2)
        : other.tx(async (t) => {
            await t.query(`insert into answers (id, test_id, user_id, grid_id, marked, outcome) values ($1, $2, $3, $4, '{B}', 'right')`, [randomUUID(), test, u.id, g2]);
            await gate2;
          });
    await new Promise((res) => setTimeout(res, 50));
    const move2 = other === db ? (await answered, db.query('update grids set chapter_id = $2 where id = $1', [g2, c.chapterIds[2]])) : db.query('update grids set chapter_id = $2 where id = $1', [g2, c.chapterIds[2]]);
    await new Promise((res) => setTimeout(res, 300));
    release2();
    await Promise.all([answered, move2]);
    await expectTablesExact();
    if (other !== db) await other.close();
  });

  it('backfills, in the migration, the same counts the triggers keep', async () => {
    // The history of the tests above, counted again from nothing by the migration's own statements.
    const sql = readFileSync(new URL('../../server/db/migrations/049_answer_counts.sql', import.meta.url), 'utf8');
    const backfill = sql.slice(sql.indexOf('-- The answers there already'));
    expect(backfill).toContain('insert into user_answer_days');
    expect((await db.one<{ n: number }>('select count(*)::int as n from answers'))!.n).toBeGreaterThan(100);
    await db.query('delete from user_chapter_answers');
    await db.query('delete from user_answer_days');
    await db.exec(backfill);
    await expectTablesExact();
  });
});

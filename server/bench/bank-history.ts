// The answers of the bank bench (issue 30 §1), made in SQL (generate_series) so 600,000 rows take
// seconds: one candidate with a year of daily practice (CANDIDATE_ANSWERS answers in finished tests
// of 25 grids, over two in three of the 15,000 grids, so "unseen" still finds some), 5,000 other
// candidates with PEER_ANSWERS each in finished tests of 20 (each grid answered by ≈ 33 of them, past
// the 30 first answers a measured difficulty needs), the candidate's spaced-repetition cards,
// favourites, chapters read, and open grid reports for the admin list. Outcomes come from a fixed
// LCG of the answer's index, a candidate's skill and a grid's difficulty (so the discrimination has
// a sign): the same rows on every run and on both databases.
import { createEmptyCard } from 'ts-fsrs';
import type { Db } from '../db/db.ts';

export const CANDIDATE_ANSWERS = Number(process.env.BENCH_BANK_ANSWERS ?? 100_000);
export const PEERS = Number(process.env.BENCH_BANK_PEERS ?? 5_000);
export const PEER_ANSWERS = Number(process.env.BENCH_BANK_PEER_ANSWERS ?? 100);
const CANDIDATE_TEST = 25;
const PEER_TEST = 20;

/** SQL: a pseudo-random 0..99 from an integer expression (a 31-bit LCG step; same on PGlite and PostgreSQL). */
const roll = (i: string) => `((((${i})::bigint * 1103515245 + 12345) % 2147483648) / 21474837)::int`;
/** SQL: the outcome of answer index `i` of a candidate of skill `skill` (-20..20) on grid `g`. */
const outcome = (i: string, skill: string, g: string) =>
  `case when ${roll(i)} >= 97 then 'blank'
        when ${roll(i)} < 45 + ${skill} + ((${g}) * 37 % 50) - 25 then 'right' else 'wrong' end`;

export type History = { candidateAnswers: number; peerAnswers: number; tests: number; ms: number };

async function candidateHistory(db: Db, userId: number, ids: number[]): Promise<void> {
  const tests = Math.ceil(CANDIDATE_ANSWERS / CANDIDATE_TEST);
  const seen = ids.length;
  // Test t starts t/tests of a year ago → now; its 25 grids are consecutive residues × 7919 (a
  // bijection mod `seen`), so no grid twice in one test.
  await db.query(
    `insert into tests (id, user_id, mode, status, finish_reason, kind, filters, grid_count, grid_set_hash,
                        started_at, last_activity_at, finished_at, score, max_score, grade, profile_slug, rank_score, created_at)
     select md5('bank-c-' || t)::uuid, $1::int, case when t % 3 = 0 then 'exam' else 'tutor' end, 'finished', 'user', 'custom',
            '{}'::jsonb, $2::int, md5('bank-c-set-' || t), at, at + interval '20 minutes', at + interval '20 minutes',
            10, $2::int, 5, 'timisoara', 10, at
       from (select t, now() - interval '365 days' + (t * interval '365 days') / $3::int as at
               from generate_series(0, $3::int - 1) t) x`,
    [userId, CANDIDATE_TEST, tests],
  );
  await db.query(
    `insert into test_grids (test_id, position, grid_id)
     select md5('bank-c-' || t)::uuid, p + 1, ($1::int[])[1 + ((t * ${CANDIDATE_TEST} + p) * 7919) % $2::int]
       from generate_series(0, $3::int - 1) t, generate_series(0, ${CANDIDATE_TEST - 1}) p`,
    [ids, seen, tests],
  );
  await db.query(
    `insert into answers (id, test_id, user_id, grid_id, marked, time_ms, outcome, reviewed_at, answered_at, updated_at)
     select md5('bank-ca-' || i)::uuid, md5('bank-c-' || t)::uuid, $1::int, g,
            case when o = 'right' then '{A}'::text[] when o = 'wrong' then '{B}'::text[] else '{}'::text[] end,
            20000 + ${roll('i')} * 400, o, at, at, at
       from (select t, p, t * ${CANDIDATE_TEST} + p as i, g,
                    ${outcome('t * ' + CANDIDATE_TEST + ' + p', '10', 'g')} as o,
                    now() - interval '365 days' + (t * interval '365 days') / $4::int + p * interval '40 seconds' as at
               from (select t, p, ($2::int[])[1 + ((t * ${CANDIDATE_TEST} + p) * 7919) % $3::int] as g
                       from generate_series(0, $4::int - 1) t, generate_series(0, ${CANDIDATE_TEST - 1}) p) y
              where t * ${CANDIDATE_TEST} + p < $5::int) x`,
    [userId, ids, seen, tests, CANDIDATE_ANSWERS],
  );
  // One card per grid answered, due from 10 days ago to 50 days ahead (some due now, some today).
  const card = JSON.stringify(createEmptyCard(new Date()));
  await db.query(
    `insert into srs_cards (user_id, grid_id, state, due, last_review)
     select $1::int, g, $2::jsonb, now() + ((g * 7) % 60 - 10) * interval '1 day' + (g % 24) * interval '1 hour', now() - interval '1 day'
       from unnest($3::int[]) g`,
    [userId, card, ids],
  );
  await db.query(
    `insert into favorites (user_id, grid_id) select $1::int, g from unnest($2::int[]) g`,
    [userId, ids.filter((_, i) => i % 50 === 7)],
  );
  await db.query(
    `insert into user_chapter_progress (user_id, chapter_id)
     select $1::int, id from chapters where id % 3 = 0`,
    [userId],
  );
}

async function peerHistory(db: Db, ids: number[]): Promise<number[]> {
  const users = await db.query<{ id: number }>(
    `insert into users (name, email, email_verified_at, center_id)
     select 'Candidat ' || u, 'bank-' || u || '@exemplu.ro', now(), (select id from centers where slug = 'timisoara')
       from generate_series(1, $1::int) u returning id`,
    [PEERS],
  );
  const uids = users.map((u) => u.id);
  const perUser = PEER_ANSWERS / PEER_TEST;
  // Tests: user k (0-based) has tests k*perUser … k*perUser + perUser - 1, spread over the year.
  await db.query(
    `insert into tests (id, user_id, mode, status, finish_reason, kind, filters, grid_count, grid_set_hash,
                        started_at, last_activity_at, finished_at, score, max_score, grade, profile_slug, rank_score, created_at)
     select md5('bank-p-' || t)::uuid, ($1::int[])[1 + t / $2::int], 'exam', 'finished', 'user', 'custom', '{}'::jsonb, ${PEER_TEST},
            md5('bank-p-set-' || t), at, at, at + interval '15 minutes', 10, ${PEER_TEST}, 5, 'timisoara', 10, at
       from (select t, now() - interval '365 days' + ((t * 7919) % 365) * interval '1 day' as at
               from generate_series(0, $3::int - 1) t) x`,
    [uids, perUser, uids.length * perUser],
  );
  // Answer i (0 … users × PEER_ANSWERS) is of user i / PEER_ANSWERS on grid (i × 7919) mod n: a
  // user's answers are consecutive residues, so distinct grids, and every grid gets ≈ 33 of them.
  await db.query(
    `insert into test_grids (test_id, position, grid_id)
     select md5('bank-p-' || (i / ${PEER_TEST}))::uuid, 1 + i % ${PEER_TEST}, ($1::int[])[1 + (i::bigint * 7919 % $2::int)::int]
       from generate_series(0, $3::int - 1) i`,
    [ids, ids.length, uids.length * PEER_ANSWERS],
  );
  await db.query(
    `insert into answers (id, test_id, user_id, grid_id, marked, time_ms, outcome, reviewed_at, answered_at, updated_at)
     select md5('bank-pa-' || i)::uuid, md5('bank-p-' || (i / ${PEER_TEST}))::uuid, u, g,
            case when o = 'right' then '{A}'::text[] when o = 'wrong' then '{B}'::text[] else '{}'::text[] end,
            15000 + ${roll('i')} * 300, o, at, at, at
       from (select i, u, g, ${outcome('i', '((u * 53) % 41 - 20)', 'g')} as o, at
               from (select i, ($4::int[])[1 + i / $5::int] as u, ($1::int[])[1 + (i::bigint * 7919 % $2::int)::int] as g,
                            now() - interval '365 days' + (((i / ${PEER_TEST}) * 7919) % 365) * interval '1 day' as at
                       from generate_series(0, $3::int - 1) i) y) x`,
    [ids, ids.length, uids.length * PEER_ANSWERS, uids, PEER_ANSWERS],
  );
  // Open reports on 1,000 grids, so the admin report list has more rows than one page.
  await db.query(
    `insert into grid_reports (grid_id, user_id, reason)
     select ($1::int[])[1 + (r * 13) % $2::int], ($3::int[])[1 + r % $4::int], 'Varianta corectă pare greșită (bench)'
       from generate_series(0, 999) r`,
    [ids, ids.length, uids, uids.length],
  );
  return uids;
}

/** The candidate's year and the 5,000 others' answers; then `analyze` so the planner knows the sizes. */
export async function seedHistory(db: Db, candidateId: number): Promise<History> {
  const t0 = performance.now();
  const ids = (await db.query<{ id: number }>('select id from grids order by id')).map((r) => r.id);
  // The candidate has seen two grids in three, spread over every chapter ("unseen" still finds some).
  await candidateHistory(db, candidateId, ids.filter((_, i) => i % 3 !== 0));
  await peerHistory(db, ids);
  for (const t of ['tests', 'test_grids', 'answers', 'srs_cards', 'users', 'grids', 'favorites', 'grid_reports'])
    await db.query(`analyze ${t}`);
  const n = await db.one<{ mine: number; all: number; tests: number }>(
    `select (select count(*)::int from answers where user_id = $1::int) as mine, (select count(*)::int from answers) as all,
            (select count(*)::int from tests) as tests`,
    [candidateId],
  );
  return { candidateAnswers: n!.mine, peerAnswers: n!.all - n!.mine, tests: n!.tests, ms: performance.now() - t0 };
}

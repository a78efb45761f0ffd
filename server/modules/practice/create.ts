// POST /tests: a test from the candidate's filters (manual, chapters, difficulty authored or
// measured, unseen, wrong, favourites) or exactly the given grids (retest), idempotent by the
// client's id.
import type { Db } from '../../db/db.ts';
import { badRequest } from '../../lib/errors.ts';
import type { CreateTestBody, GridFilters } from '../../../src/shared/test-schema.ts';
import type { ServerTest } from '../../../src/shared/practice-payloads.ts';
import { allowedGrid, insertTest, isPremium, notEnoughGrids } from './engine.ts';
import { TEST_COLUMNS, serializeTest, type TestRow } from './model.ts';
import { bandCondition } from '../item-stats/queries.ts';

export async function tableExists(db: Db, name: string): Promise<boolean> {
  const row = await db.one<{ found: boolean }>('select to_regclass($1) is not null as found', [name]);
  return row?.found === true;
}

/** The grids a builder's filters allow this user, as SQL (shared by POST /tests and /tests/available). */
async function filterWhere(db: Db, userId: number, body: GridFilters): Promise<{ where: string[]; params: unknown[]; chapterIds: number[] }> {
  const manual = await db.one('select 1 from manuals where id = $1', [body.manual_id]);
  if (!manual) throw badRequest('FORM_MANUAL_INVALID', 'manual_id');
  const chapterIds = [...new Set(body.chapter_ids ?? [])];
  if (chapterIds.length) {
    const found = await db.one<{ n: number }>(
      'select count(*)::int as n from chapters where id = any($1::int[]) and manual_id = $2',
      [chapterIds, body.manual_id],
    );
    if (found?.n !== chapterIds.length) throw badRequest('FORM_CHAPTER_INVALID', 'chapter_ids');
  }
  const premium = await isPremium(db, userId);
  const params: unknown[] = [userId, premium, body.manual_id];
  const where = [allowedGrid('$1', '$2'), 'c.manual_id = $3'];
  if (chapterIds.length) {
    params.push(chapterIds);
    where.push(`g.chapter_id = any($${params.length}::int[])`);
  }
  if (body.difficulty) {
    params.push(body.difficulty);
    where.push(`g.difficulty = $${params.length}`);
  }
  // Measured difficulty: the band's bounds are constants (item-stats.ts), not parameters.
  if (body.measured) where.push(`g.id in (select s.grid_id from grid_stats s where ${bandCondition('s', body.measured)})`);
  if (body.only_unseen)
    where.push(
      `not exists (select 1 from answers a where a.user_id = $1 and a.grid_id = g.id and a.outcome <> 'blank')`,
    );
  if (body.only_wrong) {
    where.push(`g.id in (select l.grid_id from (select distinct on (a.grid_id) a.grid_id, a.outcome from answers a
                 where a.user_id = $1 and a.outcome <> 'blank' order by a.grid_id, a.answered_at desc) l where l.outcome <> 'right')`);
  }
  if (body.only_favorites) {
    // favorites comes from another module's migration; without it nothing is a favourite.
    if (await tableExists(db, 'favorites'))
      where.push('g.id in (select f.grid_id from favorites f where f.user_id = $1)');
    else where.push('false');
  }
  return { where, params, chapterIds };
}

/** POST /tests/available: how many grids the filters allow (the builder says it before starting). */
export async function availableGrids(db: Db, userId: number, body: GridFilters): Promise<number> {
  const { where, params } = await filterWhere(db, userId, body);
  const row = await db.one<{ n: number }>(`select count(*)::int as n from grids g join chapters c on c.id = g.chapter_id where ${where.join(' and ')}`, params);
  return row?.n ?? 0;
}

export async function createTest(
  db: Db,
  userId: number,
  body: CreateTestBody,
): Promise<{ test: ServerTest; created: boolean }> {
  if (body.id) {
    const existing = await db.one<TestRow>(`select ${TEST_COLUMNS} from tests t where t.id = $1`, [body.id]);
    if (existing && existing.user_id !== userId) throw badRequest('FORM_UUID_INVALID', 'id');
    if (existing) return { test: serializeTest(existing), created: false };
  }
  const { where, params, chapterIds } = await filterWhere(db, userId, body);
  // Retest: exactly the given grids (each still allowed to this user), in the given order.
  const wanted = body.grid_ids ? [...new Set(body.grid_ids)] : null;
  if (wanted) {
    if (wanted.length !== body.count) throw badRequest('FIELD_INVALID', 'count');
    params.push(wanted);
    where.push(`g.id = any($${params.length}::int[])`);
  }
  params.push(body.count);
  const rows = await db.query<{ id: number }>(
    `select g.id from grids g join chapters c on c.id = g.chapter_id where ${where.join(' and ')}
      order by random() limit $${params.length}`,
    params,
  );
  const allowed = new Set(rows.map((r) => r.id));
  const picked = wanted ? wanted.filter((g) => allowed.has(g)).map((g) => ({ id: g })) : rows;
  if (picked.length < body.count) throw notEnoughGrids(picked.length);
  const filters = {
    chapter_ids: chapterIds,
    count: body.count,
    difficulty: body.difficulty ?? null,
    measured: body.measured ?? null,
    only_unseen: Boolean(body.only_unseen),
    only_wrong: Boolean(body.only_wrong),
    only_favorites: Boolean(body.only_favorites),
    ...(wanted ? { grid_ids: wanted } : {}),
  };
  const timeLimitS = body.time_limit_min ? body.time_limit_min * 60 : null;
  const row = await insertTest(db, {
    id: body.id,
    userId,
    mode: body.mode,
    kind: 'custom',
    manualId: body.manual_id,
    filters,
    gridIds: picked.map((p) => p.id),
    timeLimitS,
  });
  if (!row) return createTest(db, userId, body); // the same id was created concurrently: answer with it
  return { test: serializeTest(row), created: true };
}

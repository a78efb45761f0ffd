// SQL of the courses API: published manuals, their chapters in order, grid counts, reading progress.
import type { Db } from '../../db/db.ts';
import type { Block } from '../../../src/shared/content-schema.ts';

export type ManualRow = {
  id: number;
  slug: string;
  title: string;
  subject: string;
  description: string;
  sort: number;
  updated_at: Date | string;
};
export type ManualListRow = ManualRow & { chapter_count: number; grid_count: number; premium_grid_count: number };
export type ChapterRow = {
  id: number;
  manual_id: number;
  slug: string;
  title: string;
  summary: string;
  sort: number;
  is_premium: boolean;
  grid_count: number;
  premium_grid_count: number;
  updated_at: Date | string;
};
export type ChapterFullRow = ChapterRow & { blocks: Block[] };

const PUBLISHED_GRID_COUNT = `(select count(*)::int from grids g where g.chapter_id = c.id and g.is_published)`;
// Of those, the premium ones: a viewer without premium practises only the others (issue 11 §4.10).
const PREMIUM_GRID_COUNT = `(select count(*)::int from grids g where g.chapter_id = c.id and g.is_published and g.is_premium)`;

export function listManuals(db: Db): Promise<ManualListRow[]> {
  return db.query<ManualListRow>(
    `select m.id, m.slug, m.title, m.subject, m.description, m.sort, m.updated_at,
            (select count(*)::int from chapters c where c.manual_id = m.id) as chapter_count,
            (select count(*)::int from grids g join chapters c on c.id = g.chapter_id
              where c.manual_id = m.id and g.is_published) as grid_count,
            (select count(*)::int from grids g join chapters c on c.id = g.chapter_id
              where c.manual_id = m.id and g.is_published and g.is_premium) as premium_grid_count
       from manuals m where m.is_published order by m.sort, m.id`,
  );
}

export function manualBySlug(db: Db, slug: string): Promise<ManualRow | undefined> {
  return db.one<ManualRow>(
    'select id, slug, title, subject, description, sort, updated_at from manuals where slug = $1 and is_published',
    [slug],
  );
}

export function chaptersOf(db: Db, manualId: number): Promise<ChapterRow[]> {
  return db.query<ChapterRow>(
    `select c.id, c.manual_id, c.slug, c.title, c.summary, c.sort, c.is_premium, c.updated_at, ${PUBLISHED_GRID_COUNT} as grid_count, ${PREMIUM_GRID_COUNT} as premium_grid_count
       from chapters c where c.manual_id = $1 order by c.sort, c.id`,
    [manualId],
  );
}

export function chaptersWithBlocks(db: Db, manualId: number): Promise<ChapterFullRow[]> {
  return db.query<ChapterFullRow>(
    `select c.id, c.manual_id, c.slug, c.title, c.summary, c.sort, c.is_premium, c.updated_at, c.blocks, ${PUBLISHED_GRID_COUNT} as grid_count, ${PREMIUM_GRID_COUNT} as premium_grid_count
       from chapters c where c.manual_id = $1 order by c.sort, c.id`,
    [manualId],
  );
}

export function chapterBySlug(db: Db, manualId: number, slug: string): Promise<ChapterFullRow | undefined> {
  return db.one<ChapterFullRow>(
    `select c.id, c.manual_id, c.slug, c.title, c.summary, c.sort, c.is_premium, c.updated_at, c.blocks, ${PUBLISHED_GRID_COUNT} as grid_count, ${PREMIUM_GRID_COUNT} as premium_grid_count
       from chapters c where c.manual_id = $1 and c.slug = $2`,
    [manualId, slug],
  );
}

export function readChapters(
  db: Db,
  userId: number,
  manualId: number,
): Promise<{ chapter_id: number; read_at: Date | string }[]> {
  return db.query(
    `select p.chapter_id, p.read_at from user_chapter_progress p join chapters c on c.id = p.chapter_id
      where p.user_id = $1 and c.manual_id = $2`,
    [userId, manualId],
  );
}

export async function markRead(db: Db, userId: number, chapterId: number): Promise<Date | string> {
  const row = await db.one<{ read_at: Date | string }>(
    `insert into user_chapter_progress (user_id, chapter_id) values ($1, $2)
     on conflict (user_id, chapter_id) do update set read_at = user_chapter_progress.read_at
     returning read_at`,
    [userId, chapterId],
  );
  return row!.read_at;
}

export async function unmarkRead(db: Db, userId: number, chapterId: number): Promise<void> {
  await db.query('delete from user_chapter_progress where user_id = $1 and chapter_id = $2', [
    userId,
    chapterId,
  ]);
}

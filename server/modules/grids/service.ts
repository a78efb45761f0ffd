// User-authored grids (add a grid, my grids) and the single-grid read with the premium gate.
// Grids written by users stay unpublished (visible to their author and admins) until an admin
// publishes them; an author's edit sends a published grid back to review.
import type { Db } from '../../db/db.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { correctLettersValid, type GridPatchBody } from '../../../src/shared/grid-schema.ts';
import type { GridType } from '../../../src/shared/constants.ts';
import type { Viewer } from '../content/viewer.ts';
import type { MediaStore } from '../../lib/media-store/port.ts';
import { dropGridPhoto } from './photo.ts';
import { GRID_COLUMNS, serializeGrid, type GridRow } from './serialize.ts';

export type GridInputBody = {
  chapter_id: number;
  type: GridType;
  statement: string;
  options: Record<'A' | 'B' | 'C' | 'D' | 'E', string>;
  correct: string[];
  explanation: string;
  difficulty: 'easy' | 'hard';
  source?: string;
};

export function findGrid(db: Db, id: number): Promise<GridRow | undefined> {
  return db.one<GridRow>(`select ${GRID_COLUMNS} from grids g where g.id = $1`, [id]);
}

/** A grid the viewer may see at all: published, their own, or any for admins; else 404. */
export async function visibleGrid(db: Db, id: number, viewer: Viewer): Promise<GridRow> {
  const g = await findGrid(db, id);
  if (!g || (!g.is_published && g.author_id !== viewer?.id && !viewer?.admin))
    throw notFound('FORM_GRID_NOT_FOUND');
  return g;
}

/** GET /grids/:id: premium grids are refused outright to non-premium viewers. */
export async function getGrid(db: Db, id: number, viewer: NonNullable<Viewer>) {
  const g = await visibleGrid(db, id, viewer);
  if (g.is_premium && !viewer.premium && g.author_id !== viewer.id)
    throw forbidden('FORM_PREMIUM_GRIDS_ONLY');
  return { grid: serializeGrid(g, viewer) };
}

/** The grid for a change by its author: 404 unknown (or unpublished and someone else's), 403 not theirs. */
export async function ownGrid(db: Db, id: number, viewer: NonNullable<Viewer>): Promise<GridRow> {
  const g = await visibleGrid(db, id, viewer);
  if (g.author_id !== viewer.id) throw forbidden('FORM_GRID_NOT_OWNER');
  return g;
}

async function checkChapter(db: Db, chapterId: number): Promise<void> {
  const c = await db.one('select 1 from chapters c join manuals m on m.id = c.manual_id where c.id = $1', [
    chapterId,
  ]);
  if (!c) throw badRequest('FORM_CHAPTER_INVALID', 'chapter_id');
}

export async function listMine(db: Db, viewer: NonNullable<Viewer>) {
  const rows = await db.query<
    GridRow & { chapter_title: string; chapter_slug: string; manual_slug: string; manual_title: string }
  >(
    `select ${GRID_COLUMNS}, c.title as chapter_title, c.slug as chapter_slug, m.slug as manual_slug, m.title as manual_title
       from grids g join chapters c on c.id = g.chapter_id join manuals m on m.id = c.manual_id
      where g.author_id = $1 order by g.created_at desc, g.id desc`,
    [viewer.id],
  );
  return {
    grids: rows.map((r) => ({
      ...serializeGrid(r, viewer),
      created_at: new Date(r.created_at).toISOString(),
      chapter: { id: r.chapter_id, slug: r.chapter_slug, title: r.chapter_title },
      manual: { slug: r.manual_slug, title: r.manual_title },
    })),
  };
}

export async function createGrid(db: Db, viewer: NonNullable<Viewer>, body: GridInputBody) {
  await checkChapter(db, body.chapter_id);
  const row = await db.one<GridRow>(
    `insert into grids as g (chapter_id, type, statement, options, correct, explanation, difficulty, source, author_id, is_published, is_premium)
     values ($1, $2, $3, $4::jsonb, $5::text[], $6, $7, $8, $9, false, false)
     returning ${GRID_COLUMNS}`,
    [
      body.chapter_id,
      body.type,
      body.statement,
      JSON.stringify(body.options),
      [...body.correct].sort(),
      body.explanation,
      body.difficulty,
      body.source ?? '',
      viewer.id,
    ],
  );
  return { success: 'GRID_ADDED' as const, grid: serializeGrid(row!, viewer) };
}

/** Applies a partial change; type and correct letters are checked together against what is stored. */
export async function patchGrid(
  db: Db,
  g: GridRow,
  patch: GridPatchBody & { is_premium?: boolean; is_published?: boolean },
  opts: { sendToReview: boolean },
): Promise<GridRow> {
  const type = (patch.type ?? g.type) as GridType;
  const correct = patch.correct ?? g.correct;
  if (!correctLettersValid(type, correct)) throw badRequest('FORM_CORRECT_ANSWERS_INVALID', 'correct');
  if (patch.chapter_id !== undefined) await checkChapter(db, patch.chapter_id);
  const row = await db.one<GridRow>(
    `update grids g set chapter_id = $2, type = $3, statement = $4, options = $5::jsonb, correct = $6::text[],
            explanation = $7, difficulty = $8, source = $9, is_premium = $10, is_published = $11, updated_at = now()
      where g.id = $1 returning ${GRID_COLUMNS}`,
    [
      g.id,
      patch.chapter_id ?? g.chapter_id,
      type,
      patch.statement ?? g.statement,
      JSON.stringify(patch.options ?? g.options),
      [...correct].sort(),
      patch.explanation ?? g.explanation,
      patch.difficulty ?? g.difficulty,
      patch.source ?? g.source,
      patch.is_premium ?? g.is_premium,
      opts.sendToReview ? false : (patch.is_published ?? g.is_published),
    ],
  );
  return row!;
}

export async function updateOwnGrid(db: Db, id: number, viewer: NonNullable<Viewer>, patch: GridPatchBody) {
  const g = await ownGrid(db, id, viewer);
  const row = await patchGrid(db, g, patch, { sendToReview: true });
  return { success: 'GRID_UPDATED' as const, grid: serializeGrid(row, viewer) };
}

export async function deleteOwnGrid(db: Db, id: number, viewer: NonNullable<Viewer>, media: MediaStore) {
  const g = await ownGrid(db, id, viewer);
  try {
    await db.query('delete from grids where id = $1', [g.id]);
  } catch (err) {
    // Answers of finished tests may still point at it: take it off the author's list and out of use instead.
    if ((err as { code?: string }).code !== '23503') throw err;
    await db.query(
      'update grids set author_id = null, is_published = false, updated_at = now() where id = $1',
      [g.id],
    );
    return { success: 'GRID_DELETED' as const };
  }
  if (g.explanation_photo_path) await dropGridPhoto(media, g.explanation_photo_path);
  return { success: 'GRID_DELETED' as const };
}

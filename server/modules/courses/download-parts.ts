// Downloads a phone can afford (issue 30 §2): a manifest of parts (a chapter's grids in slices of
// PART_GRIDS, with their sizes), one part at a time, and the changes since a cursor — edited and
// added chapters and grids, plus the ids that left the manual for this viewer (tombstones of
// 046_content_deletions, unpublished grids, grids turned premium for a free account).
// Visibility is the whole-manual download's: published or the viewer's own, premium only for premium.
import type { Db } from '../../db/db.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../content/viewer.ts';
import { GRID_COLUMNS, serializeGrid, type GridRow } from '../grids/serialize.ts';
import * as q from './queries.ts';
import { chapterOut, manualOut, requireManual } from './service.ts';
import { INT4_MAX } from '../../../src/shared/input-rules.ts';
import {
  PART_GRIDS,
  type DownloadChanges,
  type DownloadChapter,
  type DownloadGrid,
  type DownloadManifest,
  type DownloadPart,
  type DownloadPartPayload,
} from '../../../src/shared/download-payloads.ts';

type Reader = NonNullable<Viewer>;

/**
 * How far a cursor is set back from the database clock: a transaction that stamped updated_at
 * with now() up to this long before it committed is still seen by the next sync. The device
 * applies a change it already has again, harmlessly.
 */
export const CURSOR_LAG_MS = 2000;

const VISIBLE = `(g.is_published or g.author_id = $2) and ($3 or not g.is_premium)`;

async function cursorNow(db: Db): Promise<string> {
  const row = await db.one<{ ms: string | number }>(
    `select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as ms`,
  );
  return String(Number(row!.ms) - CURSOR_LAG_MS);
}

function chapterPayload(c: q.ChapterFullRow, manualId: number, viewer: Reader): DownloadChapter {
  const locked = c.is_premium && !viewer.premium;
  return { ...chapterOut(c), manual_id: manualId, locked, blocks: locked ? [] : c.blocks };
}

const gridPayload = (g: GridRow, manualId: number, viewer: Reader): DownloadGrid => ({
  ...serializeGrid(g, viewer),
  manual_id: manualId,
});

const bytesOf = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/** The parts of a manual, in reading order, with the exact size of each as the part endpoint sends it. */
export async function manifest(db: Db, slug: string, viewer: Reader): Promise<DownloadManifest> {
  const manual = await requireManual(db, slug);
  const cursor = await cursorNow(db);
  const chapters = await q.chaptersWithBlocks(db, manual.id);
  const grids = await db.query<GridRow>(
    `select ${GRID_COLUMNS} from grids g join chapters c on c.id = g.chapter_id
      where c.manual_id = $1 and ${VISIBLE} order by c.sort, c.id, g.id`,
    [manual.id, viewer.id, viewer.premium],
  );
  const byChapter = new Map<number, GridRow[]>();
  for (const g of grids) byChapter.set(g.chapter_id, [...(byChapter.get(g.chapter_id) ?? []), g]);
  const parts: DownloadPart[] = [];
  for (const c of chapters) {
    const own = byChapter.get(c.id) ?? [];
    // Contiguous id ranges: the last one is open, so a grid added meanwhile lands in a part too.
    for (let i = 0, n = 0; i === 0 || i < own.length; i += PART_GRIDS, n++) {
      const slice = own.slice(i, i + PART_GRIDS);
      const from = i === 0 ? 0 : own[i - 1].id + 1;
      const to = i + PART_GRIDS >= own.length ? INT4_MAX : slice[slice.length - 1].id;
      const body: DownloadPartPayload = {
        chapter: i === 0 ? chapterPayload(c, manual.id, viewer) : null,
        grids: slice.map((g) => gridPayload(g, manual.id, viewer)),
      };
      parts.push({ key: `${c.id}:${n}`, chapter_id: c.id, from, to, grids: slice.length, bytes: bytesOf(body) });
    }
  }
  return {
    manual: manualOut(manual),
    premium: viewer.premium,
    cursor,
    parts,
    bytes: parts.reduce((s, p) => s + p.bytes, 0),
  };
}

/** One part: the chapter's visible grids with from ≤ id ≤ to, and the chapter itself when from is 0. */
export async function part(
  db: Db,
  slug: string,
  chapterId: number,
  range: { from: number; to: number },
  viewer: Reader,
): Promise<DownloadPartPayload> {
  const manual = await requireManual(db, slug);
  const chapter = await db.one<q.ChapterFullRow>(
    `select c.id, c.manual_id, c.slug, c.title, c.summary, c.sort, c.is_premium, c.updated_at, c.blocks,
            (select count(*)::int from grids g where g.chapter_id = c.id and g.is_published) as grid_count,
            (select count(*)::int from grids g where g.chapter_id = c.id and g.is_published and g.is_premium) as premium_grid_count
       from chapters c where c.id = $1 and c.manual_id = $2`,
    [chapterId, manual.id],
  );
  if (!chapter) throw notFound('FORM_CHAPTER_NOT_FOUND');
  const grids = await db.query<GridRow>(
    `select ${GRID_COLUMNS} from grids g
      where g.chapter_id = $1 and g.id between $4 and $5 and ${VISIBLE} order by g.id`,
    [chapterId, viewer.id, viewer.premium, range.from, range.to],
  );
  return {
    chapter: range.from === 0 ? chapterPayload(chapter, manual.id, viewer) : null,
    grids: grids.map((g) => gridPayload(g, manual.id, viewer)),
  };
}

/** What changed in the manual since `sinceMs` for this viewer, and the cursor for the next time. */
export async function changes(db: Db, slug: string, sinceMs: number, viewer: Reader): Promise<DownloadChanges> {
  const manual = await requireManual(db, slug);
  const cursor = await cursorNow(db);
  const since = new Date(sinceMs).toISOString();
  const chapters = await db.query<q.ChapterFullRow>(
    `select c.id, c.manual_id, c.slug, c.title, c.summary, c.sort, c.is_premium, c.updated_at, c.blocks,
            (select count(*)::int from grids g where g.chapter_id = c.id and g.is_published) as grid_count,
            (select count(*)::int from grids g where g.chapter_id = c.id and g.is_published and g.is_premium) as premium_grid_count
       from chapters c where c.manual_id = $1 and c.updated_at >= $2 order by c.sort, c.id`,
    [manual.id, since],
  );
  const grids = await db.query<GridRow & { visible: boolean }>(
    `select ${GRID_COLUMNS}, (${VISIBLE}) as visible from grids g join chapters c on c.id = g.chapter_id
      where c.manual_id = $1 and g.updated_at >= $4 order by g.id`,
    [manual.id, viewer.id, viewer.premium, since],
  );
  const gone = await db.query<{ kind: 'grid' | 'chapter'; item_id: number }>(
    `select distinct kind, item_id from content_deletions where manual_id = $1 and deleted_at >= $2`,
    [manual.id, since],
  );
  const present = new Set(chapters.map((c) => c.id));
  return {
    manual: manualOut(manual),
    premium: viewer.premium,
    cursor,
    chapters: chapters.map((c) => chapterPayload(c, manual.id, viewer)),
    grids: grids.filter((g) => g.visible).map((g) => gridPayload(g, manual.id, viewer)),
    removed: {
      // A chapter moved away and back is in both lists: the device removes first, then stores.
      chapters: gone.filter((d) => d.kind === 'chapter' && !present.has(d.item_id)).map((d) => d.item_id),
      grids: [
        ...grids.filter((g) => !g.visible).map((g) => g.id),
        ...gone.filter((d) => d.kind === 'grid').map((d) => d.item_id),
      ],
    },
  };
}

// Content importer (docs/CONTENT_FORMAT.md): a manual with chapters and grids as JSON, or grids
// alone as CSV. Everything is validated first and written in one transaction, so a file with
// any error writes nothing. Manuals are keyed by slug, chapters by (manual, slug), grids by key:
// re-importing updates in place and never duplicates. This file: JSON and the entry points;
// the CSV reader is import-csv.ts, what both share import-common.ts.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Db } from '../../db/db.ts';
import { contentFileSchema, type ContentFile } from '../../../src/shared/content-schema.ts';
import { ImportError, chapterMap, emptyCounts, tally, upsertGrids, zodErrors, type ImportCounts } from './import-common.ts';
import { importCsv } from './import-csv.ts';

export { ImportError, formatPath, type ImportCounts } from './import-common.ts';
export { CSV_COLUMNS, importCsv, parseContentCsv, type CsvGrid } from './import-csv.ts';

// ---------------------------------------------------------------- JSON

/** Parses and validates a JSON content file without touching the database. */
export function parseContentJson(text: string): ContentFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ImportError([`JSON invalid: ${(err as Error).message}`]);
  }
  const parsed = contentFileSchema.safeParse(raw);
  const errors = [...(parsed.success ? [] : zodErrors(parsed.error)), ...duplicateErrors(raw)];
  if (errors.length || !parsed.success) throw new ImportError(errors);
  return parsed.data;
}

/** Chapter slugs and grid keys named twice in one file (checked on the raw data, so they show with the other errors). */
function duplicateErrors(raw: unknown): string[] {
  const errors: string[] = [];
  const check = (list: unknown, listName: string, field: string) => {
    if (!Array.isArray(list)) return;
    const seen = new Map<string, number>();
    list.forEach((item: unknown, i) => {
      const v = (item as Record<string, unknown> | null)?.[field];
      if (typeof v !== 'string') return;
      const prev = seen.get(v.trim());
      if (prev !== undefined)
        errors.push(`${listName}[${i}].${field}: „${v}” se repetă (vezi ${listName}[${prev}])`);
      else seen.set(v.trim(), i);
    });
  };
  const f = raw as Record<string, unknown> | null;
  if (f && typeof f === 'object') {
    check(f.chapters, 'chapters', 'slug');
    check(f.grids, 'grids', 'key');
  }
  return errors;
}

export async function importJson(db: Db, text: string): Promise<ImportCounts> {
  const file = parseContentJson(text);
  return db.tx(async (tx) => {
    const counts = emptyCounts();
    // Chapters named by grids must exist in the file or, for this manual, in the database.
    const existing = await tx.query<{ slug: string }>(
      'select c.slug from chapters c join manuals m on m.id = c.manual_id where m.slug = $1',
      [file.manual.slug],
    );
    const known = new Set([...existing.map((r) => r.slug), ...file.chapters.map((c) => c.slug)]);
    const errors: string[] = [];
    file.grids.forEach((g, i) => {
      if (!known.has(g.chapter)) {
        errors.push(
          `grids[${i}].chapter: capitolul „${g.chapter}” nu există în fișier și nici în manualul „${file.manual.slug}” din baza de date`,
        );
      }
    });
    if (errors.length) throw new ImportError(errors);

    const m = file.manual;
    const manual = await tx.one<{ id: number; inserted: boolean }>(
      `insert into manuals (slug, title, subject, description, sort)
       values ($1, $2, $3, $4, $5)
       on conflict (slug) do update
          set title = excluded.title, subject = excluded.subject, description = excluded.description,
              sort = excluded.sort, updated_at = now()
        where (manuals.title, manuals.subject, manuals.description, manuals.sort)
              is distinct from (excluded.title, excluded.subject, excluded.description, excluded.sort)
       returning id, (xmax = 0) as inserted`,
      [m.slug, m.title, m.subject, m.description, m.sort],
    );
    const manualId =
      manual?.id ?? (await tx.one<{ id: number }>('select id from manuals where slug = $1', [m.slug]))!.id;
    tally(counts, manual ? (manual.inserted ? 'created' : 'updated') : 'unchanged');
    counts.manuals = 1;

    for (const c of file.chapters) {
      const row = await tx.one<{ id: number; inserted: boolean }>(
        `insert into chapters (manual_id, slug, title, summary, sort, blocks, is_premium)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7)
         on conflict (manual_id, slug) do update
            set title = excluded.title, summary = excluded.summary, sort = excluded.sort,
                blocks = excluded.blocks, is_premium = excluded.is_premium, updated_at = now()
          where (chapters.title, chapters.summary, chapters.sort, chapters.blocks, chapters.is_premium)
                is distinct from (excluded.title, excluded.summary, excluded.sort, excluded.blocks, excluded.is_premium)
         returning id, (xmax = 0) as inserted`,
        [manualId, c.slug, c.title, c.summary, c.sort, JSON.stringify(c.blocks), c.premium],
      );
      tally(counts, row ? (row.inserted ? 'created' : 'updated') : 'unchanged');
      counts.chapters += 1;
    }

    const chapterIds = await chapterMap(tx, manualId);
    for (const outcome of await upsertGrids(tx, file.grids.map((g) => ({ chapterId: chapterIds.get(g.chapter)!, grid: g })))) {
      tally(counts, outcome);
      counts.grids += 1;
    }
    return counts;
  });
}

// ---------------------------------------------------------------- files

export function importText(db: Db, text: string, kind: 'json' | 'csv'): Promise<ImportCounts> {
  return kind === 'csv' ? importCsv(db, text) : importJson(db, text);
}

export function kindOf(file: string): 'json' | 'csv' {
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.json') return 'json';
  throw new ImportError([`${file}: extensie necunoscută (acceptăm .json și .csv)`]);
}

export async function importFile(db: Db, file: string): Promise<ImportCounts> {
  const kind = kindOf(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ImportError([
      `${file}: nu pot citi fișierul (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    ]);
  }
  return importText(db, text, kind);
}

/** Images a content file names (`/media/content/<file>`) that are not in `mediaDir`: warnings, not errors. */
export function missingMedia(file: ContentFile, mediaDir: string): string[] {
  const out: string[] = [];
  file.chapters.forEach((c, i) =>
    c.blocks.forEach((b, j) => {
      if (b.type !== 'img') return;
      const name = b.src.slice('/media/content/'.length);
      if (!existsSync(join(mediaDir, name)))
        out.push(`chapters[${i}].blocks[${j}].src: imaginea ${name} lipsește din ${mediaDir}`);
    }),
  );
  return out;
}

// Content importer (docs/CONTENT_FORMAT.md): a manual with chapters and grids as JSON, or grids
// alone as CSV. Everything is validated first and written in one transaction, so a file with
// any error writes nothing. Manuals are keyed by slug, chapters by (manual, slug), grids by key:
// re-importing updates in place and never duplicates.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { parse as parseCsv, CsvError } from 'csv-parse/sync';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { contentFileSchema, gridSchema, type ContentFile, type GridInput } from '../../../src/shared/content-schema.ts';

export type ImportCounts = {
  manuals: number;
  chapters: number;
  grids: number;
  created: number;
  updated: number;
  unchanged: number;
};

export class ImportError extends Error {
  readonly errors: string[];
  constructor(errors: string[]) {
    super(
      `Importul a eșuat (${errors.length} ${errors.length === 1 ? 'eroare' : 'erori'}):\n${errors.map((e) => `  - ${e}`).join('\n')}`,
    );
    this.errors = errors;
  }
}

/** ['grids', 12, 'correct'] → "grids[12].correct". */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out || '(fișier)';
}

function zodErrors(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((i) => {
    const where = formatPath(i.path);
    return `${prefix}${where}: ${i.message}`;
  });
}

const emptyCounts = (): ImportCounts => ({
  manuals: 0,
  chapters: 0,
  grids: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
});

type Outcome = 'created' | 'updated' | 'unchanged';
function tally(counts: ImportCounts, outcome: Outcome) {
  counts[outcome] += 1;
}

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
    for (const g of file.grids) {
      tally(counts, await upsertGrid(tx, chapterIds.get(g.chapter)!, g));
      counts.grids += 1;
    }
    return counts;
  });
}

async function chapterMap(db: Db, manualId: number): Promise<Map<string, number>> {
  const rows = await db.query<{ id: number; slug: string }>(
    'select id, slug from chapters where manual_id = $1',
    [manualId],
  );
  return new Map(rows.map((r) => [r.slug, r.id]));
}

async function upsertGrid(db: Db, chapterId: number, g: GridInput): Promise<Outcome> {
  const row = await db.one<{ inserted: boolean }>(
    `insert into grids (key, chapter_id, type, statement, options, correct, explanation, difficulty, source, is_premium)
     values ($1, $2, $3, $4, $5::jsonb, $6::text[], $7, $8, $9, $10)
     on conflict (key) do update
        set chapter_id = excluded.chapter_id, type = excluded.type, statement = excluded.statement,
            options = excluded.options, correct = excluded.correct, explanation = excluded.explanation,
            difficulty = excluded.difficulty, source = excluded.source, is_premium = excluded.is_premium,
            updated_at = now()
      where (grids.chapter_id, grids.type, grids.statement, grids.options, grids.correct, grids.explanation,
             grids.difficulty, grids.source, grids.is_premium)
            is distinct from (excluded.chapter_id, excluded.type, excluded.statement, excluded.options, excluded.correct,
             excluded.explanation, excluded.difficulty, excluded.source, excluded.is_premium)
     returning (xmax = 0) as inserted`,
    [
      g.key,
      chapterId,
      g.type,
      g.statement,
      JSON.stringify(g.options),
      [...g.correct].sort(),
      g.explanation,
      g.difficulty,
      g.source,
      g.premium,
    ],
  );
  return row ? (row.inserted ? 'created' : 'updated') : 'unchanged';
}

// ---------------------------------------------------------------- CSV

export const CSV_COLUMNS = [
  'key',
  'manual',
  'chapter',
  'type',
  'statement',
  'A',
  'B',
  'C',
  'D',
  'E',
  'correct',
  'explanation',
  'difficulty',
  'source',
  'premium',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvGrid = GridInput & { manual: string; line: number };

/** Parses and validates a CSV file of grids without touching the database. */
export function parseContentCsv(text: string): CsvGrid[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // Line endings normalised first: csv-parse counts a CRLF inside a quoted field as two lines.
    records = parseCsv(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw new ImportError([
        `${line ? `linia ${line}: ` : ''}CSV invalid: ${err.message.replace(/^Invalid Record Length: |^Quote Not Closed: /, '')}`,
      ]);
    }
    throw err;
  }
  // Each record starts on the line after the previous one ended (quoted fields may span lines).
  let prevEnd = 0;
  const numbered = records.map(({ record, info }) => {
    const start = prevEnd + 1;
    prevEnd = info.lines;
    return { record, line: start };
  });
  const isBlank = (r: string[]) => r.length === 1 && r[0]!.trim() === '';
  const rowsAll = numbered.filter((r) => !isBlank(r.record));
  if (!rowsAll.length) throw new ImportError(['linia 1: fișierul este gol; lipsește capul de tabel']);
  const header = rowsAll[0]!.record.map((h) => h.trim());
  const errors: string[] = [];
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (missing.length)
    errors.push(
      `linia 1: lipsesc coloanele ${missing.join(', ')} (capul de tabel: ${CSV_COLUMNS.join(',')})`,
    );
  if (unknown.length) errors.push(`linia 1: coloane necunoscute: ${unknown.join(', ')}`);
  if (errors.length) throw new ImportError(errors);
  const index = Object.fromEntries(CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    CsvColumn,
    number
  >;

  const grids: CsvGrid[] = [];
  const keys = new Map<string, number>();
  for (const { record, line } of rowsAll.slice(1)) {
    if (record.length !== header.length) {
      errors.push(`linia ${line}: are ${record.length} câmpuri, capul de tabel are ${header.length}`);
      continue;
    }
    const get = (c: CsvColumn) => record[index[c]] ?? '';
    const premiumRaw = get('premium').trim();
    if (!['', '0', '1'].includes(premiumRaw)) {
      errors.push(`linia ${line}, câmpul premium: trebuie să fie 0 sau 1 (este „${premiumRaw}”)`);
      continue;
    }
    const candidate = {
      key: get('key'),
      chapter: get('chapter'),
      type: get('type').trim(),
      statement: get('statement'),
      options: { A: get('A'), B: get('B'), C: get('C'), D: get('D'), E: get('E') },
      correct: get('correct')
        .toUpperCase()
        .replace(/[\s,;]/g, '')
        .split('')
        .filter(Boolean),
      explanation: get('explanation'),
      difficulty: get('difficulty').trim(),
      source: get('source'),
      premium: premiumRaw === '1',
    };
    const parsed = gridSchema.safeParse(candidate);
    const manual = get('manual').trim();
    if (!manual) errors.push(`linia ${line}, câmpul manual: lipsește slug-ul manualului`);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'options' && issue.path.length > 1
            ? String(issue.path[1])
            : String(issue.path[0] ?? 'rând');
        errors.push(`linia ${line}, câmpul ${field}: ${issue.message}`);
      }
      continue;
    }
    const prev = keys.get(parsed.data.key);
    if (prev !== undefined) {
      errors.push(`linia ${line}, câmpul key: „${parsed.data.key}” se repetă (vezi linia ${prev})`);
      continue;
    }
    keys.set(parsed.data.key, line);
    if (manual) grids.push({ ...parsed.data, manual, line });
  }
  if (errors.length) throw new ImportError(errors);
  return grids;
}

export async function importCsv(db: Db, text: string): Promise<ImportCounts> {
  const grids = parseContentCsv(text);
  return db.tx(async (tx) => {
    const counts = emptyCounts();
    const manuals = new Map<string, Map<string, number> | null>();
    for (const slug of new Set(grids.map((g) => g.manual))) {
      const m = await tx.one<{ id: number }>('select id from manuals where slug = $1', [slug]);
      manuals.set(slug, m ? await chapterMap(tx, m.id) : null);
    }
    const errors: string[] = [];
    for (const g of grids) {
      const chapters = manuals.get(g.manual);
      if (!chapters)
        errors.push(
          `linia ${g.line}, câmpul manual: manualul „${g.manual}” nu există (importă întâi fișierul JSON al manualului)`,
        );
      else if (!chapters.has(g.chapter))
        errors.push(
          `linia ${g.line}, câmpul chapter: capitolul „${g.chapter}” nu există în manualul „${g.manual}”`,
        );
    }
    if (errors.length) throw new ImportError(errors);
    for (const g of grids) {
      tally(counts, await upsertGrid(tx, manuals.get(g.manual)!.get(g.chapter)!, g));
      counts.grids += 1;
    }
    counts.manuals = manuals.size;
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

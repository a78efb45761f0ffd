// CSV of grids alone (docs/CONTENT_FORMAT.md): one grid per line under a fixed header, for
// manuals and chapters that already exist. Errors name the line and the field.
import { parse as parseCsv, CsvError } from 'csv-parse/sync';
import type { Db } from '../../db/db.ts';
import { gridSchema, type GridInput } from '../../../src/shared/content-schema.ts';
import { ImportError, chapterMap, emptyCounts, tally, upsertGrids, type ImportCounts } from './import-common.ts';

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
    for (const outcome of await upsertGrids(tx, grids.map((g) => ({ chapterId: manuals.get(g.manual)!.get(g.chapter)!, grid: g })))) {
      tally(counts, outcome);
      counts.grids += 1;
    }
    counts.manuals = manuals.size;
    return counts;
  });
}

// What the JSON and CSV importers share: the counts they report, the list of errors they refuse a
// file with, and the upsert of one grid by its key (unchanged rows are not rewritten).
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import type { GridInput } from '../../../src/shared/content-schema.ts';

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

export function zodErrors(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((i) => {
    const where = formatPath(i.path);
    return `${prefix}${where}: ${i.message}`;
  });
}

export const emptyCounts = (): ImportCounts => ({
  manuals: 0,
  chapters: 0,
  grids: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
});

export type Outcome = 'created' | 'updated' | 'unchanged';
export function tally(counts: ImportCounts, outcome: Outcome) {
  counts[outcome] += 1;
}

export async function chapterMap(db: Db, manualId: number): Promise<Map<string, number>> {
  const rows = await db.query<{ id: number; slug: string }>(
    'select id, slug from chapters where manual_id = $1',
    [manualId],
  );
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export async function upsertGrid(db: Db, chapterId: number, g: GridInput): Promise<Outcome> {
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

type StoredGrid = {
  key: string;
  chapter_id: number;
  type: string;
  statement: string;
  options: Record<string, string>;
  correct: string[];
  explanation: string;
  difficulty: string;
  source: string;
  is_premium: boolean;
};

const sameOptions = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);

function unchanged(s: StoredGrid, chapterId: number, g: GridInput): boolean {
  const correct = [...g.correct].sort();
  return (
    s.chapter_id === chapterId && s.type === g.type && s.statement === g.statement && sameOptions(s.options, g.options) &&
    s.correct.length === correct.length && s.correct.every((l, i) => l === correct[i]) && s.explanation === g.explanation &&
    s.difficulty === g.difficulty && s.source === g.source && s.is_premium === g.premium
  );
}

/**
 * The grids of a file, compared with the stored rows first (read by key, a few thousand per query)
 * so an unchanged grid costs no statement of its own: re-importing an unchanged bank of 15,000 grids
 * is a handful of reads (issue 30 §1: ≤ 5 s) instead of 15,000 upserts. New and changed grids go
 * through upsertGrid, whose own comparison still decides (the two agree on what "changed" is).
 */
export async function upsertGrids(db: Db, items: { chapterId: number; grid: GridInput }[]): Promise<Outcome[]> {
  const stored = new Map<string, StoredGrid>();
  const CHUNK = 5000;
  for (let i = 0; i < items.length; i += CHUNK) {
    const keys = items.slice(i, i + CHUNK).map((x) => x.grid.key);
    for (const r of await db.query<StoredGrid>(
      `select key, chapter_id, type, statement, options, correct, explanation, difficulty, source, is_premium
         from grids where key = any($1::text[])`,
      [keys],
    ))
      stored.set(r.key, r);
  }
  const out: Outcome[] = [];
  for (const { chapterId, grid } of items) {
    const s = stored.get(grid.key);
    out.push(s && unchanged(s, chapterId, grid) ? 'unchanged' : await upsertGrid(db, chapterId, grid));
  }
  return out;
}

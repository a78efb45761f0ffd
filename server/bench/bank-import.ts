// Re-importing an unchanged bank (issue 30 §1: ≤ 5 s): the generated bank gets import keys, is
// written out as one content file per manual (docs/CONTENT_FORMAT.md, as an admin would keep it),
// and imported back twice through the importer `npm run content:import` uses. Every row is
// unchanged both times; the second run is the figure (the first also warms the plans).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/db.ts';
import { importFile, type ImportCounts } from '../modules/content/import.ts';
import type { ContentFile } from '../../src/shared/content-schema.ts';

type GridOut = ContentFile['grids'][number];

async function exportManual(db: Db, manualId: number): Promise<ContentFile> {
  const m = (await db.one<ContentFile['manual']>(
    'select slug, title, subject, description, sort from manuals where id = $1',
    [manualId],
  ))!;
  const chapters = await db.query<ContentFile['chapters'][number]>(
    `select slug, title, sort, summary, is_premium as premium, blocks from chapters where manual_id = $1 order by sort, id`,
    [manualId],
  );
  const grids = await db.query<GridOut>(
    `select g.key, c.slug as chapter, g.type, g.statement, g.options, g.correct, g.explanation, g.difficulty, g.source,
            g.is_premium as premium
       from grids g join chapters c on c.id = g.chapter_id where c.manual_id = $1 order by g.id`,
    [manualId],
  );
  return { manual: m, chapters, grids };
}

export type Reimport = { files: number; grids: number; firstMs: number; secondMs: number; counts: ImportCounts };

export async function timeReimport(db: Db): Promise<Reimport> {
  await db.query(`update grids set key = 'bank-' || id where key is null and author_id is null`);
  const manuals = await db.query<{ id: number }>(`select id from manuals where slug like 'cautare-bench-%' order by id`);
  const dir = mkdtempSync(join(tmpdir(), 'grilio-bank-import-'));
  try {
    const files: string[] = [];
    for (const m of manuals) {
      const file = join(dir, `manual-${m.id}.json`);
      writeFileSync(file, JSON.stringify(await exportManual(db, m.id)));
      files.push(file);
    }
    const run = async () => {
      const total: ImportCounts = { manuals: 0, chapters: 0, grids: 0, created: 0, updated: 0, unchanged: 0 };
      const t0 = performance.now();
      for (const f of files) {
        const c = await importFile(db, f);
        for (const k of Object.keys(total) as (keyof ImportCounts)[]) total[k] += c[k];
      }
      return { ms: performance.now() - t0, total };
    };
    const first = await run();
    const second = await run();
    if (second.total.created || second.total.updated)
      throw new Error(`re-import of the unchanged bank wrote rows: ${JSON.stringify(second.total)}`);
    return { files: files.length, grids: second.total.grids, firstMs: first.ms, secondMs: second.ms, counts: second.total };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

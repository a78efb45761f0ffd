// Demo content: every *.json (then *.csv) in server/db/seed/content/ through the importer. A file
// whose SHA-256 matches the last import recorded in content_imports is skipped, so a start with
// unchanged content costs one query per file.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db.ts';
import { importText, ImportError, kindOf } from '../../modules/content/import.ts';
import type { SeedOptions } from './seed.ts';

export const CONTENT_DIR = join(import.meta.dirname, 'content');

export async function seedContent(db: Db, opts: SeedOptions & { dir?: string } = {}): Promise<void> {
  const dir = opts.dir ?? CONTENT_DIR;
  if (!existsSync(dir)) return;
  const files = readdirSync(dir)
    .filter((f) => /\.(json|csv)$/i.test(f))
    .sort((a, b) => Number(a.endsWith('.csv')) - Number(b.endsWith('.csv')) || a.localeCompare(b));
  for (const name of files) {
    const text = readFileSync(join(dir, name), 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    const done = await db.one<{ hash: string }>('select hash from content_imports where name = $1', [name]);
    if (done?.hash === hash) continue;
    try {
      const counts = await importText(db, text, kindOf(name));
      await db.query(
        `insert into content_imports (name, hash, counts) values ($1, $2, $3::jsonb)
         on conflict (name) do update set hash = excluded.hash, counts = excluded.counts, imported_at = now()`,
        [name, hash, JSON.stringify(counts)],
      );
      opts.log?.(
        `conținut importat: ${name} (create ${counts.created}, actualizate ${counts.updated}, neschimbate ${counts.unchanged})`,
      );
    } catch (err) {
      // A broken demo file must not stop the server: report it and go on with the others.
      if (!(err instanceof ImportError)) throw err;
      opts.log?.(`conținut NEIMPORTAT: ${name}\n${err.message}`);
    }
  }
}

// `npm run content:import -- FILE [FILE…]`: imports content files (docs/CONTENT_FORMAT.md), each in
// its own transaction. Prints the counts per file, or the errors (line/path and field) and exits 1.
import { basename } from 'node:path';
import { runCli } from './cli-db.ts';
import { importFile, ImportError } from '../modules/content/import.ts';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (!files.length) {
  console.error('Utilizare: npm run content:import -- FIȘIER.json|FIȘIER.csv [...]');
  process.exitCode = 2;
} else {
  await runCli(async (db) => {
    let failed = 0;
    for (const file of files) {
      try {
        const c = await importFile(db, file);
        console.log(
          `${basename(file)}: ${c.manuals} manual(e), ${c.chapters} capitole, ${c.grids} grile — ` +
            `create ${c.created}, actualizate ${c.updated}, neschimbate ${c.unchanged}`,
        );
        console.log(JSON.stringify(c));
      } catch (err) {
        if (!(err instanceof ImportError)) throw err;
        failed += 1;
        console.error(`${basename(file)}: nimic nu a fost scris.\n${err.message}`);
      }
    }
    return failed ? 1 : 0;
  });
}

// `npm run content:import -- FILE [FILE…]`: imports content files (docs/CONTENT_FORMAT.md), each in
// its own transaction. Prints the counts per file, or the errors (line/path and field) and exits 1.
import { basename } from 'node:path';
import { runCli } from './cli-db.ts';
import { readFileSync } from 'node:fs';
import {
  importFile,
  ImportError,
  kindOf,
  missingMedia,
  parseContentJson,
} from '../modules/content/import.ts';
import { CONTENT_MEDIA_DIR } from '../modules/content-media/routes.ts';

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
        if (kindOf(file) === 'json') {
          for (const w of missingMedia(parseContentJson(readFileSync(file, 'utf8')), CONTENT_MEDIA_DIR))
            console.warn(`  atenție: ${w}`);
        }
      } catch (err) {
        if (!(err instanceof ImportError)) throw err;
        failed += 1;
        console.error(`${basename(file)}: nimic nu a fost scris.\n${err.message}`);
      }
    }
    return failed ? 1 : 0;
  });
}

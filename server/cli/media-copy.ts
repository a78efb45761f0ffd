// `npm run media:copy`: copies the uploads under DATA_DIR/media into the S3 bucket the environment
// names (S3_BUCKET, S3_ENDPOINT, …), before a deployment moves from one machine to several.
// Safe to run again (files already there are skipped) and while the server runs (it only reads).
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { localMediaStore } from '../lib/media-store/local.ts';
import { openMediaStore } from '../lib/media-store/open.ts';
import { copyMedia } from '../lib/media-store/copy.ts';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
  if (!config.S3_BUCKET) {
    console.error('S3_BUCKET nu este setat / S3_BUCKET is not set: nothing to copy into.');
    return 2;
  }
  const from = localMediaStore(join(config.dataDir, 'media'));
  const to = openMediaStore(config);
  try {
    const r = await copyMedia(from, to);
    console.log(`Copiate / copied: ${r.copied}, deja acolo / already there: ${r.skipped}`);
    for (const name of r.ignored) console.log(`Ignorat (nume nesigur) / ignored (unsafe name): ${name}`);
    return 0;
  } finally {
    await to.close();
  }
}

process.exitCode = await main();

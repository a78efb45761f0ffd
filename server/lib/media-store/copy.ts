// Copies every file of one media store into another (a single machine's DATA_DIR/media into the
// bucket several machines share). Idempotent: a file already at the target with the same size is
// skipped, so an interrupted copy is simply run again.
import { MEDIA_FOLDERS, mediaType, type MediaStore } from './port.ts';
import { SAFE_MEDIA_FILE } from '../images.ts';

export type CopyReport = { copied: number; skipped: number; ignored: string[] };

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

export async function copyMedia(from: MediaStore, to: MediaStore): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, ignored: [] };
  for (const folder of MEDIA_FOLDERS) {
    for await (const file of from.list(folder)) {
      // Only names the app would serve: anything else in the folder is not ours to publish.
      if (!SAFE_MEDIA_FILE.test(file)) {
        report.ignored.push(`${folder}/${file}`);
        continue;
      }
      const source = await from.get(folder, file);
      if (!source) continue;
      const existing = await to.get(folder, file);
      existing?.body.destroy();
      if (existing && existing.size === source.size) {
        source.body.destroy();
        report.skipped++;
        continue;
      }
      await to.put(folder, file, await readAll(source.body), mediaType(file));
      report.copied++;
    }
  }
  return report;
}

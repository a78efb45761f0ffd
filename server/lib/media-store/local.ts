// The embedded default: files under DATA_DIR/media/<folder>/. Written to a temporary name and
// renamed, so a reader never sees half a file.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { MediaFolder, MediaObject, MediaStore } from './port.ts';

export function localMediaStore(root: string): MediaStore {
  const dir = (folder: MediaFolder) => join(root, folder);
  return {
    kind: 'local',
    async put(folder, file, data) {
      await mkdir(dir(folder), { recursive: true });
      const tmp = join(dir(folder), `.${file}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, data);
      await rename(tmp, join(dir(folder), file));
    },
    async get(folder, file): Promise<MediaObject | null> {
      const path = join(dir(folder), file);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(path),
        size: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    },
    async remove(folder, files) {
      await Promise.all(files.map((f) => rm(join(dir(folder), f), { force: true })));
    },
    async *list(folder) {
      const names = await readdir(dir(folder)).catch(() => [] as string[]);
      for (const name of names) if (!name.startsWith('.')) yield name;
    },
    async close() {},
  };
}

// Where uploaded media live (avatars, explanation photos): one port, two adapters. The local
// directory (DATA_DIR/media) is the embedded default; S3-compatible object storage is what several
// machines share, so a file stored through one process is served by every other.
import type { Readable } from 'node:stream';

/** The folders of the store: each is a flat namespace of safe file names (SAFE_MEDIA_FILE). */
export type MediaFolder = 'avatars' | 'grids';

export type MediaObject = {
  body: Readable;
  size: number;
  /** A strong validator for conditional requests (the adapter's own: size+mtime, or S3's ETag). */
  etag: string;
  lastModified: Date;
};

export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(folder: MediaFolder, file: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(folder: MediaFolder, file: string): Promise<MediaObject | null>;
  /** Missing files are not an error: a delete may be retried, or race another. */
  remove(folder: MediaFolder, files: string[]): Promise<void>;
  /** Every file of a folder (the copy command walks them). */
  list(folder: MediaFolder): AsyncIterable<string>;
  close(): Promise<void>;
}

export const MEDIA_FOLDERS: readonly MediaFolder[] = ['avatars', 'grids'];

export const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export function mediaType(file: string): string {
  return MEDIA_TYPES[file.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
}

// S3-compatible object storage (AWS S3, MinIO, Ceph, Garage, …) through the AWS SDK v3. Keys are
// `<prefix><folder>/<file>`; the bucket stays private and the app serves the files with its own
// access rules and cache headers (server/modules/media), so no signed URL ever leaves the server.
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaFolder, MediaObject, MediaStore } from './port.ts';

export type S3Options = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (http://host/bucket/key): MinIO and most self-hosted servers need it. */
  forcePathStyle: boolean;
  prefix: string;
};

function notFound(err: unknown): boolean {
  if (err instanceof NoSuchKey) return true;
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound');
}

export function s3MediaStore(opts: S3Options): MediaStore {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
  });
  const key = (folder: MediaFolder, file: string) => `${opts.prefix}${folder}/${file}`;
  return {
    kind: 's3',
    async put(folder, file, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: opts.bucket, Key: key(folder, file), Body: data, ContentType: contentType }),
      );
    },
    async get(folder, file): Promise<MediaObject | null> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key(folder, file) }));
        if (!out.Body) return null;
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          etag: out.ETag ?? `"${file}"`,
          lastModified: out.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async remove(folder, files) {
      if (!files.length) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket: opts.bucket,
          Delete: { Objects: files.map((f) => ({ Key: key(folder, f) })), Quiet: true },
        }),
      );
    },
    async *list(folder) {
      const prefix = `${opts.prefix}${folder}/`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(prefix.length);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async close() {
      client.destroy();
    },
  };
}

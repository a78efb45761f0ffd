// The store a configuration names: S3 when S3_BUCKET is set, else the local directory.
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { localMediaStore } from './local.ts';
import type { MediaStore } from './port.ts';
import { s3MediaStore } from './s3.ts';

export function openMediaStore(config: Pick<Config, 'dataDir' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PREFIX'>): MediaStore {
  if (!config.S3_BUCKET) return localMediaStore(join(config.dataDir, 'media'));
  return s3MediaStore({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}

// Explanation photo of a user's grid: jpg/png up to 2 MB, format read from the bytes by sharp,
// stored re-encoded (EXIF orientation applied, metadata dropped, at most 1600 px a side) in the media
// store's `grids` folder and served at /media/grids/:file (server/modules/media).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { detectImage, MAX_INPUT_PIXELS, safeMediaNames } from '../../lib/images.ts';
import { IMAGE_MAX_BYTES } from '../../../src/shared/constants.ts';
import { GRID_COLUMNS, serializeGrid, type GridRow } from './serialize.ts';
import type { MediaStore } from '../../lib/media-store/port.ts';
import type { Viewer } from '../content/viewer.ts';

export const PHOTO_MAX_SIDE = 1600;

/**
 * The uploaded file's bytes: 422 FIELD_REQUIRED when there is no file, 413 FORM_IMAGE_TOO_LARGE
 * above 2 MB, 422 FORM_IMAGE_INVALID_TYPE when the multipart body itself is malformed (cut off,
 * no boundary …): only the client's bytes can fail here, so no parse error is a 500.
 */
export async function readUpload(req: FastifyRequest, field = 'photo'): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('FIELD_REQUIRED', field);
  let buf: Buffer;
  try {
    const file = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
    if (!file) throw badRequest('FIELD_REQUIRED', field);
    buf = await file.toBuffer();
    if (file.file.truncated) throw new AppError(413, 'FORM_IMAGE_TOO_LARGE', field);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'FORM_IMAGE_TOO_LARGE', field);
    req.log.info({ err }, 'malformed multipart upload');
    throw badRequest('FORM_IMAGE_INVALID_TYPE', field);
  }
  if (!buf.length) throw badRequest('FIELD_REQUIRED', field);
  return buf;
}

export async function storeGridPhoto(db: Db, g: GridRow, buf: Buffer, media: MediaStore, viewer: Viewer) {
  const format = await detectImage(buf, ['jpeg', 'png']);
  if (!format) throw badRequest('FORM_IMAGE_INVALID_TYPE', 'photo');
  let out: Buffer;
  try {
    const img = sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    out = await (
      format === 'png' ? img.png({ compressionLevel: 9 }) : img.jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer();
  } catch {
    throw badRequest('FORM_IMAGE_INVALID_TYPE', 'photo');
  }
  const file = `grid-${g.id}-${randomBytes(10).toString('hex')}.${format === 'png' ? 'png' : 'jpg'}`;
  await media.put('grids', file, out, format === 'png' ? 'image/png' : 'image/jpeg');
  const row = await db.one<GridRow>(
    `update grids g set explanation_photo_path = $2, updated_at = now() where g.id = $1 returning ${GRID_COLUMNS}`,
    [g.id, file],
  );
  if (g.explanation_photo_path) await dropGridPhoto(media, g.explanation_photo_path);
  return { success: 'GRID_UPDATED' as const, grid: serializeGrid(row!, viewer) };
}

export async function removeGridPhoto(db: Db, g: GridRow, media: MediaStore, viewer: Viewer) {
  const row = await db.one<GridRow>(
    `update grids g set explanation_photo_path = null, updated_at = now() where g.id = $1 returning ${GRID_COLUMNS}`,
    [g.id],
  );
  if (g.explanation_photo_path) await dropGridPhoto(media, g.explanation_photo_path);
  return { success: 'GRID_UPDATED' as const, grid: serializeGrid(row!, viewer) };
}

/** Deletes a replaced or removed photo; a failure leaves an orphan file, never a failed request. */
export async function dropGridPhoto(media: MediaStore, name: string): Promise<void> {
  const files = safeMediaNames([name]);
  await media.remove('grids', files).catch(() => undefined);
}

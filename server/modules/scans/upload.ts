// The photos of one upload: up to SCAN_MAX_IMAGES files of at most 20 MB each, read from the
// multipart body. Only the client's bytes can fail here, each with its own code, never a 500.
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import { SCAN_IMAGE_MAX_BYTES, SCAN_MAX_IMAGES } from '../../../src/shared/scan-schema.ts';

export async function readScanImages(req: FastifyRequest): Promise<Buffer[]> {
  if (!req.isMultipart()) throw badRequest('FIELD_REQUIRED', 'images');
  const images: Buffer[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: SCAN_IMAGE_MAX_BYTES, files: SCAN_MAX_IMAGES, fields: 0 } })) {
      if (part.type !== 'file') continue;
      const buf = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, 'FORM_SCAN_IMAGE_TOO_LARGE', 'images');
      if (buf.length) images.push(buf);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FORM_SCAN_IMAGE_TOO_LARGE', 'images');
    if (code === 'FST_FILES_LIMIT') throw badRequest('FORM_SCAN_TOO_MANY_IMAGES', 'images');
    req.log.info({ err }, 'malformed scan upload');
    throw badRequest('FORM_SCAN_IMAGE_UNREADABLE', 'images');
  }
  if (!images.length) throw badRequest('FIELD_REQUIRED', 'images');
  return images;
}

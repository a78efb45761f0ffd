// Uploaded images: the real format is read from the bytes (magic number + a full decode by sharp),
// never from the declared type or name. Stored copies are re-encoded, so nothing the client sent
// (metadata, trailing data, polyglot payloads) is served back as is.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png';

/** Decoding more pixels than this is refused (a 2 MB PNG can hold a decompression bomb). */
export const MAX_INPUT_PIXELS = 25_000_000;

/** File names the media routes serve and the modules write: no dots but the extension, no slashes. */
export const SAFE_MEDIA_FILE = /^[A-Za-z0-9_-]{1,100}\.(png|jpe?g|webp)$/;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function magicFormat(buf: Buffer): ImageFormat | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  return null;
}

/**
 * The image's real format when the bytes are a JPEG or PNG among `allowed` whose header sharp
 * reads, else null. Corrupt pixel data shows when re-encoding (storeAvatar rejects).
 */
export async function detectImage(
  buf: Buffer,
  allowed: readonly ImageFormat[] = ['jpeg', 'png'],
): Promise<ImageFormat | null> {
  const magic = magicFormat(buf);
  if (!magic || !allowed.includes(magic)) return null;
  try {
    const meta = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== magic || !meta.width || !meta.height) return null;
    if (meta.width * meta.height > MAX_INPUT_PIXELS) return null;
    return magic;
  } catch {
    return null;
  }
}

type Pipeline = ReturnType<typeof sharp>;

function encode(img: Pipeline, format: ImageFormat): Pipeline {
  return format === 'png' ? img.png({ compressionLevel: 9 }) : img.jpeg({ quality: 85, mozjpeg: true });
}

export type EncodedAvatar = { file: string; thumb: string; original: Buffer; small: Buffer; contentType: string };

export const AVATAR_MAX_SIDE = 1024;
export const AVATAR_THUMB_SIDE = 128;

/**
 * A re-encoded copy (at most 1024 px a side, EXIF orientation applied, metadata dropped) and a
 * 128×128 cover thumbnail, named `<prefix>-<random>[-thumb].<ext>`; the caller stores them.
 */
export async function encodeAvatar(buf: Buffer, format: ImageFormat, prefix: string): Promise<EncodedAvatar> {
  const ext = format === 'png' ? 'png' : 'jpg';
  const base = `${prefix}-${randomBytes(12).toString('hex')}`;
  const input = () => sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const [original, small] = await Promise.all([
    encode(
      input().resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }),
      format,
    ).toBuffer(),
    encode(
      input().resize(AVATAR_THUMB_SIDE, AVATAR_THUMB_SIDE, { fit: 'cover', position: 'attention' }),
      format,
    ).toBuffer(),
  ]);
  return { file: `${base}.${ext}`, thumb: `${base}-thumb.${ext}`, original, small, contentType: format === 'png' ? 'image/png' : 'image/jpeg' };
}

/** Safe media file names among `names` (a stored path may carry a folder): what may be deleted. */
export function safeMediaNames(names: (string | null | undefined)[]): string[] {
  return names.map((n) => n?.split('/').pop()).filter((f): f is string => !!f && SAFE_MEDIA_FILE.test(f));
}

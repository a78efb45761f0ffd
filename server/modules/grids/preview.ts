// Signed, expiring preview links for one grid (admins hand them out; SPEC §6). The signature is an
// HMAC-SHA256 of the grid id and the expiry under PREVIEW_SECRET, or under a secret the server
// generates once and keeps in server_secrets. Verifying needs no database row.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { Config } from '../../config.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';

const cache = new WeakMap<Db, string>();

export async function previewSecret(db: Db, config: Pick<Config, 'PREVIEW_SECRET'>): Promise<string> {
  if (config.PREVIEW_SECRET) return config.PREVIEW_SECRET;
  const cached = cache.get(db);
  if (cached) return cached;
  await db.query(
    "insert into server_secrets (name, value) values ('grid_preview', $1) on conflict (name) do nothing",
    [randomBytes(32).toString('base64url')],
  );
  const row = await db.one<{ value: string }>("select value from server_secrets where name = 'grid_preview'");
  cache.set(db, row!.value);
  return row!.value;
}

export function signPreview(secret: string, gridId: number, expires: number): string {
  return createHmac('sha256', secret).update(`grid-preview:${gridId}:${expires}`).digest('base64url');
}

export type PreviewQuery = { grid?: string; expires?: string; signature?: string };

/** The grid id of a valid link; 403 FORM_PREVIEW_LINK_INVALID when tampered, 410 FORM_PREVIEW_LINK_EXPIRED when old. */
export function verifyPreview(secret: string, q: PreviewQuery, now = Date.now()): number {
  const { grid, expires, signature } = q;
  if (
    !grid ||
    !expires ||
    !signature ||
    !/^\d{1,10}$/.test(grid) ||
    !/^\d{1,12}$/.test(expires) ||
    signature.length > 100
  ) {
    throw forbidden('FORM_PREVIEW_LINK_INVALID');
  }
  const id = Number(grid);
  const exp = Number(expires);
  if (!safeEqual(signPreview(secret, id, exp), signature)) throw forbidden('FORM_PREVIEW_LINK_INVALID');
  if (exp * 1000 < now) throw new AppError(410, 'FORM_PREVIEW_LINK_EXPIRED');
  return id;
}

export async function createPreviewLink(
  db: Db,
  config: Config,
  gridId: number,
  ttlMinutes: number,
  adminId: number,
) {
  const expires = Math.floor(Date.now() / 1000) + ttlMinutes * 60;
  const signature = signPreview(await previewSecret(db, config), gridId, expires);
  await db.query(
    'insert into grid_preview_links (grid_id, created_by, expires_at) values ($1, $2, to_timestamp($3))',
    [gridId, adminId, expires],
  );
  const qs = new URLSearchParams({ grid: String(gridId), expires: String(expires), signature });
  return {
    url: `${config.publicUrl}/teste/grile/preview?${qs.toString()}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

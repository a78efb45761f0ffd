// Demo coupons (README "Cupoane de test"): one percent code for the checkout and one days code
// for /setari/cupoane. Each user may use each once; inserted once (on conflict do nothing).
import type { Db } from '../db.ts';
import type { SeedOptions } from './seed.ts';

export const DEMO_COUPONS = [
  { code: 'BAC2026', kind: 'percent', percent_off: 25, premium_days: null },
  { code: 'ZILE7', kind: 'days', percent_off: null, premium_days: 7 },
] as const;

export async function seedCoupons(db: Db, opts: SeedOptions): Promise<void> {
  for (const c of DEMO_COUPONS) {
    const row = await db.one(
      `insert into coupons (code, kind, percent_off, premium_days) values ($1, $2, $3, $4) on conflict (code) do nothing returning id`,
      [c.code, c.kind, c.percent_off, c.premium_days],
    );
    if (row) opts.log?.(`cupon demo creat: ${c.code}`);
  }
}

// Idempotent demo seed: runs at every start when SEED_DEMO is on; each part checks before writing.
import type { Db } from '../db.ts';
import { seedAccounts } from './accounts.ts';
import { seedContent } from './content.ts';
import { seedCoupons } from './coupons.ts';
import { seedSimulations } from './simulations.ts';

export type SeedOptions = { log?: (msg: string) => void };

export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  await seedContent(db, opts); // first: demo accounts take the first manual as theirs
  await seedAccounts(db, opts);
  await seedCoupons(db, opts);
  await seedSimulations(db, opts); // after the content: papers are drawn from its grids
}

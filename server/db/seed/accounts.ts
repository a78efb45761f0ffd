// Demo accounts (credentials in README): a complete free account, a premium one and an admin.
import type { Db } from '../db.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SeedOptions } from './seed.ts';

export const DEMO_PASSWORD = 'Grilio2026!';
export const DEMO_ACCOUNTS = [
  { email: 'elev@grilio.ro', name: 'Ana Popescu', premiumDays: null, admin: false },
  { email: 'premium@grilio.ro', name: 'Mihai Ionescu', premiumDays: 365, admin: false },
  { email: 'admin@grilio.ro', name: 'Ioana Marinescu', premiumDays: 365, admin: true },
] as const;

export async function seedAccounts(db: Db, opts: SeedOptions): Promise<void> {
  const manual = await db.one<{ id: number }>('select id from manuals order by sort, id limit 1');
  const center = await db.one<{ id: number }>("select id from centers where slug = 'timisoara'");
  const spec = await db.one<{ id: number }>("select id from specializations where slug = 'medicina'");
  for (const account of DEMO_ACCOUNTS) {
    const exists = await db.one('select id from users where email = $1', [account.email]);
    if (exists) continue;
    const user = await db.one<{ id: number }>(
      `insert into users (name, email, password_hash, email_verified_at, manual_id, specialization_id, center_id,
                          is_admin, acknowledged_info_banner)
       values ($1, $2, $3, now(), $4, $5, $6, $7, false) returning id`,
      [account.name, account.email, await hashPassword(DEMO_PASSWORD), manual?.id ?? null, spec?.id ?? null, center?.id ?? null, account.admin],
    );
    // Premium is a subscription (migration 014 derives users.premium_until from it): a grant here.
    if (account.premiumDays)
      await db.query(
        `insert into subscriptions (user_id, source, period_start, period_end)
         values ($1, 'grant', now(), now() + make_interval(days => $2))`,
        [user!.id, account.premiumDays],
      );
    opts.log?.(`cont demo creat: ${account.email} / ${DEMO_PASSWORD}`);
  }
}

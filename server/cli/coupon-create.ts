// `node server/cli/coupon-create.ts CODE (--percent N | --days N) [--until YYYY-MM-DD] [--from YYYY-MM-DD]
//  [--max N] [--packages ID,ID] [--family NAME]`: makes a coupon from a terminal or a script; the
// admin screen /admin/cupoane (POST /admin/coupons) does the same. The rules are the shared
// newCouponBody's (src/shared/coupon-rules.ts), the database's: percent 1–90, days 1–366, code
// 4–40 of A–Z 0–9 -, family [a-z0-9_]{1,60}, until after from; the reasons are the app's texts.
import { parseArgs } from 'node:util';
import { runCli } from './cli-db.ts';
import type { Db } from '../db/db.ts';
import { newCouponBody, type NewCoupon } from '../../src/shared/coupon-rules.ts';
import { messageFor } from '../../src/shared/messages.ro.ts';
import { AppError } from '../lib/errors.ts';
import { create } from '../modules/coupons/admin-service.ts';

export type CouponInput = NewCoupon;

const USAGE =
  'Utilizare: node server/cli/coupon-create.ts COD (--percent N | --days N) [--until AAAA-LL-ZZ] [--from AAAA-LL-ZZ] [--max N] [--packages ID,ID] [--family NUME]';

/** Digits become a number; anything else stays a string, which the schema refuses with its code. */
const num = (v: string) => (/^\d{1,10}$/.test(v) ? Number(v) : v);

/** The coupon the arguments describe, or an Error with the Romanian reason. */
export function parseCouponArgs(argv: string[]): CouponInput {
  const { values, positionals } = parseArgs({
    args: argv.filter((a) => a !== '--'),
    allowPositionals: true,
    options: {
      percent: { type: 'string' },
      days: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      max: { type: 'string' },
      packages: { type: 'string' },
      family: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new Error(USAGE);
  if ((values.percent === undefined) === (values.days === undefined)) throw new Error('Alege fie --percent, fie --days.');
  const parsed = newCouponBody.safeParse({
    code: positionals[0],
    kind: values.percent !== undefined ? 'percent' : 'days',
    value: num((values.percent ?? values.days)!),
    valid_from: values.from ?? null,
    valid_until: values.until ?? null,
    max_uses: values.max === undefined ? null : num(values.max),
    package_ids: values.packages?.split(',').map((p) => num(p.trim())) ?? null,
    family: values.family ?? null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const flag =
      ({ code: 'COD', valid_from: '--from', valid_until: '--until', max_uses: '--max', package_ids: '--packages', family: '--family' } as Record<string, string>)[field] ??
      (values.percent !== undefined ? '--percent' : '--days');
    throw new Error(`${flag}: ${messageFor(issue.message)}`);
  }
  return parsed.data;
}

/** Inserts the coupon; false when the code exists already. Unknown package ids are refused. */
export async function createCoupon(db: Db, c: CouponInput): Promise<boolean> {
  try {
    await create(db, c);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.message === 'FORM_COUPON_CODE_TAKEN') return false;
    if (err instanceof AppError) throw new Error(`--packages: ${messageFor(err.message)}`, { cause: err });
    throw err;
  }
}

if (import.meta.main) {
  let input: CouponInput | null = null;
  try {
    input = parseCouponArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 2;
  }
  if (input) {
    const c = input;
    await runCli(async (db) => {
      try {
        if (!(await createCoupon(db, c))) {
          console.error(`Codul ${c.code} există deja.`);
          return 1;
        }
      } catch (err) {
        console.error((err as Error).message);
        return 2;
      }
      console.log(`Cuponul ${c.code} a fost creat: ${c.kind === 'percent' ? `${c.percent_off}% reducere` : `${c.premium_days} zile de Premium`}.`);
      return 0;
    });
  }
}

// `node server/cli/coupon-create.ts CODE (--percent N | --days N) [--until YYYY-MM-DD] [--from YYYY-MM-DD]
//  [--max N] [--packages ID,ID] [--family NAME]`: makes a coupon (there is no admin screen for
// coupons yet). The same rules as the database: percent 1–90, days 1–366, code 4–40 of A–Z 0–9 -.
import { parseArgs } from 'node:util';
import { runCli } from './cli-db.ts';
import type { Db } from '../db/db.ts';
import { couponCode } from '../../src/shared/coupon-rules.ts';

export type CouponInput = {
  code: string;
  kind: 'percent' | 'days';
  percent_off: number | null;
  premium_days: number | null;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  package_ids: number[] | null;
  family: string | null;
};

const USAGE =
  'Utilizare: node server/cli/coupon-create.ts COD (--percent N | --days N) [--until AAAA-LL-ZZ] [--from AAAA-LL-ZZ] [--max N] [--packages ID,ID] [--family NUME]';

const int = (v: string | undefined, min: number, max: number, what: string): number | null => {
  if (v === undefined) return null;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new Error(`${what}: un număr întreg între ${min} și ${max}.`);
  return Number(v);
};
const date = (v: string | undefined, what: string): string | null => {
  if (v === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) throw new Error(`${what}: o dată AAAA-LL-ZZ.`);
  return v;
};

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
  const code = couponCode.safeParse(positionals[0]);
  if (!code.success) throw new Error('Codul are 4–40 caractere: litere A–Z, cifre și cratimă.');
  if ((values.percent === undefined) === (values.days === undefined)) throw new Error('Alege fie --percent, fie --days.');
  const packages = values.packages?.split(',').map((p) => int(p.trim(), 1, 2_147_483_647, '--packages')!) ?? null;
  if (values.family !== undefined && !/^[a-z0-9_]{1,60}$/.test(values.family)) throw new Error('--family: litere mici, cifre și _ (cel mult 60).');
  const from = date(values.from, '--from');
  const until = date(values.until, '--until');
  if (from && until && until <= from) throw new Error('--until trebuie să fie după --from.');
  return {
    code: code.data,
    kind: values.percent !== undefined ? 'percent' : 'days',
    percent_off: int(values.percent, 1, 90, '--percent'),
    premium_days: int(values.days, 1, 366, '--days'),
    valid_from: from,
    // Valid through the whole day given, in Romanian time.
    valid_until: until,
    max_uses: int(values.max, 1, 1_000_000, '--max'),
    package_ids: packages,
    family: values.family ?? null,
  };
}

/** Inserts the coupon; false when the code exists already. Unknown package ids are refused. */
export async function createCoupon(db: Db, c: CouponInput): Promise<boolean> {
  if (c.package_ids) {
    const found = await db.query<{ id: number }>('select id from premium_packages where id = any($1::int[])', [c.package_ids]);
    if (found.length !== new Set(c.package_ids).size) throw new Error('--packages: un pachet nu există.');
  }
  const row = await db.one(
    `insert into coupons (code, kind, percent_off, premium_days, valid_from, valid_until, max_uses, package_ids, family)
     values ($1, $2, $3, $4, ($5::date)::timestamp at time zone 'Europe/Bucharest',
             ($6::date + 1)::timestamp at time zone 'Europe/Bucharest', $7, $8, $9)
     on conflict (code) do nothing returning id`,
    [c.code, c.kind, c.percent_off, c.premium_days, c.valid_from, c.valid_until, c.max_uses, c.package_ids, c.family],
  );
  return Boolean(row);
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

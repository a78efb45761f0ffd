// SQL of billing data and invoices. Invoices of paid orders are written by the trigger of
// migration 016 (payment_orders_invoice); storno invoices here, in the refund's transaction.
import type { Db } from '../../db/db.ts';
import type { BillingData } from '../../../src/shared/billing-rules.ts';
import type {
  InvoiceFull,
  InvoiceParty,
  InvoiceView,
  PaymentHistoryItem,
} from '../../../src/shared/invoice-payloads.ts';
import type { OrderStatus } from '../../../src/shared/payment-payloads.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

export async function billingOf(db: Db, userId: number): Promise<BillingData | null> {
  const row = await db.one<BillingData>(
    'select kind, name, address, city, county, country, cif, reg_no from billing_profiles where user_id = $1',
    [userId],
  );
  return row ?? null;
}

export async function saveBilling(db: Db, userId: number, b: BillingData): Promise<void> {
  await db.query(
    `insert into billing_profiles (user_id, kind, name, address, city, county, country, cif, reg_no)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (user_id) do update set kind = $2, name = $3, address = $4, city = $5, county = $6,
       country = $7, cif = $8, reg_no = $9, updated_at = now()`,
    [userId, b.kind, b.name, b.address, b.city, b.county, b.country, b.cif, b.reg_no],
  );
}

/** The seller and series every new invoice takes (written from the configuration at start). */
export async function writeSettings(db: Db, series: string, seller: InvoiceParty): Promise<void> {
  await db.query(
    `insert into invoice_settings (id, series, seller) values (1, $1, $2)
     on conflict (id) do update set series = $1, seller = $2`,
    [series, JSON.stringify(seller)],
  );
}

export type InvoiceRow = Omit<InvoiceFull, 'code' | 'issued_at' | 'seller' | 'buyer' | 'period_start' | 'period_end'> & {
  user_id: number | null;
  issued_at: Date | string;
  period_start: Date | string | null;
  period_end: Date | string | null;
  seller: InvoiceParty | string;
  buyer: InvoiceParty | string;
};

export const INVOICE_COLS = `i.id, i.series, i.number, i.kind, i.user_id, i.order_id, i.storno_of,
  (select s.id from invoices s where s.storno_of = i.id) as storno_id, i.issued_at, i.seller, i.buyer,
  i.description, i.vat_percent, i.base_bani, i.vat_bani, i.total_bani, i.currency, i.period_start, i.period_end`;

/** GRL-000042: the number padded, so the printed codes sort as they were issued. */
export const invoiceCode = (series: string, n: number) => `${series}-${String(n).padStart(6, '0')}`;
const party = (p: InvoiceParty | string): InvoiceParty =>
  typeof p === 'string' ? (JSON.parse(p) as InvoiceParty) : p;

export function toView(r: InvoiceRow): InvoiceView {
  return {
    id: r.id,
    code: invoiceCode(r.series, r.number),
    series: r.series,
    number: r.number,
    kind: r.kind,
    order_id: r.order_id,
    storno_of: r.storno_of,
    storno_id: r.storno_id ?? null,
    issued_at: iso(r.issued_at),
    period_start: r.period_start ? iso(r.period_start) : null,
    period_end: r.period_end ? iso(r.period_end) : null,
    description: r.description,
    vat_percent: r.vat_percent,
    base_bani: r.base_bani,
    vat_bani: r.vat_bani,
    total_bani: r.total_bani,
    currency: r.currency,
  };
}
export const toFull = (r: InvoiceRow): InvoiceFull => ({
  ...toView(r),
  seller: party(r.seller),
  buyer: party(r.buyer),
});

export function invoiceById(db: Db, id: number, lock = false): Promise<InvoiceRow | undefined> {
  return db.one<InvoiceRow>(`select ${INVOICE_COLS} from invoices i where i.id = $1${lock ? ' for update' : ''}`, [
    id,
  ]);
}

export function invoiceOfOrder(db: Db, orderId: number): Promise<InvoiceRow | undefined> {
  return db.one<InvoiceRow>(`select ${INVOICE_COLS} from invoices i where i.order_id = $1 and i.kind = 'invoice'`, [
    orderId,
  ]);
}

/** Whether the user may read any invoice (admins keep the books). */
export async function isAdmin(db: Db, userId: number): Promise<boolean> {
  const row = await db.one<{ is_admin: boolean }>('select is_admin from users where id = $1', [userId]);
  return Boolean(row?.is_admin);
}

type OrderRow = {
  id: number;
  status: OrderStatus;
  months: number;
  amount_bani: number;
  currency: string;
  failure_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
};

/** The user's payment attempts, newest first, each with its invoices; open attempts left out. */
export async function history(db: Db, userId: number, limit = 200): Promise<PaymentHistoryItem[]> {
  const orders = await db.query<OrderRow>(
    `select id, status, months, amount_bani, currency, failure_code, card_brand, card_last4, created_at, paid_at
       from payment_orders where user_id = $1 and status in ('succeeded', 'failed') order by id desc limit $2`,
    [userId, limit],
  );
  if (!orders.length) return [];
  const invoices = await db.query<InvoiceRow>(
    `select ${INVOICE_COLS} from invoices i where i.order_id = any($1::int[]) order by i.id`,
    [orders.map((o) => o.id)],
  );
  return orders.map((o) => ({
    order_id: o.id,
    status: o.status,
    months: o.months,
    amount_bani: o.amount_bani,
    currency: o.currency,
    failure_code: o.failure_code,
    card: o.card_brand && o.card_last4 ? { brand: o.card_brand, last4: o.card_last4 } : null,
    created_at: iso(o.created_at),
    paid_at: o.paid_at ? iso(o.paid_at) : null,
    invoices: invoices.filter((i) => i.order_id === o.id).map(toView),
  }));
}

/**
 * The storno of `original`: the next number of the current series, the same parties and line with
 * negated amounts. Runs inside the caller's transaction, after the original row was locked.
 */
export async function insertStorno(db: Db, original: InvoiceRow): Promise<InvoiceRow> {
  const row = await db.one<{ id: number }>(
    `insert into invoices (series, number, kind, user_id, order_id, storno_of, seller, buyer, description,
                           vat_percent, base_bani, vat_bani, total_bani, currency, period_start, period_end)
     select st.series, next_invoice_number(st.series), 'storno', i.user_id, i.order_id, i.id, i.seller, i.buyer,
            'Stornare factură ' || i.series || '-' || lpad(i.number::text, 6, '0') || ': ' || i.description,
            i.vat_percent, -i.base_bani, -i.vat_bani, -i.total_bani, i.currency, i.period_start, i.period_end
       from invoices i, invoice_settings st where i.id = $1 and st.id = 1
     returning id`,
    [original.id],
  );
  return (await invoiceById(db, row!.id))!;
}

/** A refunded order's paid period stops now (users.premium_until follows through 014's trigger). */
export async function endPaidPeriod(db: Db, orderId: number | null): Promise<void> {
  await db.query(`update subscriptions set status = 'ended' where order_id = $1 and status <> 'ended'`, [
    orderId,
  ]);
}

// Billing data and invoices (issue 8 §4): the buyer's data, the payment history with its invoices,
// an invoice's PDF for its owner (or an admin), and the storno that cancels a refunded invoice.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Config } from '../../config.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { BillingData } from '../../../src/shared/billing-rules.ts';
import type { BillingSaved, InvoicesResponse, StornoResponse } from '../../../src/shared/invoice-payloads.ts';
import { invoicePdf, lei } from './pdf.ts';
import * as q from './queries.ts';

const DAY_MS = 86_400_000;

/** Whether an invoice issued at `issuedAt` may still be voided (INVOICE_VOID_MAX_DAYS). */
export const voidableAt = (issuedAt: Date | string, maxDays: number, now = Date.now()) =>
  now - new Date(issuedAt).getTime() <= maxDays * DAY_MS;

/** The seller from the configuration; no CIF or address is invented when they are not set. */
export function sellerOf(config: Config) {
  return {
    name: config.INVOICE_SELLER_NAME ?? config.PRODUCT_NAME,
    cif: config.INVOICE_SELLER_CIF ?? '',
    reg_no: config.INVOICE_SELLER_REG_NO ?? '',
    address: config.INVOICE_SELLER_ADDRESS ?? '',
    city: config.INVOICE_SELLER_CITY ?? '',
    county: config.INVOICE_SELLER_COUNTY ?? '',
    country: 'RO',
    ...(config.INVOICE_SELLER_IBAN ? { iban: config.INVOICE_SELLER_IBAN } : {}),
    ...(config.INVOICE_SELLER_SHARE_CAPITAL ? { share_capital: config.INVOICE_SELLER_SHARE_CAPITAL } : {}),
    // A VAT payer's CIF carries the RO prefix; without it the seller charges no VAT (migration 032).
    vat_payer: !config.INVOICE_SELLER_CIF || config.INVOICE_SELLER_CIF.startsWith('RO'),
  };
}

export async function saveBilling(db: Db, userId: number, body: BillingData): Promise<BillingSaved> {
  await q.saveBilling(db, userId, body);
  return { billing: await q.billingOf(db, userId), success: 'BILLING_DATA_SAVED' };
}

export async function list(db: Db, userId: number): Promise<InvoicesResponse> {
  return { payments: await q.history(db, userId) };
}

/** Owner or admin; anyone else learns nothing, not even that the invoice exists. */
async function readable(db: Db, userId: number, id: number) {
  const inv = await q.invoiceById(db, id);
  if (!inv || (inv.user_id !== userId && !(await q.isAdmin(db, userId))))
    throw notFound('FORM_INVOICE_NOT_FOUND');
  return inv;
}

export async function pdf(
  db: Db,
  userId: number,
  id: number,
  log?: FastifyBaseLogger,
): Promise<{ code: string; file: Buffer }> {
  const inv = q.toFull(await readable(db, userId, id));
  const row = inv.storno_of ? await q.invoiceById(db, inv.storno_of) : undefined;
  const original = row && {
    code: q.invoiceCode(row.series, row.number),
    issued_at: new Date(row.issued_at).toISOString(),
  };
  try {
    return { code: inv.code, file: await invoicePdf(inv, original) };
  } catch (err) {
    // A font missing from the installation, say: the invoice exists, only its rendering failed.
    log?.error({ err, invoice: id }, 'invoice PDF rendering failed');
    throw new AppError(500, 'FORM_PDF_GENERATION_FAILED');
  }
}

export async function readFull(db: Db, userId: number, id: number) {
  return q.toFull(await readable(db, userId, id));
}

/**
 * Cancels an invoice for a refund: a storno with the next number and negated amounts, and the
 * order's paid period ended, in one transaction. The invoice row is locked first, so two admins
 * clicking at once make one storno (the second finds storno_id set). Past INVOICE_VOID_MAX_DAYS
 * the invoice stays as it is (FORM_OLD_INVOICE_CANNOT_BE_VOIDED). The money itself goes back
 * through the payment provider's dashboard: refunding at the provider is not automated here.
 */
export async function storno(
  db: Db,
  id: number,
  maxDays: number,
  now = Date.now(),
  tell?: TellBuyer,
): Promise<StornoResponse> {
  const done = await db.tx(async (t) => {
    const inv = await q.invoiceById(t, id, true);
    if (!inv) throw notFound('FORM_INVOICE_NOT_FOUND');
    if (inv.kind !== 'invoice') throw badRequest('FORM_INVOICE_NOT_VOIDABLE');
    if (inv.storno_id) throw conflict('FORM_INVOICE_ALREADY_VOIDED');
    if (!voidableAt(inv.issued_at, maxDays, now))
      throw badRequest('FORM_OLD_INVOICE_CANNOT_BE_VOIDED');
    const made = await q.insertStorno(t, inv);
    await q.endPaidPeriod(t, inv.order_id);
    return { made, original: q.invoiceCode(inv.series, inv.number) };
  });
  // After the commit: the buyer learns it from the app, not only from the card statement.
  if (tell && done.made.user_id) await tell(done.made.user_id, stornoNotice(done.original, done.made));
  return { invoice: q.toView(done.made), success: 'INVOICE_VOIDED' as const };
}

export type TellBuyer = (userId: number, n: { type: 'info'; title: string; message: string; link: string }) => Promise<void>;

/** What the buyer is told of a storno (the refund itself is made at the card processor). */
export function stornoNotice(originalCode: string, s: q.InvoiceRow) {
  return {
    type: 'info' as const,
    title: 'Plata ta a fost rambursată',
    message: `Factura ${originalCode} a fost stornată prin factura ${q.invoiceCode(s.series, s.number)}, iar abonamentul Premium plătit cu ea s-a încheiat. Suma de ${lei(-s.total_bani)} se restituie prin procesatorul plăților, pe cardul cu care ai plătit; poate dura câteva zile până apare în contul cardului.`,
    link: '/setari/istoric-facturi',
  };
}

// The admin's invoice book (/admin/facturi): find an invoice to refund and see whether it can still
// be voided by the same rule storno() applies, so the screen never offers a button that must fail.
import type { Db } from '../../db/db.ts';
import type { AdminInvoicesResponse } from '../../../src/shared/invoice-payloads.ts';
import { ADMIN_INVOICES_PAGE, type AdminInvoicesQuery } from '../../../src/shared/invoice-admin-rules.ts';
import { adminInvoices } from './admin-queries.ts';
import { toView } from './queries.ts';
import { voidableAt } from './service.ts';

export async function adminList(db: Db, query: AdminInvoicesQuery, maxDays: number, now = Date.now()): Promise<AdminInvoicesResponse> {
  const rows = await adminInvoices(db, query.q || null, query.before ?? null, ADMIN_INVOICES_PAGE + 1);
  const page = rows.slice(0, ADMIN_INVOICES_PAGE);
  return {
    invoices: page.map((r) => ({
      ...toView(r),
      buyer_name: r.buyer_name,
      user_email: r.user_email,
      voidable: r.kind === 'invoice' && !r.storno_id && voidableAt(r.issued_at, maxDays, now),
    })),
    next_before: rows.length > ADMIN_INVOICES_PAGE ? page[page.length - 1]!.id : null,
    void_max_days: maxDays,
  };
}

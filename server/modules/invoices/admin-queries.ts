// SQL of the admin's invoice book: every invoice, newest first, searchable by its printed code
// (GRL-000042), the buyer's name or the account's email.
import type { Db } from '../../db/db.ts';
import { INVOICE_COLS, type InvoiceRow } from './queries.ts';
import { likeAnywhere } from '../../lib/like.ts';

export type AdminInvoiceRow = InvoiceRow & { buyer_name: string; user_email: string | null };


export function adminInvoices(db: Db, search: string | null, before: number | null, limit: number): Promise<AdminInvoiceRow[]> {
  return db.query<AdminInvoiceRow>(
    `select ${INVOICE_COLS}, i.buyer->>'name' as buyer_name, u.email as user_email
       from invoices i left join users u on u.id = i.user_id
      where ($1::text is null
             or (i.series || '-' || lpad(i.number::text, 6, '0')) ilike $1
             or i.buyer->>'name' ilike $1
             or u.email ilike $1)
        and ($2::int is null or i.id < $2)
      order by i.id desc
      limit $3`,
    [search ? likeAnywhere(search) : null, before, limit],
  );
}

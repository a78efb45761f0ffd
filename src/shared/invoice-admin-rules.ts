// The admin's invoice book (GET /admin/invoices): a search over code, buyer and email, paged by id.
import { z } from 'zod';
import { idParam, optionalText } from './input-rules.ts';

export const ADMIN_INVOICES_PAGE = 50;
export const INVOICE_SEARCH_MAX = 100;

export const adminInvoicesQuery = z.object({
  q: optionalText(INVOICE_SEARCH_MAX).optional(),
  before: idParam().optional(),
});
export type AdminInvoicesQuery = z.infer<typeof adminInvoicesQuery>;

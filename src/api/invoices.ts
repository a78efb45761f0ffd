// Billing data and invoices (server/modules/invoices). Files come as blobs: the API wants the
// bearer token, which a plain link would not send.
import { api, requestBlob } from './client.ts';
import type { BillingBody } from '../shared/billing-rules.ts';
import type { AdminInvoicesResponse, BillingResponse, BillingSaved, InvoicesResponse, StornoResponse } from '../shared/invoice-payloads.ts';

export type * from '../shared/invoice-payloads.ts';

export const getBilling = (): Promise<BillingResponse> => api.get('user/billing');
export const saveBilling = (body: BillingBody): Promise<BillingSaved> => api.put('user/billing', body);
export const getInvoices = (): Promise<InvoicesResponse> => api.get('invoices');
export const invoiceFile = (id: number, format: 'pdf' | 'efactura'): Promise<Blob> =>
  requestBlob(`invoices/${id}/${format}`);

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The admin's invoice book: newest first, `q` over code, buyer and email, `before` an id for older ones. */
export const adminInvoices = (q: string, before?: number): Promise<AdminInvoicesResponse> =>
  api.get('admin/invoices', { ...(q ? { q } : {}), ...(before ? { before } : {}) });
export const stornoInvoice = (id: number): Promise<StornoResponse> => api.post(`admin/invoices/${id}/storno`, {});

// Answers of the billing-data and invoices API (server/modules/invoices), shared with the app.
import type { BillingData } from './billing-rules.ts';
import type { OrderStatus } from './payment-payloads.ts';

export type BillingResponse = { billing: BillingData | null };
export type BillingSaved = BillingResponse & { success: 'BILLING_DATA_SAVED' };

/** The parties as printed: a snapshot taken when the invoice was issued. */
export type InvoiceParty = {
  kind?: 'person' | 'company';
  name: string;
  cif: string;
  reg_no: string;
  address: string;
  city: string;
  county: string;
  country: string;
  email?: string;
  iban?: string;
  vat_payer?: boolean;
  /** The seller's share capital as printed ("200 lei"), INVOICE_SELLER_SHARE_CAPITAL. */
  share_capital?: string;
};

export type InvoiceView = {
  id: number;
  /** Series and number as printed: GRL-000123. */
  code: string;
  series: string;
  number: number;
  kind: 'invoice' | 'storno';
  /** null once the account that paid was deleted (the invoice itself is kept). */
  order_id: number | null;
  /** For a storno: the invoice it cancels. */
  storno_of: number | null;
  /** For an invoice: its storno, when it was refunded. */
  storno_id: number | null;
  issued_at: string;
  /** The service period paid for (the subscription period of the order); null when unknown. */
  period_start: string | null;
  period_end: string | null;
  description: string;
  vat_percent: number;
  base_bani: number;
  vat_bani: number;
  total_bani: number;
  currency: string;
};

export type InvoiceFull = InvoiceView & { seller: InvoiceParty; buyer: InvoiceParty };

/** One payment attempt of the history, with the invoices issued for it (the invoice, then its storno). */
export type PaymentHistoryItem = {
  order_id: number;
  status: OrderStatus;
  months: number;
  amount_bani: number;
  currency: string;
  failure_code: string | null;
  card: { brand: string; last4: string } | null;
  created_at: string;
  paid_at: string | null;
  invoices: InvoiceView[];
};

export type InvoicesResponse = { payments: PaymentHistoryItem[] };
export type StornoResponse = { invoice: InvoiceView; success: 'INVOICE_VOIDED' };

/** One row of the admin's invoice book (/admin/facturi): whom it was issued to and whether it can still be voided. */
export type AdminInvoiceItem = InvoiceView & {
  buyer_name: string;
  /** The account's email; null once the account was deleted (the invoice is kept). */
  user_email: string | null;
  /** An invoice without a storno, issued within INVOICE_VOID_MAX_DAYS. */
  voidable: boolean;
};
export type AdminInvoicesResponse = {
  invoices: AdminInvoiceItem[];
  /** Pass as `before` for the next (older) page; null on the last one. */
  next_before: number | null;
  void_max_days: number;
};

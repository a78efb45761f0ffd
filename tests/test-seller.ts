// The test company on the invoices of the server tests and the e2e servers (e2e/env.ts): a
// București seller with a VAT-registered CIF, so the locality is its sector. Tests that need more
// (IBAN, share capital) spread this and add them.
export const TEST_SELLER = {
  INVOICE_SELLER_NAME: 'Grilio Educație SRL',
  INVOICE_SELLER_CIF: 'RO18547290',
  INVOICE_SELLER_REG_NO: 'J40/2345/2021',
  INVOICE_SELLER_ADDRESS: 'Bd. Ion Mihalache nr. 1',
  INVOICE_SELLER_CITY: 'Sector 1',
  INVOICE_SELLER_COUNTY: 'București',
} as const;

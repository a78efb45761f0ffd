// e-Factura: the invoice as UBL 2.1 XML with the CIUS-RO customisation, the format ANAF's SPV
// accepts (B2B and, since 2024, B2C). A storno is an Invoice (380) with a negative quantity that
// names the original in BillingReference, as Romanian storno invoices are commonly sent.
// CIUS-RO wants Bucharest's CityName as SECTOR1…SECTOR6: the billing form asks for the sector there;
// an address saved before it did (or a seller configured with another city) goes as written.
import type { InvoiceFull, InvoiceParty } from '../../../src/shared/invoice-payloads.ts';
import { BUCHAREST, countyCode, sectorOf } from '../../../src/shared/billing-rules.ts';

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1';

const esc = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
const amount = (bani: number) => (bani / 100).toFixed(2);
const money = (tag: string, bani: number) => `<cbc:${tag} currencyID="RON">${amount(bani)}</cbc:${tag}>`;
/** The calendar day in Romania, as YYYY-MM-DD. */
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(iso));

function address(p: InvoiceParty): string {
  const country = p.country || 'RO';
  const sub = country === 'RO' && countyCode(p.county) ? `RO-${countyCode(p.county)}` : p.county;
  const sector = country === 'RO' && p.county === BUCHAREST ? sectorOf(p.city) : null;
  const city = sector ? sector.replace(' ', '').toUpperCase() : p.city;
  return [
    '<cac:PostalAddress>',
    `<cbc:StreetName>${esc(p.address || '-')}</cbc:StreetName>`,
    `<cbc:CityName>${esc(city || '-')}</cbc:CityName>`,
    sub ? `<cbc:CountrySubentity>${esc(sub)}</cbc:CountrySubentity>` : '',
    `<cac:Country><cbc:IdentificationCode>${esc(country)}</cbc:IdentificationCode></cac:Country>`,
    '</cac:PostalAddress>',
  ].join('');
}

function party(p: InvoiceParty, role: 'supplier' | 'customer'): string {
  const vatId =
    p.cif.startsWith('RO') || (role === 'supplier' && p.vat_payer !== false && p.cif) ? p.cif : '';
  // A person buyer has no CIF: ANAF's B2C rule accepts 13 zeros in place of the personal code.
  const legalId = p.cif ? p.cif.replace(/^RO/, '') : role === 'customer' ? '0000000000000' : '';
  return [
    '<cac:Party>',
    address(p),
    vatId
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${esc(vatId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    '<cac:PartyLegalEntity>',
    `<cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName>`,
    legalId ? `<cbc:CompanyID>${esc(legalId)}</cbc:CompanyID>` : '',
    role === 'supplier' && p.reg_no ? `<cbc:CompanyLegalForm>${esc(p.reg_no)}</cbc:CompanyLegalForm>` : '',
    '</cac:PartyLegalEntity>',
    p.email ? `<cac:Contact><cbc:ElectronicMail>${esc(p.email)}</cbc:ElectronicMail></cac:Contact>` : '',
    '</cac:Party>',
  ].join('');
}

export function invoiceXml(inv: InvoiceFull, original?: { code: string; issued_at: string }): string {
  const tax = `<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${inv.vat_percent}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>`;
  const qty = inv.kind === 'storno' ? '-1' : '1';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
    ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    `<cbc:CustomizationID>${CUSTOMIZATION_ID}</cbc:CustomizationID>`,
    `<cbc:ID>${esc(inv.code)}</cbc:ID>`,
    `<cbc:IssueDate>${day(inv.issued_at)}</cbc:IssueDate>`,
    '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
    original ? `<cbc:Note>Stornare factura ${esc(original.code)}</cbc:Note>` : '',
    '<cbc:DocumentCurrencyCode>RON</cbc:DocumentCurrencyCode>',
    original
      ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${esc(original.code)}</cbc:ID><cbc:IssueDate>${day(original.issued_at)}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    `<cac:AccountingSupplierParty>${party(inv.seller, 'supplier')}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${party(inv.buyer, 'customer')}</cac:AccountingCustomerParty>`,
    // 48: bank card (UNTDID 4461).
    '<cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode></cac:PaymentMeans>',
    `<cac:TaxTotal>${money('TaxAmount', inv.vat_bani)}<cac:TaxSubtotal>${money('TaxableAmount', inv.base_bani)}${money('TaxAmount', inv.vat_bani)}${tax}</cac:TaxSubtotal></cac:TaxTotal>`,
    '<cac:LegalMonetaryTotal>',
    money('LineExtensionAmount', inv.base_bani),
    money('TaxExclusiveAmount', inv.base_bani),
    money('TaxInclusiveAmount', inv.total_bani),
    // Paid by card when issued: nothing is left to pay (a storno's refund is the negative total).
    money('PrepaidAmount', inv.total_bani),
    money('PayableAmount', 0),
    '</cac:LegalMonetaryTotal>',
    '<cac:InvoiceLine>',
    '<cbc:ID>1</cbc:ID>',
    `<cbc:InvoicedQuantity unitCode="H87">${qty}</cbc:InvoicedQuantity>`,
    money('LineExtensionAmount', inv.base_bani),
    `<cac:Item><cbc:Name>${esc(inv.description)}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${inv.vat_percent}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>`,
    `<cac:Price>${money('PriceAmount', Math.abs(inv.base_bani))}</cac:Price>`,
    '</cac:InvoiceLine>',
    '</Invoice>',
    '',
  ].join('\n');
}

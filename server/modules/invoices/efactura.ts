// e-Factura: the invoice as UBL 2.1 XML with the CIUS-RO customisation, the format ANAF's SPV
// accepts (B2B and, since 2024, B2C). A storno is an Invoice (380) with a negative quantity that
// names the original in BillingReference, as Romanian storno invoices are commonly sent.
// CIUS-RO wants Bucharest's CityName as SECTOR1…SECTOR6: the billing form asks for the sector there;
// an address saved before it did (or a seller configured with another city) goes as written.
// Every kind of invoice this writes is checked by the official validator (UBL 2.1 XSD, CEN EN 16931,
// ANAF CIUS-RO) in tests/server/invoices-efactura.test.ts.
//
// VAT (docs/ARCHITECTURE.md, "Invoices"): a seller whose CIF has the RO prefix is a VAT payer and
// charges the package's rate (category S). A seller without it is not registered for VAT: it charges
// none (migration 032 issues rate 0, the price paid is final) and the line is category O, "not subject
// to VAT" (VATEX-EU-O), as ANAF's technical recommendations for non-VAT payers say; EN 16931 BR-O-02
// then forbids any VAT identifier on the invoice, so both CIFs go as legal identifiers only.
//
// A buyer with no address (an account that paid before the checkout asked for one, and its
// renewals): "Adresă necomunicată" as the street and the place the service is supplied from, the
// seller's locality and county, for city and county, which CIUS-RO requires (BR-RO-092, BR-RO-111).
import type { InvoiceFull, InvoiceParty } from '../../../src/shared/invoice-payloads.ts';
import { BUCHAREST, countyCode, sectorOf } from '../../../src/shared/billing-rules.ts';

/** The street of a buyer whose address is not known (see above). */
export const UNKNOWN_STREET = 'Adresă necomunicată';
/** UN/ECE Recommendation 20 "one": the line is one subscription (printed "abonament"). */
export const UNIT_CODE = 'C62';

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

/** Whether the buyer's own address can be written: a street, a city and, in Romania, a known county. */
export const hasAddress = (p: InvoiceParty) =>
  Boolean(p.address && p.city && ((p.country || 'RO') !== 'RO' || countyCode(p.county)));

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

function party(p: InvoiceParty, role: 'supplier' | 'customer', vatCharged: boolean): string {
  // Only with VAT charged (category S) may a VAT identifier appear (BR-O-02).
  const vatId = !vatCharged ? '' : p.cif.startsWith('RO') || (role === 'supplier' && p.cif) ? p.cif : '';
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
    role === 'supplier' && legalForm(p) ? `<cbc:CompanyLegalForm>${esc(legalForm(p))}</cbc:CompanyLegalForm>` : '',
    '</cac:PartyLegalEntity>',
    p.email ? `<cac:Contact><cbc:ElectronicMail>${esc(p.email)}</cbc:ElectronicMail></cac:Contact>` : '',
    '</cac:Party>',
  ].join('');
}

/** BT-33, the seller's additional legal information: registry number and share capital. */
const legalForm = (p: InvoiceParty) =>
  [p.reg_no, p.share_capital && `capital social ${p.share_capital}`].filter(Boolean).join(', ');

/** The buyer as written: one without an address gets the fallback described at the top. */
function buyerWithAddress(buyer: InvoiceParty, seller: InvoiceParty): InvoiceParty {
  if (hasAddress(buyer)) return buyer;
  return { ...buyer, address: buyer.address || UNKNOWN_STREET, city: seller.city, county: seller.county, country: 'RO' };
}

/** Whether the invoice charges VAT: a VAT-paying seller (016/032's vat_payer) and a rate. */
export const chargesVat = (inv: Pick<InvoiceFull, 'seller' | 'vat_percent'>) =>
  inv.seller.vat_payer !== false && inv.vat_percent > 0;

export function invoiceXml(inv: InvoiceFull, original?: { code: string; issued_at: string }): string {
  const vat = chargesVat(inv);
  const category = vat
    ? `<cbc:ID>S</cbc:ID><cbc:Percent>${inv.vat_percent}</cbc:Percent>`
    : '<cbc:ID>O</cbc:ID>';
  const scheme = '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>';
  const tax = `<cac:TaxCategory>${category}${vat ? '' : '<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>'}${scheme}</cac:TaxCategory>`;
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
    // BG-14: the subscription period paid for (end: the last day of it).
    inv.period_start && inv.period_end
      ? `<cac:InvoicePeriod><cbc:StartDate>${day(inv.period_start)}</cbc:StartDate><cbc:EndDate>${day(inv.period_end)}</cbc:EndDate></cac:InvoicePeriod>`
      : '',
    original
      ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${esc(original.code)}</cbc:ID><cbc:IssueDate>${day(original.issued_at)}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    `<cac:AccountingSupplierParty>${party(inv.seller, 'supplier', vat)}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${party(buyerWithAddress(inv.buyer, inv.seller), 'customer', vat)}</cac:AccountingCustomerParty>`,
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
    `<cbc:InvoicedQuantity unitCode="${UNIT_CODE}">${qty}</cbc:InvoicedQuantity>`,
    money('LineExtensionAmount', inv.base_bani),
    `<cac:Item><cbc:Name>${esc(inv.description)}</cbc:Name><cac:ClassifiedTaxCategory>${category}${scheme}</cac:ClassifiedTaxCategory></cac:Item>`,
    `<cac:Price>${money('PriceAmount', Math.abs(inv.base_bani))}</cac:Price>`,
    '</cac:InvoiceLine>',
    '</Invoice>',
    '',
  ].join('\n');
}

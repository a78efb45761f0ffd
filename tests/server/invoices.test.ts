// Billing data and invoices (issue 8 §4) on the sandbox provider: the billing form's rules (CIF
// checksum, registry number, county), one invoice per paid order issued in the paying transaction
// (never twice for a replay, none for a decline), 50 concurrent payments numbered without a gap,
// the PDF with its diacritics for its owner or an admin only, the storno and its time limit, and
// the e-Factura XML's structure.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextIp } from './fixtures/auth.ts';
import type { CheckoutResponse, PremiumPackage } from '../../src/shared/payment-payloads.ts';
import type { AdminInvoicesResponse, InvoiceView, PaymentHistoryItem } from '../../src/shared/invoice-payloads.ts';
import { TEST_SELLER } from '../test-seller.ts';

type U = { id: number; auth: { authorization: string } };
let t: TestApp;
let packages: PremiumPackage[];

async function person(name?: string, admin = false): Promise<U> {
  const u = await createUser(t.db, { password: null, is_admin: admin, ...(name ? { name } : {}) });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST' | 'PUT', url: string, u?: U, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: u?.auth,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
  });
const codeOf = (res: { json: () => { errors?: Record<string, string[]> } }) =>
  Object.values(res.json().errors ?? {})[0]?.[0];
const pkg = (months: number) => packages.find((p) => p.months === months)!;
const future = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };

async function checkout(u: U, months = 1): Promise<CheckoutResponse> {
  const res = await api('POST', '/payments/checkout', u, {
    package_id: pkg(months).id,
    idempotency_key: randomUUID(),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}
const confirm = (c: CheckoutResponse, number = '4242424242424242') =>
  api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
    client_secret: c.payment!.client_secret,
    number,
    ...future,
  });
async function pay(u: U, months = 1): Promise<CheckoutResponse> {
  const c = await checkout(u, months);
  const res = await confirm(c);
  expect(res.statusCode, res.body).toBe(200);
  return c;
}
const history = async (u: U): Promise<PaymentHistoryItem[]> =>
  (await api('GET', '/invoices', u)).json().payments;
const invoiceOf = async (u: U, orderId: number): Promise<InvoiceView> =>
  (await history(u)).find((p) => p.order_id === orderId)!.invoices.find((i) => i.kind === 'invoice')!;
const pdfText = async (body: Buffer) => (await new PDFParse({ data: new Uint8Array(body) }).getText()).text;

const company = {
  kind: 'company',
  name: 'Științe Aplicate Țării SRL',
  address: 'Str. Mărășești nr. 4',
  city: 'Iași',
  county: 'Iași',
  country: 'RO',
  cif: 'ro 14399840',
  reg_no: 'J22/1234/2020',
};

beforeAll(async () => {
  t = await createTestApp({ ...TEST_SELLER });
  packages = (await api('GET', '/packages')).json().packages;
});
afterAll(() => t.close());

describe('authentication first', () => {
  it('answers 401 without a token before reading input', async () => {
    for (const [method, url, body] of [
      ['GET', '/user/billing'],
      ['PUT', '/user/billing', { kind: 'nimic' }],
      ['GET', '/invoices'],
      ['GET', '/invoices/abc/pdf'],
      ['GET', '/invoices/1/efactura'],
      ['POST', '/admin/invoices/abc/storno'],
      ['GET', '/admin/invoices?before=abc'],
    ] as const) {
      const res = await api(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('billing data', () => {
  it('is null until saved, then saved and normalised (CIF spaces and RO prefix)', async () => {
    const u = await person();
    expect((await api('GET', '/user/billing', u)).json()).toEqual({ billing: null });
    const res = await api('PUT', '/user/billing', u, company);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: 'BILLING_DATA_SAVED', billing: { ...company, cif: 'RO14399840' } });
    const person2 = {
      kind: 'person',
      name: 'Ștefănescu Ioana',
      address: 'Str. Lungă 1',
      city: 'Brașov',
      county: 'Brașov',
      country: 'RO',
      cif: 'RO14399840',
      reg_no: 'J22/1/2020',
    };
    const again = await api('PUT', '/user/billing', u, person2);
    // A person's invoice carries no CIF or registry number, whatever the form still held.
    expect(again.json().billing).toEqual({ ...person2, cif: '', reg_no: '' });
    expect((await api('GET', '/user/billing', u)).json().billing).toEqual({
      ...person2,
      cif: '',
      reg_no: '',
    });
  });

  it('refuses bad input with Romanian catalogue codes', async () => {
    const u = await person();
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ ...company, cif: '14399841' }, { cif: ['FORM_CIF_INVALID'] }],
      [{ ...company, cif: '' }, { cif: ['FORM_CIF_REQUIRED'] }],
      [{ ...company, reg_no: '' }, { reg_no: ['FORM_REG_NO_REQUIRED'] }],
      [{ ...company, reg_no: 'J40-12-2020' }, { reg_no: ['FORM_REG_NO_INVALID'] }],
      [{ ...company, county: 'Atlantida' }, { county: ['FORM_COUNTY_INVALID'] }],
      [{ ...company, country: 'XX' }, { country: ['FORM_COUNTRY_INVALID'] }],
      [{ ...company, kind: 'firma' }, { kind: ['FORM_BILLING_KIND_INVALID'] }],
      [{ ...company, name: '  ' }, { name: ['FIELD_REQUIRED'] }],
      [{ ...company, address: 'a'.repeat(301) }, { address: ['FIELD_TOO_LONG'] }],
      [{ ...company, city: 'Ia\u0000și' }, { city: ['FIELD_TEXT_UNSUPPORTED'] }],
      [{ ...company, name: 'x\ud800' }, { name: ['FIELD_TEXT_UNSUPPORTED'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await api('PUT', '/user/billing', u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    for (const body of [null, [], 'text', { kind: 'person' }]) {
      const res = await api('PUT', '/user/billing', u, body as object);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    // Abroad: county is free text, the CIF is a VAT id without the Romanian check.
    const abroad = await api('PUT', '/user/billing', u, {
      ...company,
      country: 'DE',
      county: 'Bayern',
      cif: 'DE123456789',
      reg_no: '',
    });
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect((await api('GET', '/user/billing', u)).json().billing.county).toBe('Bayern');
  });
});

describe('an invoice per paid order', () => {
  it('is issued when the order succeeds, with VAT split, seller and the buyer snapshot', async () => {
    const u = await person();
    await api('PUT', '/user/billing', u, company);
    const c = await pay(u, 1);
    const inv = await invoiceOf(u, c.order.id);
    const price = pkg(1).price_bani;
    const base = Math.round((price * 100) / 121);
    expect(inv).toMatchObject({
      kind: 'invoice',
      series: 'GRL',
      vat_percent: 21,
      total_bani: price,
      base_bani: base,
      vat_bani: price - base,
      storno_id: null,
    });
    expect(inv.code).toBe(`GRL-${String(inv.number).padStart(6, '0')}`);
    // Later edits of the billing data do not change an issued invoice.
    await api('PUT', '/user/billing', u, { ...company, name: 'Alt Nume SRL' });
    const row = await t.db.one<{
      buyer: { name: string; cif: string; reg_no: string };
      seller: { name: string; cif: string };
    }>('select buyer, seller from invoices where id = $1', [inv.id]);
    expect(row!.buyer).toMatchObject({ name: company.name, cif: 'RO14399840', reg_no: 'J22/1234/2020' });
    expect(row!.seller).toMatchObject({ name: 'Grilio Educație SRL', cif: 'RO18547290' });
  });

  it('a replayed confirmation or a second read of the order issues no second invoice; a decline none', async () => {
    const u = await person();
    const c = await pay(u, 3);
    expect((await confirm(c)).statusCode).toBeLessThan(500);
    await api('GET', `/payments/orders/${c.order.id}`, u);
    const n = await t.db.one<{ n: number }>('select count(*)::int as n from invoices where order_id = $1', [
      c.order.id,
    ]);
    expect(n!.n).toBe(1);

    const v = await person();
    const d = await checkout(v, 1);
    await confirm(d, '4000000000000002');
    const h = await history(v);
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ status: 'failed', failure_code: 'FORM_CARD_DECLINED', invoices: [] });
  });

  it('without billing data, names the account holder as a person', async () => {
    const u = await person('Țepeș Vlad');
    const c = await pay(u);
    const row = await t.db.one<{ buyer: { kind: string; name: string; cif: string } }>(
      'select buyer from invoices where order_id = $1',
      [c.order.id],
    );
    expect(row!.buyer).toMatchObject({ kind: 'person', name: 'Țepeș Vlad', cif: '' });
  });

  it('a number taken by a transaction that rolls back is given again: no gap', async () => {
    const last = async () =>
      (await t.db.one<{ n: number }>("select last_number as n from invoice_counters where series = 'GRL'"))
        ?.n ?? 0;
    const before = await last();
    await expect(
      t.db.tx(async (tx) => {
        await tx.query("select next_invoice_number('GRL')");
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await last()).toBe(before);
    const u = await person();
    const c = await pay(u);
    expect((await invoiceOf(u, c.order.id)).number).toBe(before + 1);
  });

  it('50 concurrent payments get 50 consecutive numbers', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => person()));
    const started = await Promise.all(users.map((u) => checkout(u)));
    const before = (await t.db.one<{ n: number }>(
      "select last_number as n from invoice_counters where series = 'GRL'",
    ))!.n;
    const answers = await Promise.all(started.map((c) => confirm(c)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const rows = await t.db.query<{ number: number }>(
      'select number from invoices where order_id = any($1::int[]) order by number',
      [started.map((c) => c.order.id)],
    );
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
  });
});

describe('history and PDF', () => {
  it('the owner downloads a PDF with the legal fields and Romanian diacritics; others get 404, an admin 200', async () => {
    const u = await person();
    await api('PUT', '/user/billing', u, company);
    const c = await pay(u, 6);
    const inv = await invoiceOf(u, c.order.id);
    const h = await history(u);
    expect(h[0]).toMatchObject({
      order_id: c.order.id,
      status: 'succeeded',
      months: 6,
      card: { brand: 'visa', last4: '4242' },
    });

    const res = await api('GET', `/invoices/${inv.id}/pdf`, u);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="factura-${inv.code}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const s of [
      'FACTURĂ',
      `Seria GRL nr. ${String(inv.number).padStart(6, '0')}`,
      'Furnizor',
      'Cumpărător',
      'Grilio Educație SRL',
      'CIF: RO18547290',
      'J40/2345/2021',
      company.name,
      'RO14399840',
      'Str. Mărășești nr. 4',
      'Total de plată',
      'TVA (21%)',
      'Abonament Premium, 6 luni',
    ])
      expect(text, s).toContain(s);

    const other = await person();
    const stranger = await api('GET', `/invoices/${inv.id}/pdf`, other);
    expect(stranger.statusCode).toBe(404);
    expect(codeOf(stranger)).toBe('FORM_INVOICE_NOT_FOUND');
    expect((await api('GET', `/invoices/${inv.id}/efactura`, other)).statusCode).toBe(404);
    expect((await api('GET', '/invoices/999999999/pdf', u)).statusCode).toBe(404);
    const bad = await api('GET', '/invoices/abc/pdf', u);
    expect([404, 422]).toContain(bad.statusCode);
    expect(codeOf(bad)).toBe('FORM_INVOICE_NOT_FOUND');
    expect(await history(other)).toEqual([]);
    const admin = await person(undefined, true);
    expect((await api('GET', `/invoices/${inv.id}/pdf`, admin)).statusCode).toBe(200);
  });
});

describe('storno', () => {
  it('only an admin; negative amounts naming the original; premium ends; once only; never of a storno', async () => {
    const u = await person();
    const c = await pay(u, 1);
    const inv = await invoiceOf(u, c.order.id);
    expect((await api('GET', '/user', u)).json().user.remaining_premium_days).toBeGreaterThan(0);
    const refused = await api('POST', `/admin/invoices/${inv.id}/storno`, u);
    expect(refused.statusCode).toBe(403);

    const admin = await person(undefined, true);
    const res = await api('POST', `/admin/invoices/${inv.id}/storno`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().invoice as InvoiceView;
    expect(res.json().success).toBe('INVOICE_VOIDED');
    expect(s).toMatchObject({
      kind: 'storno',
      storno_of: inv.id,
      order_id: c.order.id,
      total_bani: -inv.total_bani,
      base_bani: -inv.base_bani,
      vat_bani: -inv.vat_bani,
    });
    expect(s.number).toBeGreaterThan(inv.number);
    expect((await api('GET', '/user', u)).json().user.remaining_premium_days).toBe(-1);

    const items = (await history(u)).find((p) => p.order_id === c.order.id)!.invoices;
    expect(items.map((i) => i.kind)).toEqual(['invoice', 'storno']);
    expect(items[0]!.storno_id).toBe(s.id);
    const pdf = await api('GET', `/invoices/${s.id}/pdf`, u);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('FACTURĂ DE STORNARE');
    expect(text).toContain(`Stornează factura ${inv.code}`);
    expect(text).toContain('Total de restituit');

    const twice = await api('POST', `/admin/invoices/${inv.id}/storno`, admin);
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('FORM_INVOICE_ALREADY_VOIDED');
    const ofStorno = await api('POST', `/admin/invoices/${s.id}/storno`, admin);
    expect(ofStorno.statusCode).toBe(422);
    expect(codeOf(ofStorno)).toBe('FORM_INVOICE_NOT_VOIDABLE');
    expect((await api('POST', '/admin/invoices/999999999/storno', admin)).statusCode).toBe(404);
  });

  it('an invoice older than the allowed days cannot be voided (FORM_OLD_INVOICE_CANNOT_BE_VOIDED)', async () => {
    const u = await person();
    const c = await pay(u, 1);
    const inv = await invoiceOf(u, c.order.id);
    await t.db.query(`update invoices set issued_at = now() - interval '15 days' where id = $1`, [inv.id]);
    const admin = await person(undefined, true);
    const res = await api('POST', `/admin/invoices/${inv.id}/storno`, admin);
    expect(res.statusCode).toBe(422);
    expect(codeOf(res)).toBe('FORM_OLD_INVOICE_CANNOT_BE_VOIDED');
    expect(
      (await t.db.one<{ n: number }>('select count(*)::int as n from invoices where storno_of = $1', [
        inv.id,
      ]))!.n,
    ).toBe(0);
  });
});

describe('the admin invoice book', () => {
  it('lists every invoice newest first with buyer and email, searches, pages, and says which can be voided', async () => {
    // A premium account cannot pay again: two accounts of one (unique) name.
    const name = `Ioana Registru ${randomUUID().slice(0, 8)}`;
    const [u1, u2] = [await person(name), await person(name)];
    const emailOf = async (u: U) => (await t.db.one<{ email: string }>('select email from users where id = $1', [u.id]))!.email;
    const first = await invoiceOf(u1, (await pay(u1, 1)).order.id);
    const second = await invoiceOf(u2, (await pay(u2, 1)).order.id);
    const admin = await person(undefined, true);
    await t.db.query(`update invoices set issued_at = now() - interval '15 days' where id = $1`, [first.id]);
    const search = async (q: string, before?: number) => {
      const res = await api('GET', `/admin/invoices?q=${encodeURIComponent(q)}${before ? `&before=${before}` : ''}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminInvoicesResponse;
    };

    const book = await search(name);
    expect(book.invoices.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(book.invoices[0]).toMatchObject({ buyer_name: name, user_email: await emailOf(u2), voidable: true, code: second.code });
    expect(book.invoices[1]!.voidable).toBe(false); // 15 days old, the limit is 14
    expect(book.void_max_days).toBe(14);

    // By the account's email and by the printed code; LIKE's own characters match literally.
    expect((await search(await emailOf(u1))).invoices.map((i) => i.id)).toEqual([first.id]);
    expect((await search(second.code)).invoices.map((i) => i.id)).toEqual([second.id]);
    expect((await search('%%')).invoices).toEqual([]);

    // After a storno the invoice is no longer voidable and its storno is listed first.
    expect((await api('POST', `/admin/invoices/${second.id}/storno`, admin)).statusCode).toBe(200);
    expect((await search(name)).invoices.map((i) => [i.kind, i.voidable])).toEqual([
      ['storno', false],
      ['invoice', false],
      ['invoice', false],
    ]);

    // Pages of 50 by id: 51 invoices give a full page and a cursor to the last one.
    const many = `Cumpărător Pagini ${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 51; i++) await pay(await person(many), 1);
    const p1 = await search(many);
    expect(p1.invoices).toHaveLength(50);
    expect(p1.next_before).toBe(p1.invoices[49]!.id);
    const p2 = await search(many, p1.next_before!);
    expect(p2.invoices).toHaveLength(1);
    expect(p2.invoices[0]!.id).toBeLessThan(p1.next_before!);
    expect(p2.next_before).toBeNull();
  });

  it('is for admins only and bounds its input', async () => {
    const u = await person();
    expect((await api('GET', '/admin/invoices', u)).statusCode).toBe(403);
    const admin = await person(undefined, true);
    for (const url of ['/admin/invoices?before=0', '/admin/invoices?before=99999999999', `/admin/invoices?q=${'x'.repeat(101)}`, '/admin/invoices?q=%00']) {
      const res = await api('GET', url, admin);
      expect(res.statusCode, url).toBe(422);
    }
  });
});

/** Every opened element is closed in order (no parser in the project; this is what matters here). */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  for (const m of xml.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
    if (m[3]) continue;
    if (!m[1]) stack.push(m[2]!);
    else if (stack.pop() !== m[2]) return false;
  }
  return stack.length === 0;
}

describe('e-Factura XML (UBL 2.1, CIUS-RO)', () => {
  it('has the CIUS-RO customisation, both parties, the VAT breakdown and totals that add up', async () => {
    const u = await person();
    await api('PUT', '/user/billing', u, company);
    const c = await pay(u, 12);
    const inv = await invoiceOf(u, c.order.id);
    const res = await api('GET', `/invoices/${inv.id}/efactura`, u);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(wellFormed(xml)).toBe(true);
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(xml).toContain(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID>',
    );
    expect(xml).toContain(`<cbc:ID>${inv.code}</cbc:ID>`);
    expect(xml).toMatch(/<cbc:IssueDate>\d{4}-\d{2}-\d{2}<\/cbc:IssueDate>/);
    expect(xml).toContain('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>');
    // The seller is in București, Sector 1: CIUS-RO's SECTORn.
    expect(xml.slice(xml.indexOf('<cac:AccountingSupplierParty>'), xml.indexOf('</cac:AccountingSupplierParty>'))).toContain(
      '<cbc:CityName>SECTOR1</cbc:CityName>',
    );
    // UBL's element order: the schema refuses the document otherwise.
    const order = [
      'cbc:CustomizationID',
      'cbc:ID',
      'cbc:IssueDate',
      'cbc:InvoiceTypeCode',
      'cbc:DocumentCurrencyCode',
      'cac:AccountingSupplierParty',
      'cac:AccountingCustomerParty',
      'cac:PaymentMeans',
      'cac:TaxTotal',
      'cac:LegalMonetaryTotal',
      'cac:InvoiceLine',
    ];
    const at = order.map((tag) => xml.indexOf(`<${tag}>`));
    expect(at.every((p) => p > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const supplier = xml.slice(
      xml.indexOf('<cac:AccountingSupplierParty>'),
      xml.indexOf('</cac:AccountingSupplierParty>'),
    );
    expect(supplier).toContain('<cbc:CompanyID>RO18547290</cbc:CompanyID>');
    expect(supplier).toContain('<cbc:CountrySubentity>RO-B</cbc:CountrySubentity>');
    const customer = xml.slice(
      xml.indexOf('<cac:AccountingCustomerParty>'),
      xml.indexOf('</cac:AccountingCustomerParty>'),
    );
    expect(customer).toContain(`<cbc:RegistrationName>${company.name}</cbc:RegistrationName>`);
    expect(customer).toContain('<cbc:CompanyID>RO14399840</cbc:CompanyID>');
    expect(customer).toContain('<cbc:CountrySubentity>RO-IS</cbc:CountrySubentity>');
    const amt = (b: number) => (b / 100).toFixed(2);
    expect(xml).toContain(
      `<cbc:TaxableAmount currencyID="RON">${amt(inv.base_bani)}</cbc:TaxableAmount><cbc:TaxAmount currencyID="RON">${amt(inv.vat_bani)}</cbc:TaxAmount>`,
    );
    expect(xml).toContain(
      `<cbc:TaxInclusiveAmount currencyID="RON">${amt(inv.total_bani)}</cbc:TaxInclusiveAmount>`,
    );
    expect(xml).toContain('<cbc:Percent>21</cbc:Percent>');
  });

  it('a person buyer (B2C) carries the 13-zero identifier', async () => {
    const u = await person('Ionescu Mara');
    const c = await pay(u);
    const inv = await invoiceOf(u, c.order.id);
    const xml = (await api('GET', `/invoices/${inv.id}/efactura`, u)).body;
    const customer = xml.slice(
      xml.indexOf('<cac:AccountingCustomerParty>'),
      xml.indexOf('</cac:AccountingCustomerParty>'),
    );
    expect(customer).toContain('<cbc:CompanyID>0000000000000</cbc:CompanyID>');
    expect(customer).not.toContain('cac:PartyTaxScheme');
  });

  it('a Bucharest buyer is asked for the sector, and the XML names it SECTORn (CIUS-RO BR-RO-100)', async () => {
    const u = await person();
    const bucharest = { ...company, city: 'București', county: 'București' };
    const refused = await api('PUT', '/user/billing', u, bucharest);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.city).toEqual(['FORM_BUCHAREST_SECTOR_REQUIRED']);
    const saved = await api('PUT', '/user/billing', u, { ...bucharest, city: 'sector3' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().billing.city).toBe('Sector 3');
    const inv = await invoiceOf(u, (await pay(u)).order.id);
    const xml = (await api('GET', `/invoices/${inv.id}/efactura`, u)).body;
    const customer = xml.slice(xml.indexOf('<cac:AccountingCustomerParty>'), xml.indexOf('</cac:AccountingCustomerParty>'));
    expect(customer).toContain('<cbc:CityName>SECTOR3</cbc:CityName>');
    expect(customer).toContain('<cbc:CountrySubentity>RO-B</cbc:CountrySubentity>');
  });
});

describe('seller settings', () => {
  it('refuse a CIF with a wrong check digit, and real payments in production without the seller', async () => {
    const { loadConfig } = await import('../../server/config.ts');
    expect(() => loadConfig({}, { INVOICE_SELLER_CIF: 'RO18547291' })).toThrow(/INVOICE_SELLER_CIF/);
    expect(() => loadConfig({}, { INVOICE_SELLER_REG_NO: 'J40-1-2020' })).toThrow(/INVOICE_SELLER_REG_NO/);
    const prod = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };
    expect(() => loadConfig({}, prod)).toThrow(
      /INVOICE_SELLER_CIF: required with card payments in production/,
    );
    const seller = {
      INVOICE_SELLER_NAME: 'Firma SRL',
      INVOICE_SELLER_CIF: 'ro 18547290',
      INVOICE_SELLER_REG_NO: 'J40/2345/2021',
      INVOICE_SELLER_ADDRESS: 'Str. A 1',
      INVOICE_SELLER_CITY: 'București',
    };
    expect(loadConfig({}, { ...prod, ...seller }).INVOICE_SELLER_CIF).toBe('RO18547290');
    // In București the locality on an e-Factura is the sector.
    expect(() => loadConfig({}, { ...prod, ...seller, INVOICE_SELLER_COUNTY: 'București' })).toThrow(/INVOICE_SELLER_CITY: in București, the sector/);
    expect(loadConfig({}, { ...prod, ...seller, INVOICE_SELLER_COUNTY: 'București', INVOICE_SELLER_CITY: 'Sector 1' }).INVOICE_SELLER_CITY).toBe('Sector 1');
    // The sandbox hands out no real invoices: no seller needed there.
    expect(() => loadConfig({}, { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' })).not.toThrow();
  });
});

describe('concurrent storno', () => {
  it('two admins cancelling the same invoice at once make one storno', async () => {
    const u = await person();
    const c = await pay(u);
    const inv = await invoiceOf(u, c.order.id);
    const admin = await person(undefined, true);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', `/admin/invoices/${inv.id}/storno`, admin)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(
      (await t.db.one<{ n: number }>('select count(*)::int as n from invoices where storno_of = $1', [
        inv.id,
      ]))!.n,
    ).toBe(1);
  });
});

describe('an account deleted', () => {
  it('takes its orders but leaves its invoices, with the buyer they were issued to', async () => {
    const u = await person('Ștefănescu Ana');
    const c = await pay(u);
    const inv = await invoiceOf(u, c.order.id);
    await t.db.query('delete from users where id = $1', [u.id]);
    const row = await t.db.one<{
      user_id: number | null;
      order_id: number | null;
      buyer: { name: string };
      number: number;
    }>('select user_id, order_id, buyer, number from invoices where id = $1', [inv.id]);
    expect(row).toMatchObject({
      user_id: null,
      order_id: null,
      buyer: { name: 'Ștefănescu Ana' },
      number: inv.number,
    });
  });
});

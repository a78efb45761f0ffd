// The official e-Factura validator (issue 23 §2) on the XML of every kind of invoice, made through
// the app as a user would make them: paid orders of a person with and without billing data, a
// company, a București sector, a coupon, a storno, a foreign company, under the seller settings a
// deployment may have (VAT payer in București with share capital and IBAN; not a VAT payer, in a
// county). The validator is ../shared/efactura/validate.sh (UBL 2.1 XSD, CEN EN 16931 1.3.16, ANAF
// CIUS-RO 1.0.9), kept outside the repository: without it or without Java the check is skipped,
// saying why. All files go to ONE call (most of its ~25 s is the JVM and the stylesheets).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextIp } from './fixtures/auth.ts';
import { loadConfig } from '../../server/config.ts';
import { sellerOf } from '../../server/modules/invoices/service.ts';
import { writeSettings } from '../../server/modules/invoices/queries.ts';
import type { CheckoutResponse, PremiumPackage } from '../../src/shared/payment-payloads.ts';
import type { InvoiceView, PaymentHistoryItem } from '../../src/shared/invoice-payloads.ts';
import { TEST_SELLER } from '../test-seller.ts';
import { lacks } from '../needs-tool.ts';

const VALIDATOR = resolve(import.meta.dirname, '../../../shared/efactura/validate.sh');
const run = promisify(execFile);

async function unavailable(): Promise<string | null> {
  if (!existsSync(VALIDATOR)) return `${VALIDATOR} is absent (../shared is not beside the repository)`;
  try {
    await run('java', ['-version']);
    await run('xmllint', ['--version']);
  } catch {
    return 'java or xmllint is not installed (apt-get install default-jre-headless libsaxonhe-java libxml2-utils)';
  }
  if (!existsSync(process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar')) return 'Saxon HE is not installed (libsaxonhe-java)';
  return null;
}

type U = { id: number; auth: { authorization: string } };
let t: TestApp;
let packages: PremiumPackage[];
let dir: string;
let skipReason: string | null;

const VAT_SELLER = {
  ...TEST_SELLER,
  INVOICE_SELLER_IBAN: 'RO49AAAA1B31007593840000',
  INVOICE_SELLER_SHARE_CAPITAL: '200 lei',
};
/** A small company not registered for VAT: its CIF has no RO prefix. */
const NON_VAT_SELLER = {
  INVOICE_SELLER_NAME: 'Grile Mici SRL',
  INVOICE_SELLER_CIF: '18547290',
  INVOICE_SELLER_REG_NO: 'J12/345/2022',
  INVOICE_SELLER_ADDRESS: 'Str. Memorandumului nr. 2',
  INVOICE_SELLER_CITY: 'Cluj-Napoca',
  INVOICE_SELLER_COUNTY: 'Cluj',
};

const api = (method: 'GET' | 'POST' | 'PUT', url: string, u?: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

async function person(name = 'Ionescu Mara', admin = false): Promise<U> {
  const u = await createUser(t.db, { password: null, is_admin: admin, name });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}

async function pay(u: U, months = 1, coupon_code?: string): Promise<number> {
  const pkg = packages.find((p) => p.months === months)!;
  const res = await api('POST', '/payments/checkout', u, { package_id: pkg.id, idempotency_key: randomUUID(), ...(coupon_code ? { coupon_code } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const c = res.json() as CheckoutResponse;
  const ok = await api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
    client_secret: c.payment!.client_secret,
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    cvc: '123',
  });
  expect(ok.statusCode, ok.body).toBe(200);
  const history = (await api('GET', '/invoices', u)).json().payments as PaymentHistoryItem[];
  return history.find((p) => p.order_id === c.order.id)!.invoices.find((i) => i.kind === 'invoice')!.id;
}

/** The invoice's e-Factura XML as its owner downloads it, written to `name`.xml. */
async function save(u: U, id: number, name: string): Promise<string> {
  const res = await api('GET', `/invoices/${id}/efactura`, u);
  expect(res.statusCode, res.body).toBe(200);
  writeFileSync(join(dir, `${name}.xml`), res.body);
  return res.body;
}

async function useSeller(env: Record<string, string>) {
  await writeSettings(t.db, 'GRL', sellerOf(loadConfig({}, { NODE_ENV: 'test', ...env })));
}

const billing = {
  person: { kind: 'person', name: 'Ștefănescu Ioana', address: 'Str. Lungă nr. 1', city: 'Brașov', county: 'Brașov', country: 'RO' },
  company: {
    kind: 'company',
    name: 'Științe Aplicate Țării SRL',
    address: 'Str. Mărășești nr. 4',
    city: 'Iași',
    county: 'Iași',
    country: 'RO',
    cif: 'RO14399840',
    reg_no: 'J22/1234/2020',
  },
  companyNoVat: {
    kind: 'company',
    name: 'Meditații Ionescu SRL',
    address: 'Str. Unirii nr. 9',
    city: 'Craiova',
    county: 'Dolj',
    country: 'RO',
    cif: '14399840',
    reg_no: 'J16/99/2019',
  },
  bucharest: { kind: 'person', name: 'Popa Andrei', address: 'Calea Moșilor nr. 120', city: 'Sector 2', county: 'București', country: 'RO' },
  foreign: { kind: 'company', name: 'Lernen GmbH', address: 'Hauptstraße 5', city: 'München', county: 'Bayern', country: 'DE', cif: 'DE123456789' },
};

beforeAll(async () => {
  skipReason = await unavailable();
  t = await createTestApp(VAT_SELLER);
  packages = (await api('GET', '/packages')).json().packages;
  dir = mkdtempSync(join(tmpdir(), 'efactura-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('e-Factura XML of every kind of invoice', () => {
  it('a seller without the RO prefix charges no VAT: rate 0, the price paid is the base, category O, no VAT id', async () => {
    await useSeller(NON_VAT_SELLER);
    try {
      const u = await person();
      await api('PUT', '/user/billing', u, billing.company);
      const id = await pay(u, 3);
      const inv = (await api('GET', '/invoices', u)).json().payments[0].invoices[0] as InvoiceView;
      expect(inv).toMatchObject({ id, vat_percent: 0, vat_bani: 0, base_bani: inv.total_bani });
      const xml = (await api('GET', `/invoices/${id}/efactura`, u)).body;
      expect(xml).not.toContain('<cbc:ID>S</cbc:ID>');
      expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>');
      expect(xml).not.toContain('cac:PartyTaxScheme');
    } finally {
      await useSeller(VAT_SELLER);
    }
  });

  it('a buyer who never gave an address still has one: the street says so, the locality is the seller\'s', async () => {
    const u = await person('Țepeș Vlad');
    const xml = await save(u, await pay(u), 'probe');
    const customer = xml.slice(xml.indexOf('<cac:AccountingCustomerParty>'), xml.indexOf('</cac:AccountingCustomerParty>'));
    expect(customer).toContain('<cbc:StreetName>Adresă necomunicată</cbc:StreetName>');
    expect(customer).toContain('<cbc:CityName>SECTOR1</cbc:CityName>');
    expect(customer).toContain('<cbc:CountrySubentity>RO-B</cbc:CountrySubentity>');
  });

  it('the period paid for and the unit are in the XML', async () => {
    const u = await person();
    const id = await pay(u, 6);
    const inv = (await api('GET', '/invoices', u)).json().payments[0].invoices[0] as InvoiceView;
    const sub = await t.db.one<{ s: string; e: string }>(
      `select to_char(period_start at time zone 'Europe/Bucharest', 'YYYY-MM-DD') as s,
              to_char(period_end at time zone 'Europe/Bucharest', 'YYYY-MM-DD') as e
         from subscriptions where order_id = (select order_id from invoices where id = $1)`,
      [id],
    );
    expect(inv.period_start).not.toBeNull();
    const xml = (await api('GET', `/invoices/${id}/efactura`, u)).body;
    expect(xml).toContain(`<cac:InvoicePeriod><cbc:StartDate>${sub!.s}</cbc:StartDate><cbc:EndDate>${sub!.e}</cbc:EndDate></cac:InvoicePeriod>`);
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>');
  });

  it('pass the official validator (UBL 2.1 XSD, EN 16931, CIUS-RO): every kind, every seller setting', { timeout: 400_000 }, async (ctx) => {
    if (lacks('the official e-Factura validator', !skipReason, skipReason ?? '')) {
      ctx.skip();
      return;
    }
    const admin = await person('Admin Contabil', true);
    const names: string[] = [];
    const made = async (name: string, body: object | null, months = 1, coupon?: string) => {
      const u = await person(`Cumpărător ${name}`);
      if (body) expect((await api('PUT', '/user/billing', u, body)).statusCode).toBe(200);
      const id = await pay(u, months, coupon);
      await save(u, id, name);
      names.push(name);
      return { u, id };
    };
    const storno = async (name: string, of: { u: U; id: number }) => {
      const res = await api('POST', `/admin/invoices/${of.id}/storno`, admin);
      expect(res.statusCode, res.body).toBe(200);
      await save(of.u, res.json().invoice.id, name);
      names.push(name);
    };

    // A VAT payer in București, with share capital and IBAN.
    await made('vat-person-no-billing', null);
    await made('vat-person', billing.person, 3);
    const company = await made('vat-company', billing.company, 12);
    await made('vat-bucharest-sector', billing.bucharest, 6);
    await made('vat-foreign-company', billing.foreign);
    const code = `EFACT-${randomUUID().slice(0, 6).toUpperCase()}`;
    await t.db.query(`insert into coupons (code, kind, percent_off) values ($1, 'percent', 30)`, [code]);
    await made('vat-coupon', billing.person, 12, code);
    await storno('vat-storno', company);

    // Not a VAT payer, in a county; nothing optional set.
    await useSeller(NON_VAT_SELLER);
    try {
      await made('novat-person-no-billing', null);
      const nv = await made('novat-company', billing.company, 3);
      await made('novat-company-without-vat-id', billing.companyNoVat);
      await made('novat-foreign-company', billing.foreign);
      await storno('novat-storno', nv);
    } finally {
      await useSeller(VAT_SELLER);
    }

    const files = names.map((n) => join(dir, `${n}.xml`));
    const out = await run(VALIDATOR, files, { maxBuffer: 16 * 1024 * 1024 }).then(
      (r) => ({ code: 0, text: r.stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, text: `${e.stdout}\n${e.stderr}` }),
    );
    // Each file: the XSD passed, no fatal rule on either schematron layer.
    for (const f of files) {
      const section = out.text.slice(out.text.indexOf(`== ${f} `)).split('\n== ')[0]!;
      expect(section, section).toContain('XSD UBL 2.1: ok');
      expect(section, section).toContain('EN16931 (CEN 1.3.16): 0 fatal');
      expect(section, section).toContain('CIUS-RO (ANAF 1.0.9): 0 fatal');
    }
    expect(out.text).toContain(`EFACTURA: files=${files.length} xsd_fail=0 fatal=0`);
    expect(out.code, out.text).toBe(0);
  });
});

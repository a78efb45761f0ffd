// The printed invoice an accountant reads (issue 23 §2): the service period paid for, the seller's
// share capital (INVOICE_SELLER_SHARE_CAPITAL), a subscription as the unit; a seller not registered
// for VAT prints no VAT; a buyer without an address is said to be so; the storno says the refund is
// made at the card processor, and the buyer is notified of it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextIp } from './fixtures/auth.ts';
import { loadConfig } from '../../server/config.ts';
import { sellerOf } from '../../server/modules/invoices/service.ts';
import { writeSettings } from '../../server/modules/invoices/queries.ts';
import { roDate } from '../../server/modules/invoices/pdf.ts';
import type { CheckoutResponse, PremiumPackage } from '../../src/shared/payment-payloads.ts';
import type { InvoiceView, PaymentHistoryItem } from '../../src/shared/invoice-payloads.ts';
import type { NotificationPayload } from '../../src/shared/notification-payloads.ts';
import { TEST_SELLER } from '../test-seller.ts';

type U = { id: number; auth: { authorization: string } };
let t: TestApp;
let packages: PremiumPackage[];

const SELLER = {
  ...TEST_SELLER,
  INVOICE_SELLER_SHARE_CAPITAL: '45.000 lei',
};
const api = (method: 'GET' | 'POST' | 'PUT', url: string, u?: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
async function person(name = 'Ionescu Mara', admin = false): Promise<U> {
  const u = await createUser(t.db, { password: null, is_admin: admin, name });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}
async function pay(u: U, months = 1): Promise<InvoiceView> {
  const res = await api('POST', '/payments/checkout', u, { package_id: packages.find((p) => p.months === months)!.id, idempotency_key: randomUUID() });
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
  return history.find((p) => p.order_id === c.order.id)!.invoices.find((i) => i.kind === 'invoice')!;
}
async function pdfText(u: U, id: number): Promise<string> {
  const res = await api('GET', `/invoices/${id}/pdf`, u);
  expect(res.statusCode).toBe(200);
  return (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
}
const useSeller = (env: Record<string, string>) => writeSettings(t.db, 'GRL', sellerOf(loadConfig({}, { NODE_ENV: 'test', ...env })));

beforeAll(async () => {
  t = await createTestApp(SELLER);
  packages = (await api('GET', '/packages')).json().packages;
});
afterAll(() => t.close());

describe('the invoice PDF', () => {
  it('prints the service period paid for, the share capital and the unit; a buyer without address is said to be so', async () => {
    const u = await person();
    const inv = await pay(u, 3);
    const sub = await t.db.one<{ period_start: Date; period_end: Date }>(
      'select s.period_start, s.period_end from subscriptions s join invoices i on i.order_id = s.order_id where i.id = $1',
      [inv.id],
    );
    expect(inv.period_start).toBe(new Date(sub!.period_start).toISOString());
    expect(inv.period_end).toBe(new Date(sub!.period_end).toISOString());
    const text = await pdfText(u, inv.id);
    expect(text).toContain(`Perioada serviciului: ${roDate(inv.period_start!)} – ${roDate(inv.period_end!)}`);
    expect(text).toContain('Capital social: 45.000 lei');
    expect(text, text).toContain('abonament');
    expect(text).not.toContain('buc.');
    expect(text).toContain('Adresă necomunicată');
    expect(text).toContain('Plătitor de TVA');
  });

  it('a seller without the RO prefix: no VAT charged or printed, the total is what was paid', async () => {
    await useSeller({ ...SELLER, INVOICE_SELLER_CIF: '18547290' });
    try {
      const u = await person();
      await api('PUT', '/user/billing', u, { kind: 'person', name: 'Ionescu Mara', address: 'Str. Lungă 1', city: 'Brașov', county: 'Brașov', country: 'RO' });
      const inv = await pay(u, 1);
      expect(inv).toMatchObject({ vat_percent: 0, vat_bani: 0, base_bani: packages.find((p) => p.months === 1)!.price_bani });
      const text = await pdfText(u, inv.id);
      expect(text).toContain('Neînregistrat în scopuri de TVA');
      expect(text).toContain('Furnizorul nu este înregistrat în scopuri de TVA: factura nu conține TVA.');
      expect(text).not.toContain('TVA (');
      expect(text).not.toContain('Plătitor de TVA');
      expect(text).not.toContain('Adresă necomunicată');
      // The price list says no VAT is added (PackageList's note reads vat_percent).
      const listed = (await api('GET', '/packages')).json().packages as PremiumPackage[];
      expect(listed.map((p) => p.vat_percent)).toEqual(packages.map(() => 0));
    } finally {
      await useSeller(SELLER);
    }
    expect(((await api('GET', '/packages')).json().packages as PremiumPackage[]).map((p) => p.vat_percent)).toEqual(packages.map(() => 21));
  });
});

describe('the storno', () => {
  it('says the refund is made at the card processor, keeps the period, and the buyer is notified', async () => {
    const u = await person('Ștefănescu Ana');
    const inv = await pay(u, 1);
    const admin = await person('Admin', true);
    const res = await api('POST', `/admin/invoices/${inv.id}/storno`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().invoice as InvoiceView;
    expect(s).toMatchObject({ period_start: inv.period_start, period_end: inv.period_end });

    const text = await pdfText(u, s.id);
    expect(text).toContain('Rambursarea se face prin procesatorul plăților cu cardul');
    expect(text).not.toContain('Suma se restituie pe cardul');

    const feed = (await api('GET', '/notifications', u)).json().notifications as NotificationPayload[];
    const notice = feed.find((n) => n.title === 'Plata ta a fost rambursată');
    expect(notice, JSON.stringify(feed)).toBeDefined();
    expect(notice!.message).toContain(`Factura ${inv.code} a fost stornată prin factura ${s.code}`);
    expect(notice!.message).toContain('49,00 lei se restituie prin procesatorul plăților');
    expect(notice!.link).toBe('/setari/istoric-facturi');
    // Nobody else is told.
    const adminFeed = (await api('GET', '/notifications', admin)).json().notifications as NotificationPayload[];
    expect(adminFeed.some((n) => n.title === 'Plata ta a fost rambursată')).toBe(false);
  });
});

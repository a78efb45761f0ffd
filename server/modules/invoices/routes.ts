// Billing data and invoices (issue 8 §4). Guards run onRequest, so a call without a token is 401
// before its input is read. Invoices themselves are issued by the database when an order is paid
// (migration 016); at every start this module writes the configured seller and series there.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../src/shared/input-rules.ts';
import { billingBody } from '../../../src/shared/billing-rules.ts';
import type { BillingResponse } from '../../../src/shared/invoice-payloads.ts';
import * as q from './queries.ts';
import * as invoices from './service.ts';
import { invoiceXml } from './efactura.ts';
import { adminList } from './admin-service.ts';
import { notify } from '../notifications/notify.ts';
import { adminInvoicesQuery } from '../../../src/shared/invoice-admin-rules.ts';

const tags = ['invoices'];
const security = [{ bearer: [] }];
const params = z.object({ id: idParam('FORM_INVOICE_NOT_FOUND') });
/** PDFs are rendered on request: a bound per user keeps one account from keeping a core busy. */
const DOWNLOAD_RATE = { max: 30, timeWindow: '1 minute' };

const routes: FastifyPluginAsyncZod = async (app) => {
  await q.writeSettings(app.db, app.config.INVOICE_SERIES, invoices.sellerOf(app.config));
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;
  const perUser = {
    rateLimit: {
      ...DOWNLOAD_RATE,
      keyGenerator: (req: { auth?: { id: number } | null; ip: string }) =>
        `invoice:${req.auth?.id ?? req.ip}`,
    },
  };

  app.get(
    '/user/billing',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Datele de facturare ale utilizatorului (null dacă nu le-a completat)',
      },
    },
    async (req): Promise<BillingResponse> => ({ billing: await q.billingOf(app.db, me(req)) }),
  );

  app.put(
    '/user/billing',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        body: billingBody,
        summary:
          'Salvează datele de facturare: persoană fizică sau juridică (CIF verificat cu cifra de control, nr. Reg. Com.)',
      },
    },
    async (req) => invoices.saveBilling(app.db, me(req), req.body),
  );

  app.get(
    '/invoices',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Istoricul plăților (reușite și refuzate), fiecare cu facturile ei',
      },
    },
    async (req) => invoices.list(app.db, me(req)),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: app.authenticate,
      config: perUser,
      schema: {
        tags,
        security,
        params,
        summary: 'Factura în PDF (doar pentru titularul ei sau un administrator)',
      },
    },
    async (req, reply) => {
      const { code, file } = await invoices.pdf(app.db, me(req), req.params.id, req.log);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="factura-${code}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.get(
    '/invoices/:id/efactura',
    {
      onRequest: app.authenticate,
      config: perUser,
      schema: {
        tags,
        security,
        params,
        summary: 'Factura ca XML e-Factura (UBL 2.1, CIUS-RO), de încărcat în SPV',
      },
    },
    async (req, reply) => {
      const inv = await invoices.readFull(app.db, me(req), req.params.id);
      const original = inv.storno_of ? await q.invoiceById(app.db, inv.storno_of) : undefined;
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="efactura-${inv.code}.xml"`)
        .header('cache-control', 'private, no-store')
        .send(
          invoiceXml(
            inv,
            original && {
              code: q.invoiceCode(original.series, original.number),
              issued_at: new Date(original.issued_at).toISOString(),
            },
          ),
        );
    },
  );

  app.get(
    '/admin/invoices',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags,
        security,
        querystring: adminInvoicesQuery,
        summary:
          'Registrul facturilor (administrator): cele mai noi întâi, căutare după cod, cumpărător sau email, câte 50 (before = id-ul ultimei)',
      },
    },
    async (req) => adminList(app.db, req.query, app.config.INVOICE_VOID_MAX_DAYS),
  );

  app.post(
    '/admin/invoices/:id/storno',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags,
        security,
        params,
        summary:
          'Stornează o factură (rambursare): factură de stornare cu sume negative, perioada Premium plătită se încheie, cumpărătorul primește o notificare',
      },
    },
    async (req) =>
      invoices.storno(app.db, req.params.id, app.config.INVOICE_VOID_MAX_DAYS, Date.now(), (userId, n) =>
        // The storno stands (committed); a notice that could not be stored is only logged.
        notify(app, userId, n).catch((err: unknown) => req.log.error({ err, userId }, 'storno notice not stored')),
      ),
  );
};

export default routes;

// Paper answer sheets (issue 9 §3): the printable sheet and question booklet of a simulation, photo uploads queued for
// the OMR worker, the reading and the confirmation of its uncertain rows. Authentication comes
// first; uploads and prints are rate-limited per user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmScanBody, scanIdParams, type ScanGraded, type ScanList, type ScanQueued } from '../../../src/shared/scan-schema.ts';
import { simulationIdParams } from '../../../src/shared/simulation-schema.ts';
import { confirmScan, getScan, listScans, sheetPdf, uploadScan } from './service.ts';
import { readScanImages } from './upload.ts';
import { bookletPdf } from './booklet.ts';
import { startScanQueue, type ScanQueue } from './queue.ts';
import { scanJob } from './worker.ts';
import { closeSheetPool, setSheetPoolSize } from './omr/pool.ts';

const perUser = (name: string, max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `${name}:${req.auth?.id ?? req.ip}` },
});
/** A candidate photographs a sheet a few times at most; more is a script filling the queue. */
export const SCAN_UPLOAD_RATE = 10;
/** Printing renders a PDF: a few a minute. */
export const SHEET_PRINT_RATE = 10;
export const SCAN_READ_RATE = 240;

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['scans'];
  const security = [{ bearer: [] }];
  // A reading process starts the queue with the app; any other starts it on its first upload.
  let queue: Promise<ScanQueue> | null = null;
  const theQueue = () => (queue ??= startScanQueue(app, app.config.SCAN_WORKER ? scanJob(app) : null));
  setSheetPoolSize(app.config.SCAN_THREADS);
  app.addHook('onReady', async () => {
    if (app.config.SCAN_WORKER) await theQueue();
  });
  app.addHook('onClose', async () => {
    if (queue) await (await queue).stop();
    await closeSheetPool();
  });

  app.get(
    '/simulations/:id/sheet.pdf',
    {
      onRequest: app.authenticate,
      config: perUser('sheet-print', SHEET_PRINT_RATE),
      schema: { tags, security, params: simulationIdParams, description: 'Foaia de răspuns a simulării (PDF A4, cod QR cu id-ul foii).' },
    },
    async (req, reply) => {
      const pdf = await sheetPdf(app, req.auth!.id, req.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="foaie-raspuns-${req.params.id.slice(0, 8)}.pdf"`)
        .send(pdf);
    },
  );
  app.get(
    '/simulations/:id/booklet.pdf',
    {
      onRequest: app.authenticate,
      config: perUser('booklet-print', SHEET_PRINT_RATE),
      schema: {
        tags,
        security,
        params: simulationIdParams,
        description:
          'Caietul cu subiecte al simulării (PDF A4): grilele în ordinea din examen, variantele A–E, centrul și timpul de lucru, pagini numerotate; fără barem. Aceleași reguli de acces ca foaia de răspuns.',
      },
    },
    async (req, reply) => {
      const pdf = await bookletPdf(app, req.auth!.id, req.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="subiecte-${req.params.id.slice(0, 8)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  app.post(
    '/simulations/:id/scans',
    {
      onRequest: app.authenticate,
      config: perUser('scan-upload', SCAN_UPLOAD_RATE),
      schema: {
        tags,
        security,
        params: simulationIdParams,
        consumes: ['multipart/form-data'],
        description: 'Fotografii ale foii completate (câmpuri „images”, png/jpg, cel mult 20 MB fiecare, cel mult 4): puse în coadă, citite de worker.',
      },
    },
    async (req, reply) => {
      const images = await readScanImages(req);
      const scan = await uploadScan(app, req.auth!.id, req.params.id, images, async (id) => (await theQueue()).send(id));
      return reply.code(202).send({ success: 'SCAN_QUEUED', scan } satisfies ScanQueued);
    },
  );
  app.get(
    '/simulations/:id/scans',
    { onRequest: app.authenticate, config: perUser('scan-read', SCAN_READ_RATE), schema: { tags, security, params: simulationIdParams } },
    async (req): Promise<ScanList> => listScans(app.db, req.auth!.id, req.params.id),
  );
  app.get(
    '/scans/:id',
    { onRequest: app.authenticate, config: perUser('scan-read', SCAN_READ_RATE), schema: { tags, security, params: scanIdParams } },
    async (req) => ({ scan: await getScan(app.db, req.auth!.id, req.params.id) }),
  );
  app.post(
    '/scans/:id/confirm',
    {
      onRequest: app.authenticate,
      config: perUser('scan-read', SCAN_READ_RATE),
      schema: { tags, security, params: scanIdParams, body: confirmScanBody, description: 'Deciziile pentru rândurile nesigure; foaia este corectată.' },
    },
    async (req) => ({ success: 'SCAN_GRADED', scan: await confirmScan(app, req.auth!.id, req.params.id, req.body) }) satisfies ScanGraded,
  );
};
export default routes;

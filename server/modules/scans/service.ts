// Paper answer sheets for the candidate: print the sheet of a simulation, upload photos of it
// (queued, read by worker.ts), see the reading, confirm the uncertain rows and get the grade.
// Every scan and sheet belongs to one candidate: another's is 404, never 403 (no probing).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { detectImage } from '../../lib/images.ts';
import { SCAN_MIN_GRIDS, type ConfirmScanBody, type ScanList, type ScanPayload } from '../../../src/shared/scan-schema.ts';
import { sheetCodeLabel } from '../../../src/shared/sheet-code.ts';
import { isPremium } from '../practice/engine.ts';
import { UUID_RE } from '../practice/model.ts';
import { profileBySlug } from '../scoring-profiles/service.ts';
import { variantAllowed } from '../simulations/build.ts';
import { windowOf, type SimulationRow } from '../simulations/queries.ts';
import { publishedSimulation } from '../simulations/service.ts';
import { renderSheetPdf } from './omr/sheet-pdf.ts';
import { cropsOf, insertScan, scanById, scansOfSheet, sheetOf, upsertSheet, type ScanRow, type SheetRow } from './queries.ts';
import { gradeScan } from './grade.ts';
import { scanChanged, sheetNoticesDone } from './events.ts';

/**
 * The candidate's sheet for a simulation they may take (published, open or already printed,
 * premium when the paper is, a variant its centre still allows, at least 2 grids).
 */
export async function ensureSheet(
  db: Db,
  userId: number,
  simulationId: string,
): Promise<{ sheet: SheetRow; title: string; centre: string; sim: SimulationRow }> {
  const sim = await publishedSimulation(db, userId, simulationId);
  const existing = await sheetOf(db, userId, simulationId);
  if (!existing) {
    const window = windowOf(sim);
    if (window === 'upcoming') throw conflict('FORM_SIMULATION_NOT_OPEN');
    if (window === 'closed') throw conflict('FORM_SIMULATION_CLOSED');
  }
  if (sim.is_premium && !(await isPremium(db, userId))) throw forbidden('FORM_PREMIUM_CONTENT_ONLY');
  const profile = await profileBySlug(db, sim.profile_slug);
  if (!profile || !variantAllowed(profile, sim.variant)) throw badRequest('FORM_SCAN_VARIANT_INVALID', 'variant');
  const count = (await db.one<{ n: number }>('select count(*)::int as n from simulation_grids where simulation_id = $1', [sim.id]))!.n;
  if (count < SCAN_MIN_GRIDS) throw badRequest('FORM_SCAN_MIN_GRIDS', 'simulation');
  const sheet = existing ?? (await upsertSheet(db, randomUUID(), userId, sim.id, count));
  const centre = await db.one<{ name: string }>('select name from centers where slug = $1', [sim.profile_slug]);
  return { sheet, title: sim.title, centre: centre?.name ?? profile.name, sim };
}

export async function sheetPdf(app: FastifyInstance, userId: number, simulationId: string): Promise<Buffer> {
  const { sheet, title, centre } = await ensureSheet(app.db, userId, simulationId);
  const user = await app.db.one<{ name: string }>('select name from users where id = $1', [userId]);
  return renderSheetPdf({
    sheetId: sheet.id,
    questionCount: sheet.question_count,
    productName: app.config.PRODUCT_NAME,
    title,
    centreName: centre,
    candidateName: user?.name ?? '',
  });
}

/** Photos checked on their bytes (jpeg or png that sharp can open), then the scan queued. */
export async function uploadScan(
  app: FastifyInstance,
  userId: number,
  simulationId: string,
  images: Buffer[],
  enqueue: (scanId: string) => Promise<void>,
): Promise<ScanPayload> {
  const { sheet } = await ensureSheet(app.db, userId, simulationId);
  if (!images.length) throw badRequest('FIELD_REQUIRED', 'images');
  for (const img of images) if (!(await detectImage(img, ['jpeg', 'png']))) throw badRequest('FORM_SCAN_IMAGE_UNREADABLE', 'images');
  const id = randomUUID();
  if (!(await insertScan(app.db, id, sheet, images))) throw conflict('FORM_SCAN_ALREADY_PROCESSING');
  await enqueue(id);
  await scanChanged(app, id, false);
  return serializeScan(app.db, (await scanById(app.db, id))!);
}

async function ownScan(db: Db, userId: number, id: string): Promise<ScanRow> {
  const scan = UUID_RE.test(id) ? await scanById(db, id) : undefined;
  if (!scan || scan.user_id !== userId) throw notFound('FORM_SCAN_NOT_FOUND');
  return scan;
}

export async function serializeScan(db: Db, s: ScanRow): Promise<ScanPayload> {
  const crops = s.status === 'review' ? await cropsOf(db, s.id) : new Map<number, Uint8Array>();
  return {
    id: s.id,
    sheet_id: s.sheet_id,
    simulation_id: s.simulation_id,
    status: s.status,
    error_code: s.error_code,
    image_count: s.image_count,
    created_at: new Date(s.created_at).toISOString(),
    read_at: s.read_at ? new Date(s.read_at).toISOString() : null,
    rows:
      s.reading?.map((q) => {
        const jpeg = crops.get(q.n);
        return {
          n: q.n,
          marked: q.marked,
          uncertain: q.uncertain,
          crop: jpeg ? `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}` : null,
        };
      }) ?? null,
    test_id: s.test_id,
  };
}

export async function getScan(db: Db, userId: number, id: string): Promise<ScanPayload> {
  return serializeScan(db, await ownScan(db, userId, id));
}

/**
 * The candidate's sheet of a simulation (its short code, as printed: null before the first print)
 * and its scans, newest first.
 */
export async function listScans(db: Db, userId: number, simulationId: string): Promise<ScanList> {
  await publishedSimulation(db, userId, simulationId);
  const sheet = await sheetOf(db, userId, simulationId);
  if (!sheet) return { sheet: null, scans: [] };
  const scans = await Promise.all((await scansOfSheet(db, sheet.id)).map((s) => serializeScan(db, s)));
  return { sheet: { code: sheetCodeLabel(sheet.id), question_count: sheet.question_count }, scans };
}

export async function confirmScan(app: FastifyInstance, userId: number, id: string, body: ConfirmScanBody): Promise<ScanPayload> {
  const scan = await ownScan(app.db, userId, id);
  if (scan.status !== 'review' || !scan.reading) throw conflict('FORM_SCAN_NOT_IN_REVIEW');
  const decisions = new Map(body.decisions.map((d) => [d.n, d.marked as string[]]));
  const uncertainRows = scan.reading.filter((q) => q.uncertain.length);
  if (uncertainRows.some((q) => !decisions.has(q.n))) throw badRequest('FORM_SCAN_REVIEW_INCOMPLETE', 'decisions');
  if ([...decisions.keys()].some((n) => !uncertainRows.some((q) => q.n === n))) throw badRequest('FIELD_INVALID', 'decisions');
  const marks = new Map(scan.reading.map((q) => [q.n, decisions.get(q.n) ?? (q.marked as string[])]));
  const testId = await gradeScan(app.db, scan, marks);
  if (!testId) throw conflict('FORM_SCAN_NOT_IN_REVIEW');
  await sheetNoticesDone(app, userId, scan.simulation_id);
  await scanChanged(app, id, false);
  return serializeScan(app.db, (await scanById(app.db, id))!);
}


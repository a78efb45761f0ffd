// Reads one queued scan (a pg-boss job, off the request path): every photo through the OpenCV
// worker pool, the readings merged, then either the review (uncertain marks for the candidate to
// confirm) or, with nothing uncertain, the grade at once. The candidate hears of it live and in
// the notification feed. The photos are deleted once read.
import type { FastifyInstance } from 'fastify';
import { readSheetInPool } from './omr/pool.ts';
import type { SheetReading } from './omr/types.ts';
import { claimScan, failScan, scanById, scanImages, sheetById, storeReading, type ScanRow } from './queries.ts';
import { furthestError, mergeReadings } from './merge.ts';
import { gradeScan } from './grade.ts';
import { scanChanged } from './events.ts';

type Read = Extract<SheetReading, { ok: true }>;

async function gridCount(app: FastifyInstance, simulationId: string): Promise<number> {
  const row = await app.db.one<{ n: number }>('select count(*)::int as n from simulation_grids where simulation_id = $1', [simulationId]);
  return row?.n ?? 0;
}

/** Reads a photo with the layout its own QR code names, when that is another sheet with other rows. */
async function readPhoto(app: FastifyInstance, scan: ScanRow, image: Uint8Array): Promise<SheetReading> {
  const first = await readSheetInPool(image, { questionCount: scan.question_count });
  if (!first.ok || !first.sheetId || first.sheetId === scan.sheet_id) return first;
  const named = await sheetById(app.db, first.sheetId);
  if (!named || named.question_count === scan.question_count) return first;
  return readSheetInPool(image, { questionCount: named.question_count });
}

export async function processScan(app: FastifyInstance, scanId: string): Promise<void> {
  if (!(await claimScan(app.db, scanId))) return;
  const scan = (await scanById(app.db, scanId))!;
  const readings: SheetReading[] = [];
  for (const image of await scanImages(app.db, scanId)) readings.push(await readPhoto(app, scan, image));
  const ok = readings.filter((r): r is Read => r.ok);
  if (!ok.length) {
    await failScan(app.db, scanId, furthestError(readings.map((r) => (r.ok ? '' : r.code))));
    return scanChanged(app, scanId);
  }
  const reading = mergeReadings(ok);
  const grids = await gridCount(app, scan.simulation_id);
  if (reading.questions.some((q) => q.n > grids && (q.marked.length || q.uncertain.length))) {
    await failScan(app.db, scanId, 'FORM_SCAN_TOO_MANY_GRIDS');
    return scanChanged(app, scanId);
  }
  const questions = reading.questions.filter((q) => q.n <= grids);
  await storeReading(app.db, scanId, questions, reading.uncertainCrops);
  if (!questions.some((q) => q.uncertain.length)) {
    const read = (await scanById(app.db, scanId))!;
    await gradeScan(app.db, read, new Map(questions.map((q) => [q.n, q.marked])));
  }
  return scanChanged(app, scanId);
}

/** The job handler: an unexpected error fails the scan on the last try, so the candidate is never left waiting. */
export function scanJob(app: FastifyInstance) {
  return async (scanId: string) => {
    try {
      await processScan(app, scanId);
    } catch (err) {
      app.log.error({ err, scanId }, 'scan not read');
      await failScan(app.db, scanId, 'FORM_UNEXPECTED_SERVER_RESPONSE');
      await scanChanged(app, scanId);
    }
  };
}

// Reads one queued scan (a pg-boss job, off the request path): every photo through the OpenCV
// worker pool, each photo's QR code checked against the upload's own sheet (identity.ts: another
// candidate's sheet, the candidate's sheet of another simulation or an unreadable code is refused,
// never graded), the readings merged, then either the review (uncertain marks for the candidate to
// confirm) or, with nothing uncertain, the grade at once. The candidate hears of it live and in
// the notification feed. The photos are deleted once read.
import type { FastifyInstance } from 'fastify';
import { readSheetInPool } from './omr/pool.ts';
import type { SheetReading } from './omr/types.ts';
import { claimScan, failScan, scanById, scanImages, storeReading } from './queries.ts';
import { sheetIdentity, uploadVerdict, wrongSheet, type SheetIdentity } from './identity.ts';
import { furthestError, mergeReadings } from './merge.ts';
import { gradeInTx } from './grade.ts';
import { scanChanged } from './events.ts';

async function gridCount(app: FastifyInstance, simulationId: string): Promise<number> {
  const row = await app.db.one<{ n: number }>('select count(*)::int as n from simulation_grids where simulation_id = $1', [simulationId]);
  return row?.n ?? 0;
}

async function refuse(app: FastifyInstance, scanId: string, code: SheetIdentity, identities: (SheetIdentity | undefined)[]) {
  app.log.info({ scanId, identities }, 'scan refused: not the sheet of this candidate and simulation');
  await failScan(app.db, scanId, code);
  return scanChanged(app, scanId);
}

export async function processScan(app: FastifyInstance, scanId: string): Promise<void> {
  if (!(await claimScan(app.db, scanId))) return;
  const scan = (await scanById(app.db, scanId))!;
  const readings: SheetReading[] = [];
  for (const image of await scanImages(app.db, scanId))
    readings.push(await readSheetInPool(image, { questionCount: scan.question_count }));
  // Whose sheet each photo shows (its QR code) is checked before what is marked on it: a photo
  // of another candidate's sheet, or of another simulation's, refuses the upload even when its
  // marks could not be read (another candidate's blank sheet is theirs, not "no answer marked").
  // A photo whose sheet was not found at all says nothing of whose it is.
  const identities = await Promise.all(
    readings.map((r) => (r.ok || r.sheetId ? sheetIdentity(app.db, scan, r.sheetId ?? null) : undefined)),
  );
  const wrong = wrongSheet(identities);
  if (wrong) return refuse(app, scanId, wrong, identities);
  const read = readings.flatMap((r, i) => (r.ok ? [{ r, identity: identities[i]! }] : []));
  if (!read.length) {
    await failScan(app.db, scanId, furthestError(readings.map((r) => (r.ok ? '' : r.code))));
    return scanChanged(app, scanId);
  }
  // Only the candidate's own sheet of this simulation is ever read as their answers (identity.ts).
  const verdict = uploadVerdict(read.map((x) => x.identity));
  if (verdict !== 'own') return refuse(app, scanId, verdict, identities);
  const reading = mergeReadings(read.filter((x) => x.identity === 'own').map((x) => x.r));
  const grids = await gridCount(app, scan.simulation_id);
  if (reading.questions.some((q) => q.n > grids && (q.marked.length || q.uncertain.length))) {
    await failScan(app.db, scanId, 'FORM_SCAN_TOO_MANY_GRIDS');
    return scanChanged(app, scanId);
  }
  const questions = reading.questions.filter((q) => q.n <= grids);
  // Stored and, with nothing uncertain, graded in one transaction: a sheet that needs no review is
  // never seen in review (a candidate polling then could confirm it while it is being graded).
  await app.db.tx(async (tx) => {
    await storeReading(tx, scanId, questions, reading.uncertainCrops);
    if (!questions.some((q) => q.uncertain.length))
      await gradeInTx(tx, scan, new Map(questions.map((q) => [q.n, q.marked])));
  });
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

// A scan changed state: the live event on the candidate's private channel (the sheet page listens)
// and, once the reading is done, a notification in the feed with the way back.
import type { FastifyInstance } from 'fastify';
import { messageFor } from '../../../src/shared/messages.ro.ts';
import { SCAN_EVENT, sheetPagePath, type ScanEvent } from '../../../src/shared/scan-schema.ts';
import { notify, userChannel, type NotifyInput } from '../notifications/notify.ts';
import { scanById, type ScanRow } from './queries.ts';

const REFUSED = new Set(['FORM_SCAN_WRONG_SHEET_CANDIDATE', 'FORM_SCAN_WRONG_SHEET_SIMULATION', 'FORM_SCAN_SHEET_UNIDENTIFIED']);

async function noticeOf(app: FastifyInstance, scan: ScanRow): Promise<NotifyInput | null> {
  if (scan.status === 'failed')
    return {
      type: 'scan',
      // A sheet that was read but is not the candidate's own for this paper was refused, not unreadable.
      title: REFUSED.has(scan.error_code ?? '') ? 'Foaia de răspuns a fost refuzată' : 'Foaia de răspuns nu a putut fi citită',
      message: messageFor(scan.error_code ?? 'FORM_SCAN_IMAGE_UNREADABLE', app.config.PRODUCT_NAME),
      link: sheetPagePath(scan.simulation_id),
    };
  if (scan.status === 'review') {
    const rows = (scan.reading ?? []).filter((q) => q.uncertain.length).length;
    return {
      type: 'scan',
      title: 'Foaia de răspuns a fost citită',
      message: `Confirmă ${rows === 1 ? 'un rând nesigur' : `${rows} rânduri nesigure`} ca să primești nota.`,
      link: sheetPagePath(scan.simulation_id),
    };
  }
  if (scan.status === 'graded' && scan.test_id) {
    const t = await app.db.one<{ grade: number | null }>('select grade from tests where id = $1', [scan.test_id]);
    return {
      type: 'scan',
      title: 'Foaia de răspuns a fost corectată',
      message: t?.grade != null ? `Nota ta: ${t.grade.toFixed(2).replace('.', ',')}. Vezi rezultatele și clasamentul.` : 'Vezi rezultatele și clasamentul.',
      link: `/teste/${scan.test_id}/rezultate`,
    };
  }
  return null;
}

/**
 * The candidate confirmed the review: the "confirm the uncertain rows" notice (and any earlier
 * "could not be read" one for the same sheet) has been acted upon, so it is marked read rather than
 * left asking for something already done (issue 23 §4). Answers how many were marked.
 */
export async function sheetNoticesDone(app: FastifyInstance, userId: number, simulationId: string): Promise<number> {
  const rows = await app.db.query<{ id: number }>(
    `update notifications set read_at = now()
      where user_id = $1 and type = 'scan' and link = $2 and read_at is null returning id`,
    [userId, sheetPagePath(simulationId)],
  );
  return rows.length;
}

export async function scanChanged(app: FastifyInstance, scanId: string, withNotice = true): Promise<void> {
  const scan = await scanById(app.db, scanId);
  if (!scan) return;
  const event: ScanEvent = { scan_id: scan.id, simulation_id: scan.simulation_id, status: scan.status, error_code: scan.error_code };
  try {
    await app.realtime.trigger(userChannel(scan.user_id), SCAN_EVENT, event);
  } catch (err) {
    app.log.warn({ err, scanId }, 'scan event not delivered');
  }
  if (!withNotice) return;
  try {
    const n = await noticeOf(app, scan);
    if (n) await notify(app, scan.user_id, n);
  } catch (err) {
    app.log.warn({ err, scanId }, 'scan notification not created');
  }
}

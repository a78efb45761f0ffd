// SQL of the scan module: sheets (one per candidate and simulation), scans, their photos and crops.
import type { Db } from '../../db/db.ts';
import type { QuestionReading } from './omr/types.ts';
import type { ScanStatus } from '../../../src/shared/scan-schema.ts';

export type SheetRow = { id: string; user_id: number; simulation_id: string; question_count: number };
export type ScanRow = {
  id: string;
  sheet_id: string;
  user_id: number;
  simulation_id: string;
  question_count: number;
  status: ScanStatus;
  error_code: string | null;
  image_count: number;
  reading: QuestionReading[] | null;
  test_id: string | null;
  created_at: Date;
  read_at: Date | null;
};

const SCAN_COLUMNS = `s.id, s.sheet_id, s.user_id, sh.simulation_id, sh.question_count, s.status, s.error_code,
  s.image_count, s.reading, s.test_id, s.created_at, s.read_at`;

/** The candidate's sheet for a simulation, made on first print (concurrent prints share one). */
export async function upsertSheet(db: Db, id: string, userId: number, simulationId: string, count: number): Promise<SheetRow> {
  await db.query(
    `insert into scan_sheets (id, user_id, simulation_id, question_count) values ($1, $2, $3, $4)
     on conflict (user_id, simulation_id) do nothing`,
    [id, userId, simulationId, count],
  );
  return (await sheetOf(db, userId, simulationId))!;
}

export function sheetOf(db: Db, userId: number, simulationId: string) {
  return db.one<SheetRow>(
    'select id, user_id, simulation_id, question_count from scan_sheets where user_id = $1 and simulation_id = $2',
    [userId, simulationId],
  );
}

export function sheetById(db: Db, id: string) {
  return db.one<SheetRow>('select id, user_id, simulation_id, question_count from scan_sheets where id = $1', [id]);
}

/**
 * A new scan with its photos, or undefined when the sheet already has one in the works (the
 * partial unique index decides, so two uploads at the same moment cannot both pass).
 */
export async function insertScan(db: Db, id: string, sheet: SheetRow, images: Buffer[]): Promise<boolean> {
  return db.tx(async (tx) => {
    const row = await tx.one(
      `insert into scans (id, sheet_id, user_id, image_count) values ($1, $2, $3, $4)
       on conflict (sheet_id) where status in ('queued', 'processing', 'review') do nothing returning id`,
      [id, sheet.id, sheet.user_id, images.length],
    );
    if (!row) return false;
    for (const [i, data] of images.entries())
      await tx.query('insert into scan_images (scan_id, position, data) values ($1, $2, $3)', [id, i + 1, data]);
    return true;
  });
}

export function scanById(db: Db, id: string) {
  return db.one<ScanRow>(`select ${SCAN_COLUMNS} from scans s join scan_sheets sh on sh.id = s.sheet_id where s.id = $1`, [id]);
}

export function scansOfSheet(db: Db, sheetId: string, limit = 20) {
  return db.query<ScanRow>(
    `select ${SCAN_COLUMNS} from scans s join scan_sheets sh on sh.id = s.sheet_id
      where s.sheet_id = $1 order by s.created_at desc limit $2`,
    [sheetId, limit],
  );
}

export async function scanImages(db: Db, scanId: string): Promise<Uint8Array[]> {
  const rows = await db.query<{ data: Uint8Array }>('select data from scan_images where scan_id = $1 order by position', [scanId]);
  return rows.map((r) => r.data);
}

/** queued → processing, once: a job delivered twice (a process died mid-job) reads it again only if still queued or processing. */
export function claimScan(db: Db, id: string) {
  return db.one<{ id: string }>(
    `update scans set status = 'processing' where id = $1 and status in ('queued', 'processing') returning id`,
    [id],
  );
}

/** One transaction: a reader polling the scan never sees it failed while its photos are still kept. */
export async function failScan(db: Db, id: string, code: string) {
  await db.tx(async (tx) => {
    await tx.query(`update scans set status = 'failed', error_code = $2, read_at = now() where id = $1 and status = 'processing'`, [id, code]);
    await tx.query('delete from scan_images where scan_id = $1', [id]);
  });
}

/** Stores the reading and the crops of uncertain rows, drops the photos; status review. */
/** Inside the reader's transaction (worker.ts), which may grade the scan before it commits. */
export async function storeReading(tx: Db, id: string, reading: QuestionReading[], crops: Record<number, Uint8Array>) {
  await tx.query(`update scans set status = 'review', reading = $2::jsonb, read_at = now() where id = $1`, [id, JSON.stringify(reading)]);
  for (const [n, jpeg] of Object.entries(crops))
    await tx.query('insert into scan_crops (scan_id, question, jpeg) values ($1, $2, $3) on conflict do nothing', [id, Number(n), jpeg]);
  await tx.query('delete from scan_images where scan_id = $1', [id]);
}

export async function cropsOf(db: Db, scanId: string): Promise<Map<number, Uint8Array>> {
  const rows = await db.query<{ question: number; jpeg: Uint8Array }>('select question, jpeg from scan_crops where scan_id = $1', [scanId]);
  return new Map(rows.map((r) => [r.question, r.jpeg]));
}

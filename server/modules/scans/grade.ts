// A confirmed reading becomes a finished test of kind 'simulation' with source 'paper': the
// simulation's grids in exam order, row n of the sheet answering grid n, graded by the practice
// engine under the simulation's centre (so results, rank and the estimate treat it as any attempt).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { gridOutcome } from '../../../src/shared/scoring.ts';
import { finishTest, insertTest } from '../practice/engine.ts';
import type { ScanRow } from './queries.ts';

export type FinalMarks = Map<number, string[]>;

/** Grades a scan in review; undefined when it is no longer in review (a double confirm). */
export async function gradeScan(db: Db, scan: ScanRow, marks: FinalMarks): Promise<string | undefined> {
  return db.tx(async (tx) => {
    const locked = await tx.one(`select id from scans where id = $1 and status = 'review' for update`, [scan.id]);
    return locked ? gradeInTx(tx, scan, marks) : undefined;
  });
}

/** The grading itself, inside the caller's transaction that holds the scan (confirm's lock, or the reader's own claim). */
export async function gradeInTx(tx: Db, scan: Pick<ScanRow, 'id' | 'user_id' | 'simulation_id'>, marks: FinalMarks): Promise<string> {
  const sim = await tx.one<{ profile_slug: string; title: string; variant: string[] }>(
    'select profile_slug, title, variant from simulations where id = $1',
    [scan.simulation_id],
  );
  const grids = await tx.query<{ grid_id: number; correct: string[] }>(
    `select sg.grid_id, g.correct from simulation_grids sg join grids g on g.id = sg.grid_id
        where sg.simulation_id = $1 order by sg.position`,
    [scan.simulation_id],
  );
  const test = (await insertTest(tx, {
    userId: scan.user_id,
    mode: 'exam',
    kind: 'simulation',
    manualId: null,
    filters: { simulation_id: scan.simulation_id, profile_slug: sim!.profile_slug, title: sim!.title, variant: sim!.variant, scan_id: scan.id },
    gridIds: grids.map((g) => g.grid_id),
    timeLimitS: null,
    source: 'paper',
  }))!;
  await tx.query('update tests set simulation_id = $2 where id = $1', [test.id, scan.simulation_id]);
  const rows = grids
    .map((g, i) => ({ g, marked: [...(marks.get(i + 1) ?? [])].sort() }))
    .filter((r) => r.marked.length > 0);
  if (rows.length)
    await tx.query(
      `insert into answers (id, test_id, user_id, grid_id, marked, outcome)
         select x.id, $1, $2, x.gid, string_to_array(x.marked, ','), x.outcome
           from unnest($3::uuid[], $4::int[], $5::text[], $6::text[]) as x(id, gid, marked, outcome)`,
      [
        test.id,
        scan.user_id,
        rows.map(() => randomUUID()),
        rows.map((r) => r.g.grid_id),
        rows.map((r) => r.marked.join(',')),
        rows.map((r) => gridOutcome(r.g.correct, r.marked)),
      ],
    );
  await finishTest(tx, test, 'user');
  await tx.query(`update scans set status = 'graded', test_id = $2, graded_at = now() where id = $1`, [scan.id, test.id]);
  await tx.query('delete from scan_crops where scan_id = $1', [scan.id]);
  return test.id;
}

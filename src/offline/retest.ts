// "Reia grilele greșite" / "Reia grilele marcate" (issue 11 §5): a new practice test made of
// exactly the given grids, in one click. Online: POST /tests with grid_ids (same client id on
// every retry, see create-test.ts). Offline, or when the server cannot be reached: the same test
// made on the device from the grids it already holds, queued for the server like any offline test.
import { db, type LocalTest } from './db.ts';
import { enqueue } from './answers.ts';
import { localWrite } from './errors.ts';
import { currentOwner } from './owner.ts';
import { createOnline } from './create-test.ts';
import { storeServerTest } from './local-tests.ts';
import { ApiError } from '../api/errors.ts';

export type RetestSource = { manual_id: number; mode: LocalTest['mode'] };

const unreachable = (err: unknown) => err instanceof ApiError && (err.code === 'FORM_REQUEST_FAILED' || err.code === 'MAINTENANCE_MODE');

/** Creates the retest and returns its id (the solve screen opens it). */
export async function createRetest(source: RetestSource, gridIds: readonly number[], id: string = crypto.randomUUID(), now = new Date()): Promise<string> {
  const ids = [...new Set(gridIds)];
  if (!ids.length) throw new Error('FORM_NOT_ENOUGH_GRIDS');
  const grids = await db.grids.bulkGet(ids);
  const manualId = source.manual_id || grids.find((g) => g)?.manual_id || 0;
  if (typeof navigator === 'undefined' || navigator.onLine) {
    try {
      const detail = await createOnline({ id, manual_id: manualId, chapter_ids: [], count: ids.length, grid_ids: ids, mode: source.mode, time_limit_min: null });
      if (detail) await storeServerTest(detail);
      return id;
    } catch (err) {
      if (!unreachable(err)) throw err;
    }
  }
  if (grids.some((g) => !g)) throw new Error('FORM_NETWORK_REQUIRED');
  const at = now.toISOString();
  const test: LocalTest = {
    id,
    manual_id: manualId,
    mode: source.mode,
    status: 'unfinished',
    grid_ids: ids,
    time_limit_s: null,
    remaining_s: null,
    started_at: at,
    finished_at: null,
    updated_at: at,
    source: 'offline',
    synced: 0,
    result: null,
    result_source: null,
    owner_id: currentOwner(),
  };
  await localWrite(() =>
    db.transaction('rw', db.tests, db.outbox, async () => {
      await db.tests.put(test);
      await enqueue(test.id, now);
    }),
  );
  return id;
}

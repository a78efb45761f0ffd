// The tests a timed-out POST /tests may have left on the server (create-test.ts), remembered on the
// device and removed there once the server answers again. Apart from create-test.ts because the
// sync, which every signed-in page loads, needs only this part.
import { db } from './db.ts';
import { currentOwner } from './owner.ts';
import { ApiError } from '../api/errors.ts';
import { deleteTest, fetchTest } from '../api/practice.ts';

const ORPHANS = 'orphan_creates';

type Orphan = { id: string; owner_id: number | null };

export async function rememberOrphan(id: string): Promise<void> {
  const row = await db.meta.get(ORPHANS);
  const list = Array.isArray(row?.value) ? (row.value as Orphan[]) : [];
  await db.meta.put({ key: ORPHANS, value: [...list.filter((o) => o.id !== id), { id, owner_id: currentOwner() }] });
}

/** Removes on the server the tests a timed-out creation may have left there, if still empty. */
export async function discardOrphans(): Promise<number> {
  const row = await db.meta.get(ORPHANS);
  const list = Array.isArray(row?.value) ? (row.value as Orphan[]) : [];
  if (!list.length) return 0;
  const owner = currentOwner();
  const keep: Orphan[] = [];
  let removed = 0;
  for (const o of list) {
    if (o.owner_id !== owner) {
      keep.push(o);
      continue;
    }
    try {
      const detail = await fetchTest(o.id);
      if (!detail.test.answered_count && detail.test.status === 'unfinished' && !(await db.tests.get(o.id))) {
        await deleteTest(o.id);
        removed++;
      }
    } catch (err) {
      // 404: the creation never reached the server; anything else: try again later.
      if (!(err instanceof ApiError && err.status === 404)) keep.push(o);
    }
  }
  await db.meta.put({ key: ORPHANS, value: keep });
  return removed;
}

// Telling the user when this device's data is gone (issue 11 §1): the browser (or the user) can
// clear IndexedDB; no app can prevent that, but it can say so instead of letting answers vanish
// without a word. IndexedDB holds a random id mirrored in localStorage, and localStorage keeps
// the number of unsent outbox entries last seen. At start: a known id missing from a fresh
// database means it was cleared — with unsent entries, answers were lost. When both stores are
// cleared together nothing can be known, and nothing is claimed.
import { db } from './db.ts';
import { getItem, setItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';

const DB_ID = 'device_db_id';

export type DeviceDataState = 'ok' | 'cleared' | 'lost';

export async function checkDeviceData(newId: () => string = () => crypto.randomUUID()): Promise<DeviceDataState> {
  const known = getItem(STORAGE.deviceDbId);
  const pending = Number(getItem(STORAGE.outboxPending) ?? '0');
  const row = await db.meta.get(DB_ID);
  let id = typeof row?.value === 'string' ? row.value : null;
  if (!id) {
    id = newId();
    await db.meta.put({ key: DB_ID, value: id });
  }
  setItem(STORAGE.deviceDbId, id);
  if (!known || known === id) return 'ok';
  setItem(STORAGE.outboxPending, '0');
  return pending > 0 ? 'lost' : 'cleared';
}

/** Remembers how many entries wait (after each save and each sync). */
export async function notePending(): Promise<void> {
  try {
    setItem(STORAGE.outboxPending, String(await db.outbox.filter((i) => !i.rejected).count()));
  } catch {
    /* best effort */
  }
}

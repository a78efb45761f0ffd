// Who owns what on a shared device: every local test and outbox entry records the account
// (user id) that made it. The outbox sends an entry only while its owner is signed in, with the
// owner's token, so account B never uploads account A's answers (issue 11 §1).
import { getItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';

/** The signed-in account on this device (user id), or null when nobody is signed in. */
export function currentOwner(): number | null {
  if (!getItem(STORAGE.token)) return null;
  const raw = getItem(STORAGE.userId);
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Whether a row belongs to `owner`. Rows from before owners were recorded (no owner_id) count as
 * the signed-in account's: the app then had one account per device in practice.
 */
export function ownedBy(row: { owner_id?: number | null }, owner: number | null): boolean {
  if (owner === null) return false;
  return row.owner_id === undefined || row.owner_id === null || row.owner_id === owner;
}

/** Whether another account than the row's owner is signed in (then the row is not shown or changed). */
export function foreignTo(row: { owner_id?: number | null }, owner: number | null): boolean {
  return owner !== null && row.owner_id !== undefined && row.owner_id !== null && row.owner_id !== owner;
}

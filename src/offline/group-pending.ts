// Group-test answers waiting for the server (issue 22 §2). An answer given during a network drop
// is written to IndexedDB before the first attempt, keyed by (account, group, grid), with the
// client's uuid: a reload, a closed tab or a second attempt sends the same answer, and the server
// keeps one per uuid. It is sent only with its owner's token (two accounts on one device), and
// deleted as soon as the server decides: accepted, or refused (the grid had closed, the member
// was kicked…). No answer from the server (offline, 5xx, 429) keeps it for the next trigger.
import { ApiError } from '../api/errors.ts';
import { db, type PendingGroupAnswer } from './db.ts';
import { currentOwner } from './owner.ts';

export type { PendingGroupAnswer };
export type NewPending = Pick<PendingGroupAnswer, 'grid_id' | 'position' | 'id' | 'marked'>;

/** The server's word on a pending answer; 'kept' = no word yet (try again later). */
export type PendingOutcome =
  | { kind: 'accepted'; answer: PendingGroupAnswer }
  | { kind: 'closed'; answer: PendingGroupAnswer; code: string }
  | { kind: 'refused'; answer: PendingGroupAnswer; code: string }
  | { kind: 'kept'; answer: PendingGroupAnswer };

/** Refusals that mean "the grid had closed before the answer reached the server". */
export const CLOSED_CODES: ReadonlySet<string> = new Set(['FORM_GROUP_GRID_CLOSED', 'FORM_TEST_TIME_EXPIRED', 'FORM_GROUP_ALREADY_FINISHED']);

type Send = (hash: string, position: number, id: string, marked: string[]) => Promise<unknown>;

/** Keeps the answer for `owner` (the signed-in account when it was given). Replaces one for the same grid. */
export async function savePending(owner: number, hash: string, p: NewPending): Promise<PendingGroupAnswer> {
  const row: PendingGroupAnswer = { owner_id: owner, hash, ...p, marked: [...p.marked], created_at: new Date().toISOString() };
  await db.group_pending.put(row);
  return row;
}

/** The owner's pending answers in one group, oldest grid first. */
export async function pendingOf(owner: number | null, hash: string): Promise<PendingGroupAnswer[]> {
  if (owner === null) return [];
  const rows = await db.group_pending.where('[owner_id+hash]').equals([owner, hash]).toArray();
  return rows.sort((a, b) => a.position - b.position);
}

export function dropPending(p: Pick<PendingGroupAnswer, 'owner_id' | 'hash' | 'grid_id'>): Promise<void> {
  return db.group_pending.delete([p.owner_id, p.hash, p.grid_id]);
}

/** No reply at all, or one that says "not now" rather than "no": the answer stays. */
function transient(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === null || err.status === 429 || err.status >= 500;
}

const inFlight = new Map<string, Promise<PendingOutcome[]>>();

/**
 * Sends every pending answer of the signed-in account in group `hash` once; calls made while one
 * is running share it (online, focus, reconnect and a state load often fire together). Another
 * account's answers stay untouched: the request would carry the wrong token.
 */
export function flushPending(hash: string, send: Send): Promise<PendingOutcome[]> {
  const owner = currentOwner();
  if (owner === null) return Promise.resolve([]);
  const key = `${owner}:${hash}`;
  const running = inFlight.get(key);
  if (running) return running;
  const run = (async () => {
    const out: PendingOutcome[] = [];
    for (const p of await pendingOf(owner, hash)) {
      // Signed out or switched account meanwhile: stop, the rest waits for its owner.
      if (currentOwner() !== owner) break;
      try {
        await send(hash, p.position, p.id, p.marked);
        await dropPending(p);
        out.push({ kind: 'accepted', answer: p });
      } catch (err) {
        if (transient(err)) {
          out.push({ kind: 'kept', answer: p });
          continue;
        }
        await dropPending(p);
        const code = (err as ApiError).code;
        out.push(CLOSED_CODES.has(code) ? { kind: 'closed', answer: p, code } : { kind: 'refused', answer: p, code });
      }
    }
    return out;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

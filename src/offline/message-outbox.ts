// Messages written on this device wait here until the server has them (issue 7 §3): shown as
// pending ("în așteptare"), sent in order when the connection returns. The id is the message's
// UUID, made here, so a send repeated after a lost answer is the same message on the server and
// a duplicate in the list is ignored (src/state/messages.ts). One flush at a time: never twice
// in flight. Entries belong to the account that wrote them (src/offline/owner.ts).
import { db, type QueuedMessage } from './db.ts';
import { currentOwner } from './owner.ts';
import { postMessage } from '../api/messages.ts';
import { ApiError } from '../api/errors.ts';
import { addMessage, markFailed, type ClientMessage } from '../state/messages.ts';

const asMessage = (q: QueuedMessage): ClientMessage => ({
  id: q.id,
  sender_id: q.owner_id,
  friend_id: q.friend_id,
  text: q.text,
  grid: q.grid,
  created_at: q.created_at,
  seen_at: null,
  pending: true,
});

/** Queues a message from the signed-in user and tries to send it at once. */
export async function queueMessage(
  friendId: number,
  text: string,
  grid: QueuedMessage['grid'] = null,
): Promise<ClientMessage | null> {
  const me = currentOwner();
  if (me === null) return null;
  const q: QueuedMessage = {
    id: crypto.randomUUID(),
    owner_id: me,
    friend_id: friendId,
    text,
    grid,
    created_at: new Date().toISOString(),
  };
  await db.message_outbox.put(q);
  const m = asMessage(q);
  addMessage(me, m);
  void flushMessages();
  return m;
}

/** The signed-in user's messages to `friendId` still waiting, as pending messages. */
export async function pendingFor(friendId: number): Promise<ClientMessage[]> {
  const me = currentOwner();
  if (me === null) return [];
  const rows = await db.message_outbox.where('[owner_id+friend_id]').equals([me, friendId]).toArray();
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at)).map(asMessage);
}

export async function pendingCount(): Promise<number> {
  const me = currentOwner();
  return me === null ? 0 : db.message_outbox.where('owner_id').equals(me).count();
}

/** A refusal that sending again cannot change (not a network, rate or server problem). */
const refusedForGood = (err: unknown) =>
  err instanceof ApiError && err.status !== null && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 408 && err.status !== 429;

async function flushOnce(): Promise<void> {
  const me = currentOwner();
  if (me === null) return;
  const rows = (await db.message_outbox.where('owner_id').equals(me).toArray()).sort((a, b) =>
    a.created_at.localeCompare(b.created_at),
  );
  for (const q of rows) {
    // Another account signed in meanwhile: its token must never carry this account's messages.
    if (currentOwner() !== me) return;
    try {
      const { message } = await postMessage(q.friend_id, { id: q.id, text: q.text, grid_id: q.grid?.id ?? null });
      await db.message_outbox.delete(q.id);
      addMessage(me, message);
    } catch (err) {
      if (!refusedForGood(err)) {
        // Offline: the 'online' event retries. Answered but not accepted (429, 5xx): try again later.
        if (err instanceof ApiError && err.status !== null) retryLater();
        return;
      }
      await db.message_outbox.delete(q.id);
      markFailed(me, asMessage(q), (err as ApiError).code);
    }
  }
}

/** After a rate limit or a server error: one more attempt this much later. */
export const MESSAGE_RETRY_MS = 30_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
function retryLater() {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushMessages();
  }, MESSAGE_RETRY_MS);
}

let flushing: Promise<void> | null = null;
let again = false;

/** Sends what waits; a call during a flush runs one more pass after it (a message queued meanwhile). */
export function flushMessages(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      await flushOnce();
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Sends waiting messages whenever the browser says the connection is back; returns the cleanup. */
export function flushMessagesWhenOnline(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const up = () => void flushMessages();
  window.addEventListener('online', up);
  if (navigator.onLine) up();
  return () => window.removeEventListener('online', up);
}

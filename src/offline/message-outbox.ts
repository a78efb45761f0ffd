// Messages written on this device wait here until the server has them (issue 7 §3): shown as
// pending ("în așteptare"), sent in order. The id is the message's UUID, made here, so a send
// repeated after a lost answer is the same message on the server and a duplicate in the list is
// ignored (src/state/messages.ts). One flush at a time: never twice in flight. Entries belong to
// the account that wrote them (src/offline/owner.ts).
//
// Nothing is dropped silently (issue 23 §3): a message the server refuses for good (no longer
// friends, blocked…) stays here marked `failed` with the server's code, shown "Netrimis" with the
// reason after any reload, until the person deletes or copies it. A send with no answer (offline,
// a dropped connection) or a 429/5xx is retried like the answers outbox: backoff 2 s doubling to
// 90 s, and at once on 'online', focus, the page becoming visible and any successful API answer.
import { db, type QueuedMessage } from './db.ts';
import { currentOwner } from './owner.ts';
import { backoffMs } from './outbox.ts';
import { postMessage } from '../api/messages.ts';
import { ApiError } from '../api/errors.ts';
import { onApiSuccess } from '../api/client.ts';
import { addMessage, dropMessage, markFailed, type ClientMessage } from '../state/messages.ts';
import { showToast } from '../state/toast.ts';

const asMessage = (q: QueuedMessage): ClientMessage => ({
  id: q.id,
  sender_id: q.owner_id,
  friend_id: q.friend_id,
  text: q.text,
  grid: q.grid,
  created_at: q.created_at,
  seen_at: null,
  ...(q.failed ? { pending: false, failed: q.failed } : { pending: true }),
});

const byTime = (a: QueuedMessage, b: QueuedMessage) => a.created_at.localeCompare(b.created_at);

// Two messages queued within one millisecond would tie on created_at, and the outbox (keyed by a
// random id) would give them back in either order: each queued message is stamped at least 1 ms
// after the previous one, so the order they were written in is the order they are shown and sent.
let lastStamp = 0;
function queueStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

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
    created_at: queueStamp(),
  };
  await db.message_outbox.put(q);
  const m = asMessage(q);
  addMessage(me, m);
  inBackground(flushMessages({ force: true }));
  return m;
}

/** The signed-in user's messages to `friendId` still here: waiting (pending) or refused (failed). */
export async function pendingFor(friendId: number): Promise<ClientMessage[]> {
  const me = currentOwner();
  if (me === null) return [];
  const rows = await db.message_outbox.where('[owner_id+friend_id]').equals([me, friendId]).toArray();
  return rows.sort(byTime).map(asMessage);
}

/** Messages of the signed-in account that may still go out (refused ones are not counted). */
export async function pendingCount(): Promise<number> {
  const me = currentOwner();
  if (me === null) return 0;
  return db.message_outbox.where('owner_id').equals(me).filter((q) => !q.failed).count();
}

/**
 * The person deleted (or copied) a refused message: it leaves this device and the conversation.
 * Only a refused message of the signed-in account; a waiting one may already be on its way.
 */
export async function discardFailed(id: string): Promise<boolean> {
  const me = currentOwner();
  const q = await db.message_outbox.get(id);
  if (me === null || !q || q.owner_id !== me || !q.failed) return false;
  await db.message_outbox.delete(id);
  dropMessage(me, asMessage(q));
  return true;
}

/** A refusal that sending again cannot change (not a network, sign-in, rate or server problem). */
const refusedForGood = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status !== null && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 408 && err.status !== 429;

async function flushOnce(force: boolean, now: () => number): Promise<void> {
  const me = currentOwner();
  if (me === null) return;
  const rows = (await db.message_outbox.where('owner_id').equals(me).toArray()).filter((q) => !q.failed).sort(byTime);
  for (const q of rows) {
    // Another account signed in meanwhile: its token must never carry this account's messages.
    if (currentOwner() !== me) return;
    // In order: a later message never overtakes one still waiting for its backoff.
    if (!force && q.next_at !== undefined && q.next_at > now()) {
      scheduleRetry(q.next_at, now);
      return;
    }
    try {
      const { message } = await postMessage(q.friend_id, { id: q.id, text: q.text, grid_id: q.grid?.id ?? null });
      await db.message_outbox.delete(q.id);
      addMessage(me, message);
    } catch (err) {
      if (refusedForGood(err)) {
        const code = err.code ?? 'FORM_AN_ERROR_HAS_OCCURRED';
        await db.message_outbox.update(q.id, { failed: code });
        markFailed(me, asMessage(q), code);
        showToast('MESSAGE_NOT_SENT', 'error', 10_000);
        continue;
      }
      if (err instanceof ApiError && err.status === 401) return; // signed out: sent when the owner signs in again
      const attempts = (q.attempts ?? 0) + 1;
      const nextAt = now() + backoffMs(attempts);
      await db.message_outbox.update(q.id, { attempts, next_at: nextAt });
      scheduleRetry(nextAt, now);
      return;
    }
  }
}

/**
 * A flush nobody waits for (a trigger, the backoff timer): its failure — the device's database
 * closed by a sign-out or a cleared site — is not an error to report; the next trigger tries again.
 */
export function inBackground(work: Promise<unknown>): void {
  work.catch(() => undefined);
}

let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAt: number | null = null;

/** Arms one timer for the earliest automatic attempt (an earlier one replaces a later one). */
function scheduleRetry(at: number, now: () => number) {
  if (retryTimer && retryAt !== null && retryAt <= at) return;
  if (retryTimer) clearTimeout(retryTimer);
  retryAt = at;
  retryTimer = setTimeout(
    () => {
      retryTimer = null;
      retryAt = null;
      inBackground(flushMessages());
    },
    Math.max(0, at - now()),
  );
}

/** Stops the backoff timer (tests, sign-out). */
export function cancelMessageRetry(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retryAt = null;
}

let flushing: Promise<void> | null = null;
let again = false;
let againForced = false;

export type MessageFlushOptions = { force?: boolean; now?: () => number };

/**
 * Sends what waits. `force` ignores the backoff (a trigger says the server may answer again).
 * A call during a flush runs one more pass after it (a message queued meanwhile).
 */
export function flushMessages(options: MessageFlushOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  if (flushing) {
    again = true;
    againForced ||= Boolean(options.force);
    return flushing;
  }
  flushing = (async () => {
    let force = Boolean(options.force);
    do {
      again = false;
      await flushOnce(force, now);
      force = againForced;
      againForced = false;
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Same throttle as the answers outbox: a burst of successful requests flushes once. */
export const MESSAGE_KICK_THROTTLE_MS = 3_000;
let lastKick = 0;

/** A sign the server answers again: flush now, ignoring the backoff, when something waits. */
export async function kickMessages(at = Date.now()): Promise<void> {
  if (at - lastKick < MESSAGE_KICK_THROTTLE_MS) return;
  lastKick = at;
  if ((await pendingCount()) === 0) return;
  await flushMessages({ force: true });
}

/** Wires the triggers: 'online', focus, the page becoming visible, any successful API answer. Returns the cleanup. */
export function flushMessagesWhenOnline(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const up = () => inBackground(flushMessages({ force: true }));
  const kick = () => inBackground(kickMessages());
  const visible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  window.addEventListener('online', up);
  window.addEventListener('focus', kick);
  document.addEventListener('visibilitychange', visible);
  // The outbox's own sends answer too: they must not kick themselves into another pass.
  const off = onApiSuccess((path) => {
    if (!/\/message\/convo\/\d+$/.test(path)) kick();
  });
  if (navigator.onLine) up();
  return () => {
    window.removeEventListener('online', up);
    window.removeEventListener('focus', kick);
    document.removeEventListener('visibilitychange', visible);
    off();
    cancelMessageRetry();
  };
}

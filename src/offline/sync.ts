// Sends the outbox to POST /tests/sync and maps the server's answer onto the device: the
// idempotent flushOutbox does the queue bookkeeping; here we sanitise the payload for the
// server's schema, keep the server's status/result, and tell the user once what happened.
// Triggers: app start, 'online', window focus / the page becoming visible, any successful API
// request (throttled), the service worker's flush message (Background Sync), a debounced flush
// after each answer, and the backoff timer after a failure. The entries of the signed-in account
// only, sent with that account's token (captured at the start: a sign-out mid-flush stops it).
import { db } from './db.ts';
import { emptyReport, flushOutbox, pendingCount, type FlushReport, type SyncOutcome, type SyncTestPayload } from './outbox.ts';
import { onFlushRequest } from './flush-requests.ts';
import { rememberProfile } from './local-tests.ts';
import { currentOwner } from './owner.ts';
import { syncStatus } from './sync-state.ts';
import { discardOrphans } from './orphan-creates.ts';
import { checkDeviceData, notePending } from './device-data.ts';
import { OUTBOX_SYNC_TAG } from '../shared/pwa.ts';
import { syncTests, type ServerSyncOutcome } from '../api/practice.ts';
import { onApiSuccess } from '../api/client.ts';
import { SYNC_MAX_TESTS } from '../shared/test-limits.ts';
import { showToast } from '../state/toast.ts';
import { getItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';

export const SYNC_DEBOUNCE_MS = 800;
/** A successful API request retries the outbox at most this often. */
export const KICK_THROTTLE_MS = 3_000;

/** Makes a local test acceptable to the server's syncTest schema (manual 0 → null, bounds). */
export type ServerSyncPayload = Omit<SyncTestPayload, 'manual_id'> & { manual_id: number | null };

export function toServerPayload(t: SyncTestPayload): ServerSyncPayload {
  const limit = t.time_limit_s !== null && t.time_limit_s >= 60 ? Math.round(t.time_limit_s) : null;
  return {
    ...t,
    manual_id: t.manual_id > 0 ? t.manual_id : null,
    time_limit_s: limit,
    remaining_s: limit === null || t.remaining_s === null ? null : Math.max(0, Math.min(limit, Math.round(t.remaining_s))),
    answers: t.answers.map((a) => ({
      ...a,
      marked: [...new Set(a.marked)].sort(),
      time_ms: Math.max(0, Math.min(24 * 3600 * 1000, Math.round(a.time_ms))),
    })),
  };
}

/** The server's outcome as the outbox understands it. */
export function toOutcome(o: ServerSyncOutcome): SyncOutcome {
  return { id: o.id, status: o.status, ...(o.code ? { code: o.code } : {}), ...(o.result ? { result: o.result } : {}) };
}

export type SyncSummary = FlushReport & { conflictCodes: string[]; rejectedCodes: string[] };

/** Applies what the server says about each test's status (expired → finished, conflict kept server's). */
export async function applyServerStatus(outcomes: readonly ServerSyncOutcome[]): Promise<void> {
  for (const o of outcomes) {
    if (o.status === 'rejected' || !o.test_status) continue;
    await db.transaction('rw', db.tests, async () => {
      const t = await db.tests.get(o.id);
      if (!t) return;
      if (t.status !== o.test_status && (o.status === 'conflict' || t.status === 'unfinished' || t.synced === 1)) {
        await db.tests.update(o.id, { status: o.test_status! });
      }
    });
    if (o.result?.profile) await rememberProfile(o.result.profile);
  }
}

const emptySummary = (): SyncSummary => ({ ...emptyReport(), conflictCodes: [], rejectedCodes: [] });

/** Thrown when the signed-in account changed while a flush was running: the rest waits for its owner. */
class OwnerChanged extends Error {
  constructor() {
    super('OWNER_CHANGED');
  }
}

let inFlight: Promise<SyncSummary> | null = null;
let rerun = false;

/**
 * One sync of the signed-in account's entries. Triggers that arrive while one runs share its
 * summary (so its notices show once, not once per trigger) and ask for one more run afterwards,
 * for a change that arrived meanwhile.
 */
export function syncNow(options: { force?: boolean } = {}): Promise<SyncSummary> {
  if (inFlight) {
    rerun = true;
    return inFlight;
  }
  inFlight = runSync(options).finally(() => {
    inFlight = null;
    if (rerun) {
      rerun = false;
      void trySync();
    }
  });
  return inFlight;
}

async function runSync(options: { force?: boolean }): Promise<SyncSummary> {
  const token = getItem(STORAGE.token);
  const owner = currentOwner();
  if (!token || owner === null) return emptySummary();
  const seen: ServerSyncOutcome[] = [];
  const send = async (tests: SyncTestPayload[]) => {
    const all: SyncOutcome[] = [];
    for (let i = 0; i < tests.length; i += SYNC_MAX_TESTS) {
      if (getItem(STORAGE.token) !== token || currentOwner() !== owner) throw new OwnerChanged();
      const chunk = tests.slice(i, i + SYNC_MAX_TESTS);
      const res = await syncTests(chunk.map(toServerPayload), token);
      seen.push(...res.tests);
      all.push(...res.tests.map(toOutcome));
    }
    return all;
  };
  syncStatus.syncing = true;
  try {
    const report = await flushOutbox(send, { owner, force: options.force });
    // A flush already in flight (another trigger) may have missed the latest change, e.g. the
    // finish right after an answer: flush again while something is still queued.
    for (let round = 0; round < 2 && report.failed === 0 && (await pendingCount(owner)) > 0; round++) {
      const more = await flushOutbox(send, { owner, force: true });
      report.sent += more.sent;
      report.synced += more.synced;
      report.conflicts += more.conflicts;
      report.rejected += more.rejected;
      report.failed += more.failed;
      report.offlineSynced += more.offlineSynced;
      report.nextAt = more.nextAt ?? report.nextAt;
    }
    await applyServerStatus(seen);
    const summary: SyncSummary = {
      ...report,
      conflictCodes: seen.filter((o) => o.status === 'conflict').map((o) => o.code ?? 'FORM_SYNC_CONFLICT'),
      rejectedCodes: seen.filter((o) => o.status === 'rejected').map((o) => o.code ?? 'FORM_AN_ERROR_HAS_OCCURRED'),
    };
    notify(summary);
    if (report.failed === 0) void discardOrphans().catch(() => undefined);
    await notePending();
    syncStatus.lastAttemptAt = Date.now();
    syncStatus.lastFailed = report.failed > 0;
    scheduleRetry(report.nextAt);
    return summary;
  } finally {
    syncStatus.syncing = false;
  }
}

/**
 * Toasts: OFFLINE_SYNCED once when work made offline reached the server; each conflict with the
 * server's own reason (never a guess about another device); rejections as errors.
 */
export function notify(s: SyncSummary): void {
  if (s.offlineSynced > 0) showToast('OFFLINE_SYNCED', 'success');
  for (const code of new Set(s.conflictCodes)) showToast(code, 'warning');
  for (const code of new Set(s.rejectedCodes)) showToast(code, 'error');
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Sync if online, swallowing errors (the outbox keeps everything for the next trigger). */
export function trySync(options: { force?: boolean } = { force: true }): Promise<SyncSummary | null> {
  if (!online()) {
    void registerBackgroundSync();
    return Promise.resolve(null);
  }
  return syncNow(options).catch(() => null);
}

let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** Arms the backoff timer for the earliest failed entry (replacing a later one). */
function scheduleRetry(nextAt: number | null): void {
  syncStatus.nextRetryAt = nextAt;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (nextAt === null || typeof window === 'undefined') return;
  retryTimer = setTimeout(
    () => {
      retryTimer = null;
      void trySync({ force: false });
    },
    Math.max(0, nextAt - Date.now()),
  );
}

/** Stops the backoff timer (sign-out, tests). */
export function cancelRetry(): void {
  scheduleRetry(null);
}

let timer: ReturnType<typeof setTimeout> | null = null;

/** Debounced flush after an answer (~800 ms); offline it asks for Background Sync instead. */
export function scheduleSync(delay = SYNC_DEBOUNCE_MS): void {
  if (timer) clearTimeout(timer);
  if (!online()) {
    void registerBackgroundSync();
    return;
  }
  timer = setTimeout(() => {
    timer = null;
    void trySync();
  }, delay);
}

let lastKick = 0;

/**
 * A sign that the server answers again (a successful request, focus, 'online'): flush now when
 * this account has something queued, at most every KICK_THROTTLE_MS.
 */
export async function kickSync(now = Date.now()): Promise<void> {
  if (now - lastKick < KICK_THROTTLE_MS || syncStatus.syncing) return;
  lastKick = now;
  if ((await pendingCount(currentOwner())) === 0) return;
  await trySync({ force: true });
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

/** Background Sync when the browser has it: the service worker asks the page to flush when back online. */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
    const reg = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 1000)),
    ])) as SyncRegistration | undefined;
    if (!reg?.sync) return false;
    await reg.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

let started = false;

/** Wires every trigger once: now, 'online', focus/visible, any successful request, the service worker. Safe to call repeatedly. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void trySync());
  window.addEventListener('focus', () => void kickSync());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void kickSync();
  });
  onApiSuccess((path) => {
    if (!path.includes('/tests/sync')) void kickSync();
  });
  onFlushRequest(() => void trySync());
  void checkDeviceData()
    .then((state) => {
      if (state === 'lost') showToast('OFFLINE_DATA_LOST', 'error', 15_000);
      else if (state === 'cleared') showToast('OFFLINE_DATA_CLEARED', 'warning', 10_000);
    })
    .catch(() => undefined)
    .finally(() => void trySync());
}

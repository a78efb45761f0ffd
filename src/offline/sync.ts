// Sends the outbox to POST /tests/sync and maps the server's answer onto the device: the
// idempotent flushOutbox does the queue bookkeeping; here we sanitise the payload for the
// server's schema, keep the server's status/result, and tell the user once what happened.
// Triggers: app start, the 'online' event, the service worker's flush message (Background Sync),
// and a debounced flush after each answer while online.
import { db } from './db.ts';
import { flushOutbox, pendingCount, type FlushReport, type SyncOutcome, type SyncTestPayload } from './outbox.ts';
import { onFlushRequest } from './pwa.ts';
import { rememberProfile } from './local-tests.ts';
import { OUTBOX_SYNC_TAG } from '../shared/pwa.ts';
import { syncTests, type ServerSyncOutcome } from '../api/tests.ts';
import { SYNC_MAX_TESTS } from '../shared/test-schema.ts';
import { showToast } from '../state/toast.ts';
import { getItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';

export const SYNC_DEBOUNCE_MS = 800;

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

export type SyncSummary = FlushReport & { offlineSynced: number; conflictCodes: string[]; rejectedCodes: string[] };

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

let lastSummary: SyncSummary | null = null;

/** One sync now (no-op while another runs: flushOutbox shares the running flush). */
export async function syncNow(): Promise<SyncSummary> {
  if (!getItem(STORAGE.token)) return { sent: 0, synced: 0, conflicts: 0, rejected: 0, failed: 0, offlineSynced: 0, conflictCodes: [], rejectedCodes: [] };
  const seen: ServerSyncOutcome[] = [];
  const offlineIds = new Set<string>();
  const send = async (tests: SyncTestPayload[]) => {
    const all: SyncOutcome[] = [];
    for (let i = 0; i < tests.length; i += SYNC_MAX_TESTS) {
      const chunk = tests.slice(i, i + SYNC_MAX_TESTS);
      for (const t of await db.tests.bulkGet(chunk.map((c) => c.id))) if (t?.source === 'offline') offlineIds.add(t.id);
      const res = await syncTests(chunk.map(toServerPayload));
      seen.push(...res.tests);
      all.push(...res.tests.map(toOutcome));
    }
    return all;
  };
  const report = await flushOutbox(send);
  // A flush already in flight (another trigger) may have missed the latest change, e.g. the
  // finish right after an answer: flush again while something is still queued.
  for (let round = 0; round < 2 && report.failed === 0 && (await pendingCount()) > 0; round++) {
    const more = await flushOutbox(send);
    report.sent += more.sent;
    report.synced += more.synced;
    report.conflicts += more.conflicts;
    report.rejected += more.rejected;
    report.failed += more.failed;
  }
  await applyServerStatus(seen);
  const summary: SyncSummary = {
    ...report,
    offlineSynced: seen.filter((o) => o.status === 'synced' && offlineIds.has(o.id)).length,
    conflictCodes: seen.filter((o) => o.status === 'conflict').map((o) => o.code ?? 'FORM_SYNC_CONFLICT'),
    rejectedCodes: seen.filter((o) => o.status === 'rejected').map((o) => o.code ?? 'FORM_AN_ERROR_HAS_OCCURRED'),
  };
  notify(summary);
  lastSummary = summary;
  return summary;
}

/** Toasts: OFFLINE_SYNCED once when offline work reached the server; conflicts as warnings; rejections as errors. */
export function notify(s: SyncSummary): void {
  if (s.offlineSynced > 0) showToast('OFFLINE_SYNCED', 'success');
  if (s.conflictCodes.length) showToast('FORM_SYNC_CONFLICT', 'warning');
  for (const code of new Set(s.rejectedCodes)) showToast(code, 'error');
}

export function lastSyncSummary(): SyncSummary | null {
  return lastSummary;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Sync if online, swallowing errors (the outbox keeps everything for the next trigger). */
export function trySync(): Promise<SyncSummary | null> {
  if (!online()) {
    void registerBackgroundSync();
    return Promise.resolve(null);
  }
  return syncNow().catch(() => null);
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

/** Wires every trigger once: now, 'online', the service worker's flush request. Safe to call repeatedly. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void trySync());
  onFlushRequest(() => void trySync());
  void trySync();
}

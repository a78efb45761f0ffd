// Replays unsent tests and answers to the server. The payload is the test's whole local state
// keyed by client-generated ids, so a retry (after a timeout, a crash, a duplicate trigger)
// never duplicates anything: the server upserts by id. One flush runs at a time.
//
// Never gives up on an unsent answer (issue 11 §1): a failed attempt only pushes the entry's
// next automatic attempt back (exponential backoff with jitter, 2 s doubling up to 90 s);
// triggers such as 'online', focus or a successful API request flush at once (`force`).
// Only a test the server refuses for good ('rejected') stops, and stays visible with its code.
// Each entry belongs to an owner (user id) and is flushed only while that owner is signed in.
import { db, type LocalTest, type OutboxItem } from './db.ts';
import { answersOf } from './answers.ts';
import { ownedBy } from './owner.ts';

export type SyncTestPayload = {
  id: string;
  manual_id: number;
  mode: LocalTest['mode'];
  status: LocalTest['status'];
  grid_ids: number[];
  time_limit_s: number | null;
  remaining_s: number | null;
  started_at: string;
  finished_at: string | null;
  /** Where the test was made: kept by the server for a new test, never changed for an existing one. */
  source: LocalTest['source'];
  /** How a finished test ended on the device (the timer ran out or the candidate finished it). */
  finish_reason: 'user' | 'expired' | null;
  answers: { id: string; grid_id: number; marked: string[]; flagged: boolean; time_ms: number; answered_at: string }[];
};
export type SyncOutcome = { id: string; status: 'synced' | 'conflict' | 'rejected'; code?: string; result?: unknown };
export type SyncSender = (tests: SyncTestPayload[]) => Promise<SyncOutcome[]>;

const BATCH = 20;
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 90_000;

/** Delay before the next automatic attempt after `attempts` failures: 2 s, 4 s, 8 s … capped at 90 s, with jitter (50–100 %). */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const raw = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 16)));
  return Math.round(raw * (0.5 + 0.5 * random()));
}

let running: Promise<FlushReport> | null = null;

export type FlushReport = {
  sent: number;
  synced: number;
  conflicts: number;
  rejected: number;
  failed: number;
  /** Entries holding work made offline that the server has now accepted. */
  offlineSynced: number;
  /** Earliest next automatic attempt of a failed entry (ms), null when nothing failed. */
  nextAt: number | null;
};

export type FlushOptions = {
  /** Entries of this account only (the signed-in user). */
  owner: number | null;
  /** Ignore the backoff: a trigger says the connection may be back. */
  force?: boolean;
  now?: () => number;
  random?: () => number;
};

export function emptyReport(): FlushReport {
  return { sent: 0, synced: 0, conflicts: 0, rejected: 0, failed: 0, offlineSynced: 0, nextAt: null };
}

export function flushOutbox(send: SyncSender, options: FlushOptions): Promise<FlushReport> {
  running ??= doFlush(send, options).finally(() => {
    running = null;
  });
  return running;
}

async function payloadFor(test: LocalTest): Promise<SyncTestPayload> {
  const answers = await answersOf(test.id);
  const deadline = test.time_limit_s === null ? null : Date.parse(test.started_at) + test.time_limit_s * 1000;
  const expired = test.status === 'finished' && test.remaining_s === 0 && deadline !== null && test.finished_at !== null && Date.parse(test.finished_at) >= deadline - 1000;
  return {
    id: test.id,
    manual_id: test.manual_id,
    mode: test.mode,
    status: test.status,
    grid_ids: test.grid_ids,
    time_limit_s: test.time_limit_s,
    remaining_s: test.remaining_s,
    started_at: test.started_at,
    finished_at: test.finished_at,
    source: test.source,
    finish_reason: test.status !== 'finished' ? null : expired ? 'expired' : 'user',
    answers: answers.map(({ id, grid_id, marked, flagged, time_ms, answered_at }) => ({ id, grid_id, marked, flagged, time_ms, answered_at })),
  };
}

/** Entries the flush may send now: the owner's, not refused for good, due (or forced). */
export function sendable(items: readonly OutboxItem[], owner: number | null, now: number, force = false): OutboxItem[] {
  return items.filter((i) => !i.rejected && ownedBy(i, owner) && (force || (i.next_at ?? 0) <= now));
}

async function doFlush(send: SyncSender, options: FlushOptions): Promise<FlushReport> {
  const now = options.now ?? Date.now;
  const report = emptyReport();
  const items = sendable(await db.outbox.toArray(), options.owner, now(), options.force);
  for (let i = 0; i < items.length; i += BATCH) {
    const chunk = items.slice(i, i + BATCH);
    const tests = (await db.tests.bulkGet(chunk.map((c) => c.test_id))).filter((t): t is LocalTest => !!t && ownedBy(t, options.owner));
    const payloads = await Promise.all(tests.map(payloadFor));
    // Remember what was sent: an answer given while the request is in flight must stay queued.
    const sentAt = new Map(tests.map((t) => [t.id, t.updated_at]));
    let outcomes: SyncOutcome[];
    try {
      outcomes = payloads.length ? await send(payloads) : [];
      report.sent += payloads.length;
    } catch (err) {
      report.failed += chunk.length;
      const at = now();
      const changes = chunk.map((c) => {
        const attempts = c.attempts + 1;
        const next = at + backoffMs(attempts, options.random);
        report.nextAt = report.nextAt === null ? next : Math.min(report.nextAt, next);
        return { key: c.seq!, changes: { attempts, next_at: next, last_error: String((err as Error)?.message ?? err) } };
      });
      await db.outbox.bulkUpdate(changes);
      continue;
    }
    for (const outcome of outcomes) {
      const item = chunk.find((c) => c.test_id === outcome.id);
      if (!item) continue;
      if (outcome.status === 'rejected') {
        report.rejected++;
        await db.outbox.update(item.seq!, { rejected: outcome.code ?? 'FORM_AN_ERROR_HAS_OCCURRED', last_error: outcome.code ?? 'rejected' });
        continue;
      }
      if (outcome.status === 'conflict') report.conflicts++;
      else report.synced++;
      if (item.offline) report.offlineSynced++;
      await db.transaction('rw', db.tests, db.outbox, async () => {
        const current = await db.tests.get(outcome.id);
        const changedMeanwhile = current && current.updated_at !== sentAt.get(outcome.id);
        if (current) {
          await db.tests.update(outcome.id, {
            synced: changedMeanwhile ? 0 : 1,
            ...(outcome.result ? { result: outcome.result, result_source: 'server' as const } : {}),
          });
        }
        // Still queued for the newer change; its offline work is on the server now (one notice only).
        if (changedMeanwhile) await db.outbox.update(item.seq!, { attempts: 0, next_at: 0, last_error: null, offline: false });
        else await db.outbox.delete(item.seq!);
      });
    }
    // A test row that vanished (storage cleared in part): nothing to send, drop the orphan entry.
    const missing = chunk.filter((c) => !tests.some((t) => t.id === c.test_id) && !outcomes.some((o) => o.id === c.test_id));
    for (const m of missing) if (!(await db.tests.get(m.test_id))) await db.outbox.delete(m.seq!);
  }
  return report;
}

/** Unsent entries of an account (refused ones excluded: they are shown apart). */
export async function pendingCount(owner: number | null): Promise<number> {
  return db.outbox.filter((i) => !i.rejected && ownedBy(i, owner)).count();
}

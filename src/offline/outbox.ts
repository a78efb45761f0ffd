// Replays unsent tests and answers to the server. The payload is the test's whole local state
// keyed by client-generated ids, so a retry (after a timeout, a crash, a duplicate trigger)
// never duplicates anything: the server upserts by id. One flush runs at a time.
import { db, type LocalTest } from './db.ts';
import { answersOf } from './answers.ts';

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
  answers: { id: string; grid_id: number; marked: string[]; flagged: boolean; time_ms: number; answered_at: string }[];
};
export type SyncOutcome = { id: string; status: 'synced' | 'conflict' | 'rejected'; code?: string; result?: unknown };
export type SyncSender = (tests: SyncTestPayload[]) => Promise<SyncOutcome[]>;

export const MAX_ATTEMPTS = 8;
const BATCH = 20;

let running: Promise<FlushReport> | null = null;

export type FlushReport = { sent: number; synced: number; conflicts: number; rejected: number; failed: number };

export function flushOutbox(send: SyncSender): Promise<FlushReport> {
  running ??= doFlush(send).finally(() => {
    running = null;
  });
  return running;
}

async function payloadFor(test: LocalTest): Promise<SyncTestPayload> {
  const answers = await answersOf(test.id);
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
    answers: answers.map(({ id, grid_id, marked, flagged, time_ms, answered_at }) => ({ id, grid_id, marked, flagged, time_ms, answered_at })),
  };
}

async function doFlush(send: SyncSender): Promise<FlushReport> {
  const report: FlushReport = { sent: 0, synced: 0, conflicts: 0, rejected: 0, failed: 0 };
  const items = (await db.outbox.toArray()).filter((i) => i.attempts < MAX_ATTEMPTS);
  for (let i = 0; i < items.length; i += BATCH) {
    const chunk = items.slice(i, i + BATCH);
    const tests = (await db.tests.bulkGet(chunk.map((c) => c.test_id))).filter((t): t is LocalTest => !!t);
    const payloads = await Promise.all(tests.map(payloadFor));
    // Remember what was sent: an answer given while the request is in flight must stay queued.
    const sentAt = new Map(tests.map((t) => [t.id, t.updated_at]));
    let outcomes: SyncOutcome[];
    try {
      outcomes = await send(payloads);
      report.sent += payloads.length;
    } catch (err) {
      report.failed += chunk.length;
      await db.outbox.bulkUpdate(chunk.map((c) => ({ key: c.seq!, changes: { attempts: c.attempts + 1, last_error: String((err as Error).message ?? err) } })));
      continue;
    }
    for (const outcome of outcomes) {
      const item = chunk.find((c) => c.test_id === outcome.id);
      if (!item) continue;
      if (outcome.status === 'rejected') {
        report.rejected++;
        await db.outbox.update(item.seq!, { attempts: MAX_ATTEMPTS, last_error: outcome.code ?? 'rejected' });
        continue;
      }
      if (outcome.status === 'conflict') report.conflicts++;
      else report.synced++;
      await db.transaction('rw', db.tests, db.outbox, async () => {
        const current = await db.tests.get(outcome.id);
        const changedMeanwhile = current && current.updated_at !== sentAt.get(outcome.id);
        if (current) {
          await db.tests.update(outcome.id, {
            synced: changedMeanwhile ? 0 : 1,
            ...(outcome.result ? { result: outcome.result, result_source: 'server' as const } : {}),
          });
        }
        if (!changedMeanwhile) await db.outbox.delete(item.seq!);
      });
    }
  }
  return report;
}

export async function pendingCount(): Promise<number> {
  return db.outbox.filter((i) => i.attempts < MAX_ATTEMPTS).count();
}

// Every answer is committed to IndexedDB before the screen shows it as given; the same
// transaction marks the test dirty and queues it in the outbox, so nothing can be lost between.
import { db, type LocalAnswer, type LocalTest } from './db.ts';
import { localWrite } from './errors.ts';
import { currentOwner, foreignTo } from './owner.ts';
import { notePending } from './device-data.ts';
import type { OptionLetter } from '../shared/constants.ts';

export type AnswerInput = { marked: OptionLetter[]; flagged: boolean; time_ms: number };

export async function saveAnswer(testId: string, gridId: number, input: AnswerInput, now = new Date()): Promise<LocalAnswer> {
  const saved = await localWrite(() =>
    db.transaction('rw', db.answers, db.tests, db.outbox, async () => {
      const test = await db.tests.get(testId);
      if (!test || foreignTo(test, currentOwner())) throw new Error('FORM_TEST_NOT_FOUND');
      if (test.status !== 'unfinished') throw new Error('FORM_TEST_ALREADY_FINISHED');
      if (!test.grid_ids.includes(gridId)) throw new Error('FORM_GRID_NOT_FOUND');
      const existing = await db.answers.where({ test_id: testId, grid_id: gridId }).first();
      const answer: LocalAnswer = {
        id: existing?.id ?? crypto.randomUUID(),
        test_id: testId,
        grid_id: gridId,
        marked: [...input.marked].sort(),
        flagged: input.flagged,
        time_ms: (existing?.time_ms ?? 0) + Math.max(0, Math.round(input.time_ms)),
        answered_at: now.toISOString(),
      };
      await db.answers.put(answer);
      await db.tests.update(testId, { updated_at: answer.answered_at, synced: 0 });
      await enqueue(testId, now);
      return answer;
    }),
  );
  await notePending();
  return saved;
}

const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * One outbox entry per test: the sync sends the test's whole state, so one entry is enough. The
 * entry belongs to the test's owner; it notes when a change was made offline (one notice later).
 * Call inside a transaction that includes db.tests and db.outbox.
 */
export async function enqueue(testId: string, now = new Date()): Promise<void> {
  const queued = await db.outbox.where('test_id').equals(testId).first();
  const offline = offlineNow();
  if (queued) {
    if (offline && !queued.offline) await db.outbox.update(queued.seq!, { offline: true });
    return;
  }
  await db.outbox.add(outboxEntry(testId, await db.tests.get(testId), now));
}

/**
 * Stores a test just made on the device (an id never queued before) and its outbox entry: two
 * writes, since such a test has no entry yet and its row is at hand (enqueue's two reads were a
 * good part of the offline build's write at a phone's speed, issue 30 §2).
 */
export async function storeNewTest(test: LocalTest, now = new Date()): Promise<void> {
  await db.transaction('rw', db.tests, db.outbox, async () => {
    await db.tests.put(test);
    await db.outbox.add(outboxEntry(test.id, test, now));
  });
}

function outboxEntry(testId: string, test: LocalTest | undefined, now: Date) {
  return {
    test_id: testId,
    created_at: now.toISOString(),
    attempts: 0,
    last_error: null,
    owner_id: test?.owner_id ?? currentOwner(),
    next_at: 0,
    offline: offlineNow() || test?.source === 'offline',
  };
}

export function answersOf(testId: string): Promise<LocalAnswer[]> {
  return db.answers.where('test_id').equals(testId).toArray();
}

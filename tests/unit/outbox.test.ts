import { beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { db, type LocalTest } from '../../src/offline/db.ts';
import { saveAnswer, answersOf } from '../../src/offline/answers.ts';
import { backoffMs, BACKOFF_CAP_MS, flushOutbox, pendingCount, type SyncSender } from '../../src/offline/outbox.ts';
import { StorageFullError } from '../../src/offline/errors.ts';

function test(id: string, grids = [1, 2, 3]): LocalTest {
  const now = new Date('2026-11-21T10:00:00Z').toISOString();
  return {
    id, manual_id: 1, mode: 'exam', status: 'unfinished', grid_ids: grids, time_limit_s: 600, remaining_s: 600,
    started_at: now, finished_at: null, updated_at: now, source: 'offline', synced: 1, result: null, result_source: null,
  };
}

const A = 1;

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.setItem('token', 'token-a');
  localStorage.setItem('user_id', String(A));
});

describe('saving answers', () => {
  it('commits the answer, marks the test dirty and queues it once', async () => {
    await db.tests.add(test('t1'));
    await saveAnswer('t1', 1, { marked: ['C', 'A'], flagged: false, time_ms: 1200 });
    await saveAnswer('t1', 2, { marked: ['B'], flagged: true, time_ms: 800 });
    const again = await saveAnswer('t1', 1, { marked: ['A'], flagged: false, time_ms: 300 });
    const answers = await answersOf('t1');
    expect(answers).toHaveLength(2);
    expect(again.marked).toEqual(['A']);
    expect(again.time_ms).toBe(1500);
    expect((await db.tests.get('t1'))!.synced).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('refuses grids outside the test and finished tests', async () => {
    await db.tests.add({ ...test('t2'), status: 'finished' });
    await expect(saveAnswer('t2', 1, { marked: ['A'], flagged: false, time_ms: 1 })).rejects.toThrow('FORM_TEST_ALREADY_FINISHED');
    await db.tests.add(test('t3'));
    await expect(saveAnswer('t3', 99, { marked: ['A'], flagged: false, time_ms: 1 })).rejects.toThrow('FORM_GRID_NOT_FOUND');
    expect(await db.answers.count()).toBe(0);
  });

  it('explains a full quota instead of failing silently, and keeps earlier answers', async () => {
    await db.tests.add(test('t4'));
    await saveAnswer('t4', 1, { marked: ['A'], flagged: false, time_ms: 1 });
    const quota = new Dexie.QuotaExceededError('quota');
    const spy = vi.spyOn(db.answers, 'put').mockRejectedValueOnce(quota);
    await expect(saveAnswer('t4', 2, { marked: ['B'], flagged: false, time_ms: 1 })).rejects.toBeInstanceOf(StorageFullError);
    spy.mockRestore();
    expect((await answersOf('t4')).map((a) => a.grid_id)).toEqual([1]);
  });
});

describe('outbox flush', () => {
  it('sends the whole test state and clears the queue on success', async () => {
    await db.tests.add(test('t1'));
    await saveAnswer('t1', 1, { marked: ['A'], flagged: false, time_ms: 10 });
    const send = vi.fn<SyncSender>(async (tests) => tests.map((t) => ({ id: t.id, status: 'synced' as const, result: { score: 1 } })));
    const report = await flushOutbox(send, { owner: A, force: true });
    expect(report).toMatchObject({ sent: 1, synced: 1, failed: 0 });
    expect(send.mock.calls[0]![0][0]!.answers).toHaveLength(1);
    expect(await pendingCount(A)).toBe(0);
    const t = (await db.tests.get('t1'))!;
    expect(t.synced).toBe(1);
    expect(t.result_source).toBe('server');
  });

  it('keeps everything queued when the network fails, and retries later with the same ids', async () => {
    await db.tests.add(test('t1'));
    await saveAnswer('t1', 1, { marked: ['A'], flagged: false, time_ms: 10 });
    const failing = vi.fn<SyncSender>(async () => {
      throw new Error('FORM_REQUEST_FAILED');
    });
    expect((await flushOutbox(failing, { owner: A, force: true })).failed).toBe(1);
    const item = (await db.outbox.toArray())[0]!;
    expect(item.attempts).toBe(1);
    expect(item.last_error).toBe('FORM_REQUEST_FAILED');
    const ids: string[] = [];
    const ok = vi.fn<SyncSender>(async (tests) => {
      ids.push(...tests.flatMap((t) => t.answers.map((a) => a.id)));
      return tests.map((t) => ({ id: t.id, status: 'synced' as const }));
    });
    await flushOutbox(ok, { owner: A, force: true });
    await flushOutbox(ok, { owner: A, force: true });
    expect(ok).toHaveBeenCalledTimes(1); // the second flush finds nothing to send
    expect(ids).toEqual([(await answersOf('t1'))[0]!.id]);
  });

  it('runs one flush at a time when triggered twice (online event + start)', async () => {
    await db.tests.add(test('t1'));
    await saveAnswer('t1', 1, { marked: ['A'], flagged: false, time_ms: 10 });
    const send = vi.fn<SyncSender>(async (tests) => tests.map((t) => ({ id: t.id, status: 'synced' as const })));
    const [a, b] = await Promise.all([flushOutbox(send, { owner: A, force: true }), flushOutbox(send, { owner: A, force: true })]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  it('handles partial failure: synced tests leave the queue, rejected ones stop retrying', async () => {
    await db.tests.bulkAdd([test('ok'), test('bad')]);
    await saveAnswer('ok', 1, { marked: ['A'], flagged: false, time_ms: 10 });
    await saveAnswer('bad', 1, { marked: ['A'], flagged: false, time_ms: 10 });
    const send: SyncSender = async (tests) =>
      tests.map((t) => (t.id === 'ok' ? { id: t.id, status: 'synced' } : { id: t.id, status: 'rejected', code: 'FORM_PREMIUM_GRIDS_ONLY' }));
    const report = await flushOutbox(send, { owner: A, force: true });
    expect(report).toMatchObject({ synced: 1, rejected: 1 });
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ test_id: 'bad', rejected: 'FORM_PREMIUM_GRIDS_ONLY', last_error: 'FORM_PREMIUM_GRIDS_ONLY' });
    expect(await pendingCount(A)).toBe(0);
  });

  it('keeps a test queued when it changed while the request was in flight', async () => {
    await db.tests.add(test('t1'));
    await saveAnswer('t1', 1, { marked: ['A'], flagged: false, time_ms: 10 }, new Date('2026-11-21T10:01:00Z'));
    const send: SyncSender = async (tests) => {
      await saveAnswer('t1', 2, { marked: ['B'], flagged: false, time_ms: 10 }, new Date('2026-11-21T10:02:00Z'));
      return tests.map((t) => ({ id: t.id, status: 'synced' as const }));
    };
    await flushOutbox(send, { owner: A, force: true });
    expect(await pendingCount(A)).toBe(1);
    expect((await db.tests.get('t1'))!.synced).toBe(0);
  });
});

describe('outbox never gives up (issue 11 §1)', () => {
  const failing: SyncSender = async () => {
    throw new Error('FORM_REQUEST_FAILED');
  };
  const ok: SyncSender = async (tests) => tests.map((t) => ({ id: t.id, status: 'synced' as const }));

  it('still sends an answer after many failed attempts (a long outage, a weak signal)', async () => {
    await db.tests.add(test('t1'));
    await saveAnswer('t1', 1, { marked: ['A'], flagged: false, time_ms: 10 });
    for (let i = 0; i < 15; i++) await flushOutbox(failing, { owner: A, force: true });
    expect((await db.outbox.toArray())[0]!.attempts).toBe(15);
    expect(await pendingCount(A)).toBe(1);
    const send = vi.fn(ok);
    expect((await flushOutbox(send, { owner: A, force: true })).synced).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('backs off after a failure (exponential, jitter, capped) unless a trigger forces a retry', async () => {
    await db.tests.add(test('t1'));
    await saveAnswer('t1', 1, { marked: ['A'], flagged: false, time_ms: 10 });
    const t0 = 1_000_000;
    const report = await flushOutbox(failing, { owner: A, now: () => t0, random: () => 1 });
    expect(report.nextAt).toBe(t0 + 2_000);
    const send = vi.fn(ok);
    await flushOutbox(send, { owner: A, now: () => t0 + 1_000 });
    expect(send).not.toHaveBeenCalled(); // not due yet
    await flushOutbox(send, { owner: A, now: () => t0 + 2_000 });
    expect(send).toHaveBeenCalledTimes(1);
    expect(backoffMs(1, () => 1)).toBe(2_000);
    expect(backoffMs(3, () => 1)).toBe(8_000);
    expect(backoffMs(50, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(50, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });

  it("never sends account A's entries while account B is signed in; they wait for A", async () => {
    await db.tests.add({ ...test('mine-a'), owner_id: A });
    await saveAnswer('mine-a', 1, { marked: ['A'], flagged: false, time_ms: 10 });
    expect((await db.outbox.toArray())[0]!.owner_id).toBe(A);
    localStorage.setItem('token', 'token-b');
    localStorage.setItem('user_id', '2');
    // B cannot even answer A's test on this device.
    await expect(saveAnswer('mine-a', 2, { marked: ['B'], flagged: false, time_ms: 1 })).rejects.toThrow('FORM_TEST_NOT_FOUND');
    const send = vi.fn(ok);
    await flushOutbox(send, { owner: 2, force: true });
    expect(send).not.toHaveBeenCalled();
    expect(await pendingCount(2)).toBe(0);
    expect(await pendingCount(A)).toBe(1);
    await flushOutbox(send, { owner: A, force: true });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].map((t) => t.id)).toEqual(['mine-a']);
  });
});

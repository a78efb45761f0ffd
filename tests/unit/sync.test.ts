import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type LocalTest } from '../../src/offline/db.ts';
import { saveAnswer } from '../../src/offline/answers.ts';
import { app } from '../../src/state/app.ts';

const syncTests = vi.fn();
vi.mock('../../src/api/practice.ts', () => ({ syncTests: (...args: unknown[]) => syncTests(...args) }));

const { syncNow, toServerPayload, toOutcome, cancelRetry } = await import('../../src/offline/sync.ts');

function test(id: string, extra: Partial<LocalTest> = {}): LocalTest {
  const now = '2026-11-21T10:00:00.000Z';
  return {
    id, manual_id: 1, mode: 'exam', status: 'unfinished', grid_ids: [1, 2], time_limit_s: 600, remaining_s: 600,
    started_at: now, finished_at: null, updated_at: now, source: 'offline', synced: 0, result: null, result_source: null, ...extra,
  };
}

const result = { score: 2, max_score: 2, grade: 10, passed: true, exam_points: 90, profile: 'timisoara', mapping: 'by_type', counts: { right: 2, partial: 0, wrong: 0, blank: 0 } };

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.setItem('token', 't');
  localStorage.setItem('user_id', '1');
  app.toasts.splice(0);
  syncTests.mockReset();
});
afterEach(() => cancelRetry());

describe('sync mapping', () => {
  it('sanitises the payload for the server schema', () => {
    const p = toServerPayload({
      id: 'x', manual_id: 0, mode: 'tutor', status: 'unfinished', grid_ids: [1], time_limit_s: 30, remaining_s: 50, started_at: 's', finished_at: null, source: 'offline', finish_reason: null,
      answers: [{ id: 'a', grid_id: 1, marked: ['B', 'A', 'A'], flagged: false, time_ms: 12.7, answered_at: 'x' }],
    });
    expect(p.manual_id).toBeNull();
    expect(p.time_limit_s).toBeNull();
    expect(p.remaining_s).toBeNull();
    expect(p.answers[0]).toMatchObject({ marked: ['A', 'B'], time_ms: 13 });
    expect(toOutcome({ id: 'x', status: 'conflict', code: 'FORM_SYNC_CONFLICT', test_status: 'finished' })).toEqual({ id: 'x', status: 'conflict', code: 'FORM_SYNC_CONFLICT' });
  });

  it('stores the server result and status, toasts OFFLINE_SYNCED once', async () => {
    await db.tests.bulkAdd([test('a', { status: 'finished', result: { score: 1 }, result_source: 'local' }), test('b')]);
    await saveAnswer('b', 1, { marked: ['A'], flagged: false, time_ms: 5 });
    await db.outbox.add({ test_id: 'a', created_at: 'x', attempts: 0, last_error: null, offline: true });
    syncTests.mockImplementation(async (tests: { id: string }[]) => ({
      success: 'TEST_SYNCED',
      tests: tests.map((t) => (t.id === 'a' ? { id: 'a', status: 'synced', test_status: 'finished', result } : { id: t.id, status: 'synced', test_status: 'finished', result })),
    }));
    const s = await syncNow();
    expect(s).toMatchObject({ synced: 2, offlineSynced: 2 });
    const a = (await db.tests.get('a'))!;
    expect(a).toMatchObject({ synced: 1, result_source: 'server', result });
    // The server expired test b: the device follows.
    expect((await db.tests.get('b'))!.status).toBe('finished');
    expect(app.toasts.filter((t) => t.code === 'OFFLINE_SYNCED')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.meta.get('scoring_profile'))?.value).toBe('timisoara');
  });

  it('triggers arriving together (online event, screen, service worker) give one notice, not one each', async () => {
    await db.tests.add(test('m'));
    await saveAnswer('m', 1, { marked: ['A'], flagged: false, time_ms: 5 });
    syncTests.mockImplementation(async (tests: { id: string }[]) => ({ success: 'TEST_SYNCED', tests: tests.map((t) => ({ id: t.id, status: 'synced', test_status: 'unfinished' })) }));
    await Promise.all([syncNow(), syncNow(), syncNow()]);
    await new Promise((r) => setTimeout(r, 50)); // the follow-up run finds nothing
    expect(app.toasts.filter((t) => t.code === 'OFFLINE_SYNCED')).toHaveLength(1);
    expect(syncTests).toHaveBeenCalledTimes(1);
  });

  it('no OFFLINE_SYNCED notice for work done online (issue 11 §4.2); the origin goes to the server as it is', async () => {
    await db.tests.add(test('on', { source: 'online', synced: 1 }));
    await saveAnswer('on', 1, { marked: ['A'], flagged: false, time_ms: 5 });
    syncTests.mockImplementation(async (tests: { id: string }[]) => ({ success: 'TEST_SYNCED', tests: tests.map((t) => ({ id: t.id, status: 'synced', test_status: 'unfinished' })) }));
    const s = await syncNow();
    expect(s).toMatchObject({ synced: 1, offlineSynced: 0 });
    expect(syncTests.mock.calls[0]![0][0]).toMatchObject({ source: 'online', finish_reason: null });
    expect(app.toasts.filter((t) => t.code === 'OFFLINE_SYNCED')).toHaveLength(0);
  });

  it("sends an account's entries only with that account's token; another account's wait", async () => {
    localStorage.setItem('token', 'token-a');
    await db.tests.add(test('ta', { owner_id: 1 }));
    await saveAnswer('ta', 1, { marked: ['A'], flagged: false, time_ms: 5 });
    localStorage.setItem('token', 'token-b');
    localStorage.setItem('user_id', '2');
    await db.tests.add(test('tb', { owner_id: 2 }));
    await saveAnswer('tb', 1, { marked: ['B'], flagged: false, time_ms: 5 });
    syncTests.mockImplementation(async (tests: { id: string }[]) => ({ success: 'TEST_SYNCED', tests: tests.map((t) => ({ id: t.id, status: 'synced', test_status: 'unfinished' })) }));
    await syncNow();
    expect(syncTests.mock.calls.map((c) => [(c[0] as { id: string }[]).map((t) => t.id), c[1]])).toEqual([[['tb'], 'token-b']]);
    expect((await db.outbox.toArray()).map((i) => i.test_id)).toEqual(['ta']);
    localStorage.setItem('token', 'token-a');
    localStorage.setItem('user_id', '1');
    await syncNow();
    expect(syncTests.mock.calls[1]).toEqual([[expect.objectContaining({ id: 'ta' })], 'token-a']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('warns on conflict (the server kept the first finish) and shows rejections', async () => {
    await db.tests.bulkAdd([test('c', { status: 'finished' }), test('d')]);
    await db.outbox.bulkAdd([
      { test_id: 'c', created_at: 'x', attempts: 0, last_error: null },
      { test_id: 'd', created_at: 'x', attempts: 0, last_error: null },
    ]);
    syncTests.mockResolvedValue({
      success: 'TEST_SYNCED',
      tests: [
        { id: 'c', status: 'conflict', code: 'FORM_SYNC_CONFLICT', test_status: 'finished', result },
        { id: 'd', status: 'rejected', code: 'FORM_PREMIUM_GRIDS_ONLY' },
      ],
    });
    const s = await syncNow();
    expect(s.conflicts).toBe(1);
    expect(s.offlineSynced).toBe(0);
    expect(app.toasts.map((t) => [t.code, t.type])).toEqual([
      ['FORM_SYNC_CONFLICT', 'warning'],
      ['FORM_PREMIUM_GRIDS_ONLY', 'error'],
    ]);
    expect((await db.tests.get('c'))!.result_source).toBe('server');
  });

  it('keeps everything queued when the request fails', async () => {
    await db.tests.add(test('e'));
    await saveAnswer('e', 1, { marked: ['A'], flagged: false, time_ms: 5 });
    syncTests.mockRejectedValue(new Error('FORM_REQUEST_FAILED'));
    const s = await syncNow();
    expect(s.failed).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(app.toasts).toHaveLength(0);
  });
});

describe('coalesced triggers', () => {
  it('flushes again when a change arrived while another flush was in flight', async () => {
    await db.tests.add(test('f'));
    await saveAnswer('f', 1, { marked: ['A'], flagged: false, time_ms: 5 }, new Date('2026-11-21T10:01:00Z'));
    const statuses: string[] = [];
    let first = true;
    syncTests.mockImplementation(async (tests: { id: string; status: string }[]) => {
      statuses.push(tests[0]!.status);
      if (first) {
        first = false;
        // The candidate finishes while the first request is in flight.
        await db.tests.update('f', { status: 'finished', updated_at: '2026-11-21T10:02:00.000Z', synced: 0 });
      }
      return { success: 'TEST_SYNCED', tests: tests.map((t) => ({ id: t.id, status: 'synced', test_status: t.status })) };
    });
    await syncNow();
    expect(statuses).toEqual(['unfinished', 'finished']);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.tests.get('f'))!.synced).toBe(1);
  });
});

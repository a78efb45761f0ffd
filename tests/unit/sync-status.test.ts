import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../src/state/app.ts';
import { setNavigate } from '../../src/shell/navigation.ts';
import { logout } from '../../src/state/user.ts';
import { db, type LocalTest } from '../../src/offline/db.ts';
import { saveAnswer } from '../../src/offline/answers.ts';
import { describeOutbox, waitingText, answersText, isReallyWaiting, WAITING_GRACE_MS } from '../../src/offline/sync-state.ts';
import { replacedByMaintenance } from '../../src/shell/maintenance.ts';
import { api, onApiSuccess } from '../../src/api/client.ts';
import { stubFetch } from './shell-helpers.ts';
import { checkDeviceData } from '../../src/offline/device-data.ts';

function test(id: string, owner: number): LocalTest {
  const now = '2026-11-21T10:00:00.000Z';
  return {
    id, manual_id: 1, mode: 'exam', status: 'unfinished', grid_ids: [1, 2, 3], time_limit_s: null, remaining_s: null,
    started_at: now, finished_at: null, updated_at: now, source: 'online', synced: 1, result: null, result_source: null, owner_id: owner,
  };
}

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.clear();
  localStorage.setItem('token', 'token-a');
  localStorage.setItem('user_id', '1');
  app.toasts.splice(0);
  app.maintenance = false;
  app.logoutConfirm = null;
  setNavigate(vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe('what the user is told about unsent answers', () => {
  it('counts the answers waiting and says since when; other accounts apart; refusals kept', async () => {
    await db.tests.bulkAdd([test('a', 1), test('b', 2)]);
    const at = new Date(2026, 10, 21, 14, 5);
    await saveAnswer('a', 1, { marked: ['A'], flagged: false, time_ms: 1 }, at);
    await saveAnswer('a', 2, { marked: ['B'], flagged: false, time_ms: 1 }, new Date(+at + 60_000));
    await db.outbox.add({ test_id: 'b', created_at: at.toISOString(), attempts: 3, last_error: 'x', owner_id: 2 });
    const s = describeOutbox(await db.outbox.toArray(), await db.answers.toArray(), 1);
    expect(s).toMatchObject({ tests: 1, answers: 2, otherAccounts: 1, rejected: [], failing: false });
    expect(waitingText(s)).toBe('2 răspunsuri așteaptă trimiterea din 14:05.');
    expect(answersText(1)).toBe('1 răspuns');
    expect(answersText(20)).toBe('20 de răspunsuri');
    expect(waitingText(describeOutbox([], [], 1))).toBeNull();
  });

  it('an answer on its way is not called waiting online until the grace passes; offline or after a failure at once', () => {
    const since = '2026-11-21T10:00:00.000Z';
    const t0 = Date.parse(since);
    const s = { tests: 1, answers: 1, since, otherAccounts: 0, rejected: [], failing: false };
    expect(isReallyWaiting(s, true, t0 + 750)).toBe(false);
    expect(isReallyWaiting(s, true, t0 + WAITING_GRACE_MS)).toBe(true);
    expect(isReallyWaiting(s, false, t0 + 10)).toBe(true);
    expect(isReallyWaiting({ ...s, failing: true }, true, t0 + 10)).toBe(true);
    expect(isReallyWaiting({ ...s, tests: 0, since: null }, false, t0)).toBe(false);
  });

  it('signing out with unsent answers asks first; "Deconectează-te oricum" signs out and the answers wait', async () => {
    await db.tests.add(test('a', 1));
    await saveAnswer('a', 1, { marked: ['A'], flagged: false, time_ms: 1 });
    const { calls } = stubFetch({ 'POST /api/v1/logout': { json: { success: 'LOGOUT_SUCCESSFUL' } } });
    await logout();
    expect(app.logoutConfirm).toBe(1);
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('token-a');
    await logout({ force: true });
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/logout']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(app.logoutConfirm).toBeNull();
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('maintenance and recovery', () => {
  it('the maintenance page replaces only screens that need the server', () => {
    expect(replacedByMaintenance('dash/test-solve')).toBe(false);
    expect(replacedByMaintenance('dash/test-results')).toBe(false);
    expect(replacedByMaintenance('dash/tests')).toBe(true);
    expect(replacedByMaintenance(undefined)).toBe(true);
  });

  it('a successful answer ends maintenance and tells the listeners (the outbox retries at once)', async () => {
    const heard: string[] = [];
    const off = onApiSuccess((p) => heard.push(p));
    stubFetch({ 'GET /api/v1/health': { status: 503, json: { errors: { general: ['MAINTENANCE_MODE'] } } } });
    await expect(api.get('/health')).rejects.toBeTruthy();
    expect(app.maintenance).toBe(true);
    expect(heard).toEqual([]);
    stubFetch({ 'GET /api/v1/health': { json: { ok: true } } });
    await api.get('/health');
    expect(app.maintenance).toBe(false);
    expect(heard).toEqual(['/api/v1/health']);
    off();
  });
});

describe("the device's data is gone", () => {
  it('says so when IndexedDB was cleared with unsent answers in it, and only then that answers were lost', async () => {
    expect(await checkDeviceData()).toBe('ok');
    await db.tests.add(test('a', 1));
    await saveAnswer('a', 1, { marked: ['A'], flagged: false, time_ms: 1 });
    expect(localStorage.getItem('outbox-pending')).toBe('1');
    expect(await checkDeviceData()).toBe('ok'); // same database
    await db.delete(); // the browser clears site storage (IndexedDB only)
    await db.open();
    expect(await checkDeviceData()).toBe('lost');
    expect(await checkDeviceData()).toBe('ok'); // said once
    await db.delete();
    await db.open();
    expect(await checkDeviceData()).toBe('cleared'); // nothing was waiting
  });
});

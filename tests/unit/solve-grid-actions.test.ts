import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { db, type GridAction } from '../../src/offline/db.ts';
import {
  applyPendingFavorites,
  classify,
  flushGridActions,
  gridBackoffMs,
  GRID_BACKOFF_CAP_MS,
  reportGridQueued,
  saveNote,
  setFavorite,
  setGridSender,
  toggleStrike,
  type GridActionSender,
} from '../../src/offline/grid-actions.ts';
import { ApiError } from '../../src/api/errors.ts';

const offline = () => new ApiError(null, { errors: { general: ['FORM_REQUEST_FAILED'] } });
const http = (status: number, code: string) => new ApiError(status, { errors: { general: [code] } });
const down: GridActionSender = async () => {
  throw offline();
};
const previous = setGridSender(down);
afterAll(() => setGridSender(previous));

beforeEach(async () => {
  setGridSender(down);
  await db.delete();
  await db.open();
  localStorage.setItem('token', 'token-a');
  localStorage.setItem('user_id', '1');
});

describe('per-grid action queue', () => {
  it('saves a favourite on the device first and keeps only the latest state queued', async () => {
    await setFavorite(5, true);
    await setFavorite(5, false);
    await setFavorite(5, true);
    expect(await db.favorites.get(5)).toBeTruthy();
    const queued = await db.grid_actions.toArray();
    expect(queued.map((a) => [a.kind, a.grid_id, a.owner_id])).toEqual([['favorite', 5, 1]]);
  });

  it('sends each entry once with its client id, and the report id is that client id', async () => {
    const sent: GridAction[] = [];
    const ok: GridActionSender = async (a) => {
      sent.push(a);
    };
    const queued = await reportGridQueued(7, 'Varianta B este greșită.');
    expect(queued).toBe('queued');
    const report = await flushGridActions({ force: true, send: ok });
    expect(report.sent).toBe(1);
    expect(sent[0]!.kind).toBe('report');
    expect(sent[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.grid_actions.count()).toBe(0);
    await flushGridActions({ force: true, send: ok });
    expect(sent).toHaveLength(1);
  });

  it('never gives up: backs off (capped) and keeps the entry after many failures', async () => {
    await reportGridQueued(7, 'Varianta B este greșită.'); // first attempt, fails
    let t = 1_000_000;
    for (let i = 0; i < 30; i++) {
      await flushGridActions({ force: true, now: () => t, random: () => 1 });
      t += 1;
    }
    const [entry] = await db.grid_actions.toArray();
    expect(entry!.attempts).toBe(31);
    expect(entry!.rejected).toBeFalsy();
    expect(entry!.next_at - t).toBeLessThanOrEqual(GRID_BACKOFF_CAP_MS);
    expect(gridBackoffMs(1, () => 1)).toBe(2_000);
    expect(gridBackoffMs(50, () => 1)).toBe(GRID_BACKOFF_CAP_MS);
    // Not due yet: an automatic (not forced) flush leaves it alone.
    const calls: GridAction[] = [];
    await flushGridActions({ now: () => t, send: async (a) => void calls.push(a) });
    expect(calls).toHaveLength(0);
    await flushGridActions({ now: () => entry!.next_at, send: async (a) => void calls.push(a) });
    expect(calls).toHaveLength(1);
    expect(await db.grid_actions.count()).toBe(0);
  });

  it('takes "already a favourite" / "not a favourite" as done, a gone grid as refused for good', async () => {
    const fav = { kind: 'favorite' } as GridAction;
    const unfav = { kind: 'unfavorite' } as GridAction;
    expect(classify(fav, http(409, 'FORM_GRID_ALREADY_FAVORITE'))).toBe('done');
    expect(classify(unfav, http(404, 'FORM_GRID_NOT_FAVORITE'))).toBe('done');
    expect(classify(fav, http(404, 'FORM_GRID_NOT_FOUND'))).toBe('rejected');
    expect(classify(fav, http(503, 'MAINTENANCE_MODE'))).toBe('retry');
    expect(classify(fav, http(401, 'UNAUTHORIZED'))).toBe('retry');
    expect(classify(fav, offline())).toBe('retry');
    await setFavorite(9, true);
    await flushGridActions({ force: true, send: async () => Promise.reject(http(409, 'FORM_GRID_ALREADY_FAVORITE')) });
    expect(await db.grid_actions.count()).toBe(0);
  });

  it("sends only the signed-in owner's entries", async () => {
    await setFavorite(3, true);
    localStorage.setItem('user_id', '2');
    const sent: GridAction[] = [];
    await flushGridActions({ force: true, send: async (a) => void sent.push(a) });
    expect(sent).toHaveLength(0);
    localStorage.setItem('user_id', '1');
    await flushGridActions({ force: true, send: async (a) => void sent.push(a) });
    expect(sent).toHaveLength(1);
  });

  it('sends the latest note text and marks it synced only if unchanged since', async () => {
    await saveNote(4, 'prima');
    await saveNote(4, 'a doua');
    expect(await db.grid_actions.count()).toBe(1);
    const texts: string[] = [];
    await flushGridActions({ force: true, send: async (_a, note) => void texts.push(note!.text) });
    expect(texts).toEqual(['a doua']);
    expect((await db.notes.get([1, 4]))!.synced).toBe(1);
    await expect(saveNote(4, 'x'.repeat(2001))).rejects.toThrow('FORM_NOTE_TOO_LONG');
  });

  it('re-applies queued favourites after the server list replaced the mirror', async () => {
    await setFavorite(11, true);
    await db.favorites.clear(); // the favourites page mirrored a server list without it
    await applyPendingFavorites();
    expect(await db.favorites.get(11)).toBeTruthy();
  });

  it('strikes out and restores options per test and grid', async () => {
    expect(await toggleStrike('t1', 2, 'C')).toEqual(['C']);
    expect(await toggleStrike('t1', 2, 'A')).toEqual(['A', 'C']);
    expect(await toggleStrike('t1', 2, 'C')).toEqual(['A']);
    expect(await db.strikes.get(['t2', 2])).toBeUndefined();
  });
});

// Per-grid actions made from the solve and results screens (issue 11 §4.4, §5) — favourite,
// report, personal note — saved on the device first, like answers, and sent by this small queue.
// Its own queue (not the answers outbox): each entry has a client UUID and is idempotent on the
// server (a report carries it as client_id; a favourite add/remove that was already applied
// answers 409/404, taken as done; a note PUT carries the time it was written, the later wins).
// A failed attempt is retried with backoff (2 s doubling, capped at 60 s) and never given up;
// `online`, start and any successful API answer retry at once. Only a refusal for good (the grid
// is gone, the input is invalid) stops an entry, which stays with its code. Entries belong to the
// account that made them and are sent only while that account is signed in.
import { db, type GridAction, type GridActionKind, type LocalNote } from './db.ts';
import { currentOwner } from './owner.ts';
import { ApiError } from '../api/errors.ts';
import { api, onApiSuccess } from '../api/client.ts';
import { noteTextProblem } from '../shared/note-rules.ts';
import type { GridNote } from '../shared/grid-actions-schema.ts';
import type { OptionLetter } from '../shared/constants.ts';

export const GRID_BACKOFF_BASE_MS = 2_000;
export const GRID_BACKOFF_CAP_MS = 60_000;

/** Delay before the next automatic attempt after `attempts` failures, with jitter (50–100 %). */
export function gridBackoffMs(attempts: number, random: () => number = Math.random): number {
  const raw = Math.min(GRID_BACKOFF_CAP_MS, GRID_BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 16)));
  return Math.round(raw * (0.5 + 0.5 * random()));
}

const owner = () => currentOwner() ?? 0;
const uuid = () => crypto.randomUUID();

function newAction(kind: GridActionKind, gridId: number, now: Date, payload?: GridAction['payload']): GridAction {
  return { id: uuid(), owner_id: owner(), grid_id: gridId, kind, payload, created_at: now.toISOString(), attempts: 0, next_at: 0, last_error: null };
}

/** Removes the queued entries of these kinds for the grid (a newer state replaces them). */
async function dropQueued(gridId: number, kinds: GridActionKind[]): Promise<void> {
  const me = owner();
  await db.grid_actions
    .where('grid_id')
    .equals(gridId)
    .filter((a) => a.owner_id === me && kinds.includes(a.kind) && !a.rejected)
    .delete();
}

// ---------- Actions (device first, then a prompt attempt) ----------

/** Marks or unmarks a favourite on the device and queues the change (the latest state wins). */
export async function setFavorite(gridId: number, on: boolean, now = new Date()): Promise<void> {
  await db.transaction('rw', db.favorites, db.grid_actions, async () => {
    if (on) await db.favorites.put({ grid_id: gridId, added_at: now.toISOString() });
    else await db.favorites.delete(gridId);
    await dropQueued(gridId, ['favorite', 'unfavorite']);
    await db.grid_actions.add(newAction(on ? 'favorite' : 'unfavorite', gridId, now));
  });
  void flushGridActions({ force: true });
}

/** Queues a report and tries to send it now: 'sent' when the server has it, 'queued' otherwise. */
export async function reportGridQueued(gridId: number, reason: string, now = new Date()): Promise<'sent' | 'queued'> {
  const action = newAction('report', gridId, now, { reason });
  await db.grid_actions.add(action);
  await flushGridActions({ force: true });
  return (await db.grid_actions.get(action.id)) ? 'queued' : 'sent';
}

/** Saves a note on the device (empty text = no note) and queues it for the server. */
export async function saveNote(gridId: number, text: string, now = new Date()): Promise<LocalNote> {
  const problem = noteTextProblem(text);
  if (problem) throw new Error(problem);
  const note: LocalNote = { owner_id: owner(), grid_id: gridId, text, updated_at: now.toISOString(), synced: 0 };
  await db.transaction('rw', db.notes, db.grid_actions, async () => {
    await db.notes.put(note);
    await dropQueued(gridId, ['note']);
    await db.grid_actions.add(newAction('note', gridId, now));
  });
  void flushGridActions({ force: true });
  return note;
}

/** The signed-in account's note for a grid on this device (live queries read db.notes directly). */
export function noteKey(gridId: number): [number, number] {
  return [owner(), gridId];
}

/** Brings the server's note onto the device when the device has none or only an older synced copy. */
export async function pullNote(gridId: number): Promise<void> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  const me = owner();
  if (!me) return;
  let remote: GridNote | null;
  try {
    remote = (await api.get<{ note: GridNote | null }>(`grids/${gridId}/note`)).note;
  } catch {
    return; // the local copy stays; nothing to lose
  }
  await db.transaction('rw', db.notes, async () => {
    const local = await db.notes.get([me, gridId]);
    if (local && local.synced === 0) return; // an edit not yet sent wins
    if (!remote) {
      if (local) await db.notes.delete([me, gridId]);
      return;
    }
    if (local && local.updated_at >= remote.updated_at) return;
    await db.notes.put({ owner_id: me, grid_id: gridId, text: remote.text, updated_at: remote.updated_at, synced: 1 });
  });
}

/** Strikes out (or restores) an option: a visual aid for this test and grid, on the device only. */
export async function toggleStrike(testId: string, gridId: number, letter: OptionLetter): Promise<OptionLetter[]> {
  return db.transaction('rw', db.strikes, async () => {
    const row = await db.strikes.get([testId, gridId]);
    const current = row?.letters ?? [];
    const letters = current.includes(letter) ? current.filter((l) => l !== letter) : [...current, letter].sort();
    if (letters.length) await db.strikes.put({ test_id: testId, grid_id: gridId, letters });
    else await db.strikes.delete([testId, gridId]);
    return letters;
  });
}

/** The favourites the server list does not know yet (queued here): applied after mirroring it. */
export async function applyPendingFavorites(): Promise<void> {
  const me = owner();
  const pending = (await db.grid_actions.where('owner_id').equals(me).toArray())
    .filter((a) => (a.kind === 'favorite' || a.kind === 'unfavorite') && !a.rejected)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  await db.transaction('rw', db.favorites, async () => {
    for (const a of pending) {
      if (a.kind === 'favorite') await db.favorites.put({ grid_id: a.grid_id, added_at: a.created_at });
      else await db.favorites.delete(a.grid_id);
    }
  });
}

// ---------- The queue ----------

/** Sends one entry; throws ApiError on failure. Injectable for tests. */
export type GridActionSender = (action: GridAction, note: LocalNote | undefined) => Promise<void>;

export const sendGridAction: GridActionSender = async (a, note) => {
  switch (a.kind) {
    case 'favorite':
      await api.post('favorites', { grid_id: a.grid_id });
      return;
    case 'unfavorite':
      await api.delete(`favorites/${a.grid_id}`);
      return;
    case 'report':
      await api.post(`grids/${a.grid_id}/report`, { reason: a.payload?.reason ?? '', client_id: a.id });
      return;
    case 'note':
      await api.put(`grids/${a.grid_id}/note`, { text: note?.text ?? '', updated_at: note?.updated_at });
      return;
  }
};

let defaultSender: GridActionSender = sendGridAction;
/** Replaces the sender of every flush (unit tests); returns the previous one. */
export function setGridSender(send: GridActionSender): GridActionSender {
  const previous = defaultSender;
  defaultSender = send;
  return previous;
}

/** What a failure means: done (already applied), retry later, or refused for good. */
export function classify(a: GridAction, err: unknown): 'done' | 'retry' | 'rejected' {
  if (!(err instanceof ApiError) || err.status === null) return 'retry';
  if (a.kind === 'favorite' && err.status === 409) return 'done';
  if (a.kind === 'unfavorite' && err.status === 404) return 'done';
  if (err.status >= 500 || err.status === 401 || err.status === 408 || err.status === 429) return 'retry';
  return 'rejected';
}

export type GridFlushReport = { sent: number; failed: number; rejected: number; nextAt: number | null };
export type GridFlushOptions = { force?: boolean; now?: () => number; random?: () => number; send?: GridActionSender };

let running: Promise<GridFlushReport> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Sends the signed-in account's queued actions. Flushes run one after another: a request made during one runs after it. */
export function flushGridActions(options: GridFlushOptions = {}): Promise<GridFlushReport> {
  const start = () => doFlush(options);
  const p: Promise<GridFlushReport> = (running ? running.then(start, start) : start()).finally(() => {
    if (running === p) running = null;
  });
  running = p;
  return p;
}

async function doFlush({ force = false, now = Date.now, random = Math.random, send = defaultSender }: GridFlushOptions): Promise<GridFlushReport> {
  const report: GridFlushReport = { sent: 0, failed: 0, rejected: 0, nextAt: null };
  const me = currentOwner();
  if (me === null) return report;
  const due = (await db.grid_actions.where('owner_id').equals(me).toArray())
    .filter((a) => !a.rejected && (force || a.next_at <= now()))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const a of due) {
    // Replaced meanwhile (a newer favourite state or note text): nothing to send.
    if (!(await db.grid_actions.get(a.id))) continue;
    const note = a.kind === 'note' ? await db.notes.get([me, a.grid_id]) : undefined;
    let outcome: 'done' | 'retry' | 'rejected';
    let code: string | null = null;
    try {
      await send(a, note);
      outcome = 'done';
    } catch (err) {
      outcome = classify(a, err);
      code = err instanceof ApiError ? err.code : 'FORM_REQUEST_FAILED';
    }
    if (outcome === 'done') {
      report.sent++;
      await db.transaction('rw', db.grid_actions, db.notes, async () => {
        await db.grid_actions.delete(a.id);
        if (note) {
          const latest = await db.notes.get([me, a.grid_id]);
          if (latest && latest.updated_at === note.updated_at) await db.notes.update([me, a.grid_id], { synced: 1 });
        }
      });
    } else if (outcome === 'rejected') {
      report.rejected++;
      await db.grid_actions.update(a.id, { rejected: code, last_error: code });
    } else {
      report.failed++;
      const attempts = a.attempts + 1;
      const next = now() + gridBackoffMs(attempts, random);
      report.nextAt = report.nextAt === null ? next : Math.min(report.nextAt, next);
      await db.grid_actions.update(a.id, { attempts, next_at: next, last_error: code });
      // No connection: the rest would fail the same way; they go with the next attempt.
      if (code === 'FORM_REQUEST_FAILED') break;
    }
  }
  if (report.nextAt !== null) retryAt(report.nextAt, now());
  return report;
}

function retryAt(at: number, now: number): void {
  if (typeof window === 'undefined') return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(
    () => {
      timer = null;
      void flushGridActions();
    },
    Math.max(0, at - now),
  );
}

let started = false;
let lastKick = 0;

/** At start: send what waits, and again on `online`, on focus and after any successful API answer (throttled). */
export function startGridActions(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void flushGridActions({ force: true });
  window.addEventListener('online', () => void flushGridActions({ force: true }));
  const kick = () => {
    const t = Date.now();
    if (t - lastKick < 3_000) return;
    lastKick = t;
    void db.grid_actions
      .where('owner_id')
      .equals(owner())
      .filter((a) => !a.rejected)
      .count()
      .then((n) => (n ? flushGridActions({ force: true }) : undefined))
      .catch(() => undefined);
  };
  window.addEventListener('focus', kick);
  onApiSuccess((path) => {
    // Our own requests succeeding must not start another round.
    if (!/\/(favorites|note|report)/.test(path)) kick();
  });
}

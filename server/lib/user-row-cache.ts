// The users rows GET /user answers with, kept in memory (issue 12 §3): the app asks for the user
// on every start and focus, and on PGlite that one query was four fifths of the call's cost.
//
// A row is dropped when the database announces a change to it (migration 028: a trigger on users,
// NOTIFY at commit, heard by every process; a process hears its own writes before the write call
// returns, see Db.listen). An entry also ends after `ttlMs`, which bounds the harm of anything
// unforeseen; while the announcements might be missed (a lost listening connection) the cache is
// off, and it starts empty when they are heard again.
//
// A read that raced a change must not be kept: a row read before a commit can arrive after its
// announcement. So a read takes a ticket first (the count of announcements so far) and its row is
// stored only if no announcement for that user came after the ticket.
import type { UserRow } from '../modules/auth/user-dto.ts';

export type UserRowCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** The clock (ms); tests move it by hand. */
  now?: () => number;
};

type Entry = { row: UserRow; loadedAt: number };

export class UserRowCache {
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  private readonly entries = new Map<number, Entry>();
  // Announcement number of each user's last change, the oldest forgotten first (bounded like the
  // entries); a forgotten user counts as changed at `forgottenUpTo`.
  private readonly changedAt = new Map<number, number>();
  private forgottenUpTo = 0;
  private announcements = 0;
  private listening = false;

  constructor(opts: UserRowCacheOptions) {
    this.ttlMs = opts.ttlMs;
    this.maxEntries = opts.maxEntries;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether changes are being heard; while not, nothing is read from or kept in the cache. */
  get enabled(): boolean {
    return this.listening;
  }

  /** Called by the listener: true once every change will be heard (then from empty), false when not. */
  setListening(listening: boolean): void {
    if (listening && !this.listening) this.clear();
    this.listening = listening;
  }

  /** The kept row of a user, if any and not older than the cache life. */
  get(userId: number): UserRow | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (this.now() - entry.loadedAt >= this.ttlMs) {
      this.entries.delete(userId);
      return undefined;
    }
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.row;
  }

  /** Taken before reading a row from the database; give it back to set(). */
  ticket(): number {
    return this.announcements;
  }

  /** Keeps a row read after `ticket` was taken, unless the user changed since. */
  set(row: UserRow, ticket: number): void {
    if (!this.listening) return;
    const changed = this.changedAt.get(row.id) ?? this.forgottenUpTo;
    if (changed > ticket) return;
    this.entries.delete(row.id);
    this.entries.set(row.id, { row, loadedAt: this.now() });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A change to a user was announced: drop the row, and refuse rows read before now. */
  changed(userId: number): void {
    this.announcements += 1;
    this.entries.delete(userId);
    this.changedAt.delete(userId);
    this.changedAt.set(userId, this.announcements);
    while (this.changedAt.size > this.maxEntries) {
      const [oldest, at] = this.changedAt.entries().next().value!;
      this.changedAt.delete(oldest);
      this.forgottenUpTo = at;
    }
  }

  clear(): void {
    // Reads in flight started before this: their rows are not kept either.
    this.announcements += 1;
    this.forgottenUpTo = this.announcements;
    this.changedAt.clear();
    this.entries.clear();
  }
}

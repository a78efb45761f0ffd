// The IndexedDB mirror (Dexie): manuals, chapters and grids for offline reading and solving,
// the user's favourites and tests, and the outbox of changes not yet on the server.
import Dexie, { type EntityTable } from 'dexie';
import type { GridType, Difficulty, OptionLetter } from '../shared/constants.ts';
import type { BlockInput as Block } from '../shared/content-schema.ts';
import type { TestKind, TestSource } from '../shared/practice-payloads.ts';

export type LocalManual = {
  id: number;
  slug: string;
  title: string;
  subject: string;
  description: string;
  downloaded_at: string | null;
  size_bytes: number;
  grid_count: number;
};

export type { Block };

export type LocalChapter = {
  id: number;
  manual_id: number;
  slug: string;
  title: string;
  summary: string;
  sort: number;
  premium: boolean;
  blocks: Block[] | null;
};

export type LocalGrid = {
  id: number;
  chapter_id: number;
  manual_id: number;
  type: GridType;
  statement: string;
  options: Record<OptionLetter, string>;
  /** Known for downloaded manuals (self-practice) and after a test is finished. */
  correct: OptionLetter[] | null;
  explanation: string | null;
  explanation_photo: string | null;
  difficulty: Difficulty;
  premium: boolean;
};

export type TestStatus = 'unfinished' | 'finished' | 'abandoned';

export type LocalTest = {
  id: string; // uuid, client-generated
  manual_id: number;
  mode: 'tutor' | 'exam';
  status: TestStatus;
  grid_ids: number[];
  time_limit_s: number | null;
  remaining_s: number | null;
  started_at: string;
  finished_at: string | null;
  updated_at: string;
  source: TestSource;
  /** What the server says the test is (a simulation's result page is titled so offline too); absent on
   *  tests made on the device before the server's copy arrived, and on rows stored before it was kept. */
  kind?: TestKind;
  /** A simulation's centre (the slug of its scoring profile, from the server's filters): the device's
   *  plan counts a simulation finished here, before it is synced, for that centre. */
  centre?: string;
  /** 0 = has changes the server has not seen; 1 = in sync. */
  synced: 0 | 1;
  result: unknown | null;
  result_source: 'local' | 'server' | null;
  /** The account (user id) the test belongs to on this device; its answers are sent only with that account's token. Not indexed. */
  owner_id?: number | null;
  /** Index of the grid last shown on the solve screen (resume opens it). Device only, never synced. */
  last_index?: number;
};

export type LocalAnswer = {
  id: string; // uuid, client-generated
  test_id: string;
  grid_id: number;
  marked: OptionLetter[];
  flagged: boolean;
  time_ms: number;
  answered_at: string;
};

export type OutboxItem = {
  seq?: number;
  test_id: string;
  created_at: string;
  attempts: number;
  last_error: string | null;
  /** Owner (user id) of the change: flushed only while that account is signed in. Missing = made before owners were recorded. */
  owner_id?: number | null;
  /** Earliest next automatic attempt (ms since epoch) after a failure; triggers such as 'online' ignore it. */
  next_at?: number;
  /** The server refused the test for good (its code): kept so the user sees it, not retried. */
  rejected?: string | null;
  /** Something in this entry was made while the device was offline (for the one 'synced' notice). */
  offline?: boolean;
};

export type MetaItem = { key: string; value: unknown };

/** A personal note per grid and account (owner 0: nobody signed in). `synced` 0 while the server has not seen this text. */
export type LocalNote = { owner_id: number; grid_id: number; text: string; updated_at: string; synced: 0 | 1 };

/** Options struck out on the solve screen: a visual aid, per test and grid, kept on the device only. */
export type LocalStrike = { test_id: string; grid_id: number; letters: OptionLetter[] };

/** A favourite, report or note change waiting for the server (src/offline/grid-actions.ts). */
export type GridActionKind = 'favorite' | 'unfavorite' | 'report' | 'note';
export type GridAction = {
  id: string; // uuid, client-generated; a report's client_id
  owner_id: number;
  grid_id: number;
  kind: GridActionKind;
  /** report: { reason }. */
  payload?: { reason?: string };
  created_at: string;
  attempts: number;
  /** Earliest next automatic attempt (ms since epoch) after a failure. */
  next_at: number;
  last_error: string | null;
  /** The server refused it for good (its code): kept so it is not retried and can be shown. */
  rejected?: string | null;
};

/** A message written on this device and not yet accepted by the server (src/offline/message-outbox.ts). */
export type QueuedMessage = {
  id: string; // the message's uuid: sending it again is harmless (the server keeps one)
  owner_id: number;
  friend_id: number;
  text: string;
  grid: { id: number; statement: string; premium: boolean } | null;
  created_at: string;
  /** The server refused it for good (its code): kept, shown "Netrimis", never sent again, until the person deletes or copies it. */
  failed?: string;
  /** Network failures so far (no HTTP answer, 5xx, 429) and the earliest next automatic attempt (ms since epoch). */
  attempts?: number;
  next_at?: number;
};

/**
 * A group-test answer not yet acknowledged by the server (src/offline/group-pending.ts): one per
 * account, group and grid, with the client's uuid so a resend is the same answer on the server.
 */
export type PendingGroupAnswer = {
  owner_id: number;
  hash: string;
  grid_id: number;
  position: number;
  id: string;
  marked: string[];
  created_at: string;
};

export class GrilioDb extends Dexie {
  manuals!: EntityTable<LocalManual, 'id'>;
  chapters!: EntityTable<LocalChapter, 'id'>;
  grids!: EntityTable<LocalGrid, 'id'>;
  favorites!: EntityTable<{ grid_id: number; added_at: string }, 'grid_id'>;
  tests!: EntityTable<LocalTest, 'id'>;
  answers!: EntityTable<LocalAnswer, 'id'>;
  outbox!: EntityTable<OutboxItem, 'seq'>;
  meta!: EntityTable<MetaItem, 'key'>;
  notes!: Dexie.Table<LocalNote, [number, number]>;
  strikes!: Dexie.Table<LocalStrike, [string, number]>;
  grid_actions!: EntityTable<GridAction, 'id'>;
  message_outbox!: EntityTable<QueuedMessage, 'id'>;
  group_pending!: Dexie.Table<PendingGroupAnswer, [number, string, number]>;

  constructor(name = 'grilio') {
    super(name);
    this.version(1).stores({
      manuals: 'id, slug',
      chapters: 'id, manual_id, [manual_id+sort], slug',
      grids: 'id, chapter_id, manual_id',
      favorites: 'grid_id',
      tests: 'id, status, synced, started_at',
      answers: 'id, test_id, &[test_id+grid_id]',
      outbox: '++seq, test_id',
      meta: 'key',
    });
    // Version 2 (issue 11 §4.4, §5): notes, strike-outs and the queue of per-grid actions.
    this.version(2).stores({
      notes: '[owner_id+grid_id], owner_id',
      strikes: '[test_id+grid_id], test_id',
      grid_actions: 'id, owner_id, grid_id',
    });
    // Version 3 (issue 7 §3): messages written offline, waiting to be sent.
    this.version(3).stores({ message_outbox: 'id, owner_id, [owner_id+friend_id]' });
    // Version 4 (issue 22 §2): group answers given offline survive a reload until the server decides.
    this.version(4).stores({ group_pending: '[owner_id+hash+grid_id], [owner_id+hash]' });
  }
}

export const db = new GrilioDb();

// The IndexedDB mirror (Dexie): manuals, chapters and grids for offline reading and solving,
// the user's favourites and tests, and the outbox of changes not yet on the server.
import Dexie, { type EntityTable } from 'dexie';
import type { GridType, Difficulty, OptionLetter } from '../shared/constants.ts';
import type { BlockInput as Block } from '../shared/content-schema.ts';

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
  source: 'online' | 'offline';
  /** 0 = has changes the server has not seen; 1 = in sync. */
  synced: 0 | 1;
  result: unknown | null;
  result_source: 'local' | 'server' | null;
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
};

export type MetaItem = { key: string; value: unknown };

export class GrilioDb extends Dexie {
  manuals!: EntityTable<LocalManual, 'id'>;
  chapters!: EntityTable<LocalChapter, 'id'>;
  grids!: EntityTable<LocalGrid, 'id'>;
  favorites!: EntityTable<{ grid_id: number; added_at: string }, 'grid_id'>;
  tests!: EntityTable<LocalTest, 'id'>;
  answers!: EntityTable<LocalAnswer, 'id'>;
  outbox!: EntityTable<OutboxItem, 'seq'>;
  meta!: EntityTable<MetaItem, 'key'>;

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
  }
}

export const db = new GrilioDb();

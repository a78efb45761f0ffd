// Response and realtime payloads of the group tests (issue 10). Realtime events on
// presence-group.{hash} carry ids and small public facts only; clients read the rest with GET.
import type { Difficulty } from './constants.ts';

export type GroupStatus = 'lobby' | 'running' | 'finished' | 'stopped';
export type GroupMemberStatus = 'invited' | 'joined' | 'kicked' | 'left';

export type GroupMember = { user_id: number; name: string; status: GroupMemberStatus; ready: boolean };
export type GroupStanding = { user_id: number; name: string; score: number; answered: number };

/** The open grid, without its correct answers. */
export type GroupGrid = {
  position: number;
  id: number;
  type: 'CS' | 'CM' | 'CG';
  statement: string;
  options: Record<string, string>;
};

/** A closed grid: what was right, what I marked. */
export type GroupClosedGrid = {
  position: number;
  grid_id: number;
  correct: string[];
  marked: string[] | null;
  outcome: 'right' | 'partial' | 'wrong' | 'blank';
};

/** What the test covers, as chosen at creation (the lobby says it before anyone joins). */
export type GroupSource = { manual: string | null; chapters: string[]; difficulty: Difficulty | null };

/** A closed grid shown whole, between grids and on the results: its options, key and everyone's answer. */
export type GroupReveal = {
  position: number;
  grid_id: number;
  type: 'CS' | 'CM' | 'CG';
  statement: string;
  options: Record<string, string>;
  correct: string[];
  /** Why the key is right, read in the pause (null when the grid has none). */
  explanation: string | null;
  /** Each member who took part, by name: what they marked (null: no answer). */
  answers: Array<{ user_id: number; name: string; marked: string[] | null; outcome: GroupClosedGrid['outcome'] }>;
};

/**
 * Running, between two grids (or before grid 1): the next grid opens at `opens_at` (server time);
 * `closed` is the grid that just closed (null before grid 1).
 */
export type GroupPause = { opens_at: string; closed: GroupReveal | null };

export type GroupState = {
  hash: string;
  source: GroupSource;
  status: GroupStatus;
  creator_id: number;
  me: { user_id: number; status: GroupMemberStatus; ready: boolean };
  access_code: string;
  grid_count: number;
  seconds_per_grid: number;
  /** The pause between grids, chosen by the creator. */
  pause_seconds: number;
  position: number | null;
  grid_opened_at: string | null;
  grid_closes_at: string | null;
  /** Milliseconds the open grid has left when the server answered (null in a pause). */
  remaining_ms: number | null;
  /** The server's clock when it answered: the page measures its offset from it (src/shared/server-clock.ts). */
  server_now: string;
  /** Running and between grids: the next grid is not shown before opens_at. */
  pause: GroupPause | null;
  members: GroupMember[];
  grid: GroupGrid | null;
  /** My answer to the open grid (rejoin shows it again). */
  my_answer: string[] | null;
  answered_count: number;
  closed: GroupClosedGrid[];
  standings: GroupStanding[];
};

export type GroupResults = {
  hash: string;
  status: GroupStatus;
  grid_count: number;
  standings: GroupStanding[];
  /** Grids no member got right (ids in test order). */
  missed_by_all: Array<{ position: number; grid_id: number; statement: string }>;
  /** Grids at least one member did not get right: the group's retest. */
  missed_by_group: number[];
  mine: GroupClosedGrid[];
  /** Every closed grid whole (options, key, who answered what), in order. */
  grids: GroupReveal[];
};

export type GroupHistoryItem = {
  hash: string;
  status: GroupStatus;
  /** Who made the test (the creator role may have been handed on since). */
  author_name: string;
  grid_count: number;
  /** The people of the final ranking: joined, or left after joining. */
  members: number;
  /** Who joined and was removed by the creator (not in the ranking), by name. */
  removed: string[];
  /** My place in it: 'kicked' rows stay, with the points of the grids I answered before. */
  my_status: GroupMemberStatus;
  created_at: string;
  my_score: number | null;
};

export type GroupEvent =
  | { type: 'member'; user_id: number; status: GroupMemberStatus; ready: boolean }
  | { type: 'creator'; user_id: number }
  | { type: 'started'; position: number; opens_at: string; closes_at: string }
  | { type: 'answered'; user_id: number; position: number }
  | {
      type: 'grid-closed';
      position: number;
      next: number | null;
      /** When the next grid opens (server time), after the pause. */
      opens_at: string | null;
      standings: Array<{ user_id: number; score: number }>;
    }
  | { type: 'ended'; status: GroupStatus };

export const groupChannel = (hash: string) => `presence-group.${hash}`;
/** The one event name on the group channel; the payload's `type` tells what happened. */
export const GROUP_EVENT = 'group';

// The group's clock, owned by the server. One grid is open at a time, from grid_opened_at to
// grid_closes_at; the server accepts an answer it RECEIVES up to GROUP_ANSWER_GRACE_MS after
// grid_closes_at (a request already on its way when the timer hit zero, or resent after a short
// network drop), and never trusts a client timestamp. A grid closes (its answers become visible,
// standings update) at closes_at + grace — the first request after that catches it up, dated then
// — or at once when every joined member answered it. The next grid then opens the group's pause
// after the close, an absolute time every page learns in advance (the closing event, the state):
// in between, `position` already names the next grid but its content stays hidden, and the pages
// show the closed grid whole. Grid 1 likewise opens GROUP_START_LEAD_MS after the start. So a
// grid is never running before the members can see it, and each page counts down to the same
// server instant (the 7.8 s of 10 a late-caught-up grid used to show). No timers in memory:
// whichever process sees the group next advances it, under the group row lock (advance()).
import type { Db } from '../../db/db.ts';
import { GROUP_ANSWER_GRACE_MS, GROUP_START_LEAD_MS } from '../../../src/shared/group-schema.ts';
import type { GroupEvent } from '../../../src/shared/group-payloads.ts';
import type { GroupRow } from './queries.ts';
import { finalize } from './finalize.ts';

/** Replaceable in tests (vi.spyOn) to move time without waiting. */
export const groupClock = { now: (): number => Date.now() };

const GROUP_COLS = `id, hash, access_code, creator_id, manual_id, status, grid_count, per_grid_s, pause_s, position,
  grid_opened_at, grid_closes_at, created_at, started_at, ended_at`;

/** Opens grid `position` at `at` (or finishes the group after the last grid). */
async function openGrid(tx: Db, g: GroupRow, position: number, at: Date): Promise<GroupRow> {
  if (position > g.grid_count) {
    const row = await tx.one<GroupRow>(
      `update group_tests set status = 'finished', position = null, grid_opened_at = null, grid_closes_at = null, ended_at = $2
        where id = $1 returning ${GROUP_COLS}`,
      [g.id, at],
    );
    await finalize(tx, g.id);
    return row!;
  }
  const closes = new Date(+at + g.per_grid_s * 1000);
  const row = await tx.one<GroupRow>(
    `update group_tests set position = $2, grid_opened_at = $3, grid_closes_at = $4 where id = $1 returning ${GROUP_COLS}`,
    [g.id, position, at, closes],
  );
  return row!;
}

/** True when the open grid's time and grace are over: the next request must close it (advance). */
export const catchUpDue = (g: GroupRow, now: number): boolean =>
  g.status === 'running' && g.grid_closes_at !== null && now > +new Date(g.grid_closes_at) + GROUP_ANSWER_GRACE_MS;

/** True while the group waits for its next grid (the pause, or the lead before grid 1). */
export const pausedAt = (g: GroupRow, now: number): boolean =>
  g.status === 'running' && g.grid_opened_at !== null && now < +new Date(g.grid_opened_at);

/** Closes the open grid at `at`; the next opens after the pause (the last one finishes the group at once). */
export async function closeGrid(tx: Db, g: GroupRow, at: Date, events: GroupEvent[]): Promise<GroupRow> {
  const position = g.position!;
  await tx.query('update group_test_grids set closed_at = $3 where group_id = $1 and position = $2', [g.id, position, at]);
  const last = position >= g.grid_count;
  const next = await openGrid(tx, g, position + 1, last ? at : new Date(+at + g.pause_s * 1000));
  const scores = await tx.query<{ user_id: number; score: number }>(
    `select a.user_id, sum(a.points)::float8 as score from group_answers a
       join group_test_grids t on t.group_id = a.group_id and t.position = a.position
      where a.group_id = $1 and t.closed_at is not null group by a.user_id`,
    [g.id],
  );
  const running = next.status === 'running';
  events.push({
    type: 'grid-closed',
    position,
    next: running ? next.position : null,
    opens_at: running ? new Date(next.grid_opened_at!).toISOString() : null,
    standings: scores,
  });
  if (next.status !== 'running') events.push({ type: 'ended', status: next.status });
  return next;
}

/** Schedules grid 1 a short lead after now. */
export function startClock(tx: Db, g: GroupRow): Promise<GroupRow> {
  return openGrid(tx, g, 1, new Date(groupClock.now() + GROUP_START_LEAD_MS));
}

/**
 * Catches the locked group up with the clock: closes every grid whose time (plus grace) has passed,
 * dated closes_at + grace, each next grid opening a pause after that, so a group nobody looked at
 * for a while ends exactly where it would have. Then closes the open grid early if every joined member answered
 * (`answered: false` skips that query: withGroup's catch-up before any action, since only an
 * answer, a kick or a leave can complete a grid, and each of those checks it after its change).
 */
export async function advance(tx: Db, group: GroupRow, events: GroupEvent[], opts: { answered?: boolean } = {}): Promise<GroupRow> {
  let g = group;
  const now = groupClock.now();
  while (catchUpDue(g, now))
    g = await closeGrid(tx, g, new Date(+new Date(g.grid_closes_at!) + GROUP_ANSWER_GRACE_MS), events);
  if (opts.answered === false) return g;
  // In a pause nobody has answered the next grid yet (answers wait for it to open).
  if (g.status === 'running' && g.position !== null && !pausedAt(g, now) && (await everyoneAnswered(tx, g.id, g.position)))
    g = await closeGrid(tx, g, new Date(now), events);
  return g;
}

async function everyoneAnswered(tx: Db, groupId: number, position: number): Promise<boolean> {
  const row = await tx.one<{ waiting: number; joined: number }>(
    `select count(*) filter (where a.position is null)::int as waiting, count(*)::int as joined
       from group_members m
       left join group_answers a on a.group_id = m.group_id and a.user_id = m.user_id and a.position = $2
      where m.group_id = $1 and m.status = 'joined'`,
    [groupId, position],
  );
  return Boolean(row && row.joined > 0 && row.waiting === 0);
}

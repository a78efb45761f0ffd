// What a member sees (GET /groups/:hash): the same answer on every refresh, device or reconnect —
// the group's status, the open grid without its key, the member's own answer to it, the time
// left by the server's clock (and the server's time, for the page's offset), in a pause between
// grids the closed grid whole and when the next opens, the closed grids with their key and the member's outcome, and the
// standings over closed grids. Also the results (after the end only) and the history.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { conflict } from '../../lib/errors.ts';
import type { GroupClosedGrid, GroupHistoryItem, GroupPause, GroupResults, GroupSource, GroupState } from '../../../src/shared/group-payloads.ts';
import { ended, requireMember, requirePremium, withGroup } from './access.ts';
import { catchUpDue, groupClock, pausedAt } from './clock.ts';
import { revealGrids } from './reveal.ts';
import { groupByHash, members, standings, type GroupRow, type MemberRow } from './queries.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

async function closedGrids(db: Db, groupId: number, userId: number): Promise<GroupClosedGrid[]> {
  return db.query<GroupClosedGrid>(
    `select t.position, t.grid_id, g.correct, a.marked, coalesce(a.outcome, 'blank') as outcome
       from group_test_grids t join grids g on g.id = t.grid_id
       left join group_answers a on a.group_id = t.group_id and a.position = t.position and a.user_id = $2
      where t.group_id = $1 and t.closed_at is not null order by t.position`,
    [groupId, userId],
  );
}

/** The manual, chapters and difficulty the grids were picked from (filters saved at creation). */
async function groupSource(db: Db, groupId: number): Promise<GroupSource> {
  const row = await db.one<{ manual: string | null; chapters: string[] | null; difficulty: GroupSource['difficulty'] }>(
    `select m.title as manual, t.filters->>'difficulty' as difficulty,
            (select array_agg(c.title order by c.sort, c.id) from chapters c
              where c.id in (select (jsonb_array_elements_text(coalesce(t.filters->'chapter_ids', '[]'::jsonb)))::int)) as chapters
       from group_tests t left join manuals m on m.id = t.manual_id where t.id = $1`,
    [groupId],
  );
  return { manual: row?.manual ?? null, chapters: row?.chapters ?? [], difficulty: row?.difficulty ?? null };
}

/** Running and between grids: when the next opens, and the grid that just closed, whole. */
async function pauseOf(db: Db, g: GroupRow): Promise<GroupPause> {
  const closed = g.position! > 1 ? (await revealGrids(db, g.id, [g.position! - 1]))[0] : undefined;
  return { opens_at: iso(g.grid_opened_at)!, closed: closed ?? null };
}

async function buildState(db: Db, g: GroupRow, me: MemberRow): Promise<GroupState> {
  const now = groupClock.now();
  const paused = pausedAt(g, now);
  // The next grid's content stays on the server until it opens.
  const running = g.status === 'running' && g.position !== null && !paused;
  const grid = running
    ? await db.one<GroupState['grid'] & object>(
        `select t.position, g.id, g.type, g.statement, g.options from group_test_grids t join grids g on g.id = t.grid_id
          where t.group_id = $1 and t.position = $2`,
        [g.id, g.position],
      )
    : undefined;
  const mine = running
    ? await db.one<{ marked: string[] }>('select marked from group_answers where group_id = $1 and user_id = $2 and position = $3', [
        g.id,
        me.user_id,
        g.position,
      ])
    : undefined;
  const answered = running
    ? await db.one<{ n: number }>('select count(*)::int as n from group_answers where group_id = $1 and position = $2', [g.id, g.position])
    : undefined;
  return {
    hash: g.hash,
    source: await groupSource(db, g.id),
    status: g.status,
    creator_id: g.creator_id,
    me: { user_id: me.user_id, status: me.status, ready: me.ready },
    access_code: g.access_code,
    grid_count: g.grid_count,
    seconds_per_grid: g.per_grid_s,
    pause_seconds: g.pause_s,
    position: g.position,
    grid_opened_at: iso(g.grid_opened_at),
    grid_closes_at: iso(g.grid_closes_at),
    remaining_ms: running && g.grid_closes_at ? Math.max(0, +new Date(g.grid_closes_at) - now) : null,
    server_now: new Date(now).toISOString(),
    pause: paused ? await pauseOf(db, g) : null,
    members: (await members(db, g.id)).map((m) => ({ user_id: m.user_id, name: m.name, status: m.status, ready: m.ready })),
    grid: grid ?? null,
    my_answer: mine?.marked ?? null,
    answered_count: answered?.n ?? 0,
    closed: await closedGrids(db, g.id, me.user_id),
    standings: await standings(db, g.id),
  };
}

/**
 * A read takes the group's row lock only when the clock has a grid to close (catching up writes);
 * otherwise it reads without it, so the members' reads at a grid's opening, all at the same
 * instant, do not queue one behind the other on the lock (each would show the grid later).
 */
export async function groupState(app: FastifyInstance, userId: number, hash: string): Promise<GroupState> {
  await requirePremium(app.db, userId);
  const g = await groupByHash(app.db, hash);
  if (g && !catchUpDue(g, groupClock.now())) return buildState(app.db, g, await requireMember(app.db, g, userId));
  return withGroup(app, hash, async ({ tx, g }) => buildState(tx, g, await requireMember(tx, g, userId)));
}

/**
 * Results once the group ended (finished, or stopped by its creator): FORM_GROUP_RESULTS_AFTER_FINISH
 * before. Not premium-gated: a member whose premium lapsed still sees what they took part in.
 */
export async function groupResults(app: FastifyInstance, userId: number, hash: string): Promise<GroupResults> {
  return withGroup(app, hash, async ({ tx, g }) => {
    await requireMember(tx, g, userId);
    if (!ended(g)) throw conflict('FORM_GROUP_RESULTS_AFTER_FINISH');
    const perGrid = await tx.query<{ position: number; grid_id: number; statement: string; right: number; takers: number }>(
      `select t.position, t.grid_id, g.statement,
              (select count(*)::int from group_answers a where a.group_id = t.group_id and a.position = t.position and a.outcome = 'right') as right,
              (select count(*)::int from group_members m where m.group_id = t.group_id and m.joined_at is not null and m.status <> 'kicked') as takers
         from group_test_grids t join grids g on g.id = t.grid_id
        where t.group_id = $1 and t.closed_at is not null order by t.position`,
      [g.id],
    );
    return {
      hash: g.hash,
      status: g.status,
      grid_count: g.grid_count,
      standings: await standings(tx, g.id),
      missed_by_all: perGrid.filter((p) => p.right === 0).map((p) => ({ position: p.position, grid_id: p.grid_id, statement: p.statement })),
      missed_by_group: perGrid.filter((p) => p.right < p.takers).map((p) => p.grid_id),
      mine: await closedGrids(tx, g.id, userId),
      grids: await revealGrids(tx, g.id),
    };
  });
}

/**
 * The caller's group tests, newest first, with the author's name (not whoever holds the creator
 * role now), the people of the final ranking (joined, or left after joining) and, named apart, those
 * the creator removed (issue 32 §2: the count had them in and the ranking out), and my points over
 * the closed grids — a removed member's own row keeps the points of the grids they answered.
 */
export async function groupHistory(db: Db, userId: number): Promise<{ groups: GroupHistoryItem[] }> {
  const rows = await db.query<GroupHistoryItem & { created_at: Date }>(
    `select t.hash, t.status, u.name as author_name, t.grid_count, t.created_at, m.status as my_status,
            (select count(*)::int from group_members x
              where x.group_id = t.id and x.joined_at is not null and x.status in ('joined', 'left')) as members,
            (select coalesce(array_agg(ku.name order by ku.name), '{}') from group_members k join users ku on ku.id = k.user_id
              where k.group_id = t.id and k.joined_at is not null and k.status = 'kicked') as removed,
            case when m.joined_at is null then null
                 else (select coalesce(sum(a.points), 0)::float8 from group_answers a
                         join group_test_grids gg on gg.group_id = a.group_id and gg.position = a.position
                        where a.group_id = t.id and a.user_id = $1 and gg.closed_at is not null) end as my_score
       from group_members m join group_tests t on t.id = m.group_id join users u on u.id = coalesce(t.author_id, t.creator_id)
      where m.user_id = $1 and (m.status <> 'kicked' or m.joined_at is not null)
      order by t.created_at desc, t.id desc limit 100`,
    [userId],
  );
  return { groups: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })) };
}

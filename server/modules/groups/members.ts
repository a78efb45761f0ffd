// Member transitions (issue 10): invited → joined (accept, or by code), joined ⇄ ready, joined →
// left (the creator leaving hands the role to the member who joined first after them), any →
// kicked (final: a kicked member never comes back, by invitation or code). Creator-only: start,
// kick, change creator, stop (SPEC §6). Each under the group row lock (access.ts withGroup).
import type { FastifyInstance } from 'fastify';
import { notify } from '../notifications/notify.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { ended, requireCreator, requireMember, requireNotEnded, requirePremium, requireSeat, withGroup, type Locked } from './access.ts';
import { finalize } from './finalize.ts';
import { insertMember, lockGroup, lockGroupByCode, member, members, setMember, type GroupRow } from './queries.ts';
import { advance, startClock } from './clock.ts';
import { evictFromGroup, publishGroup } from './events.ts';
import type { GroupEvent } from '../../../src/shared/group-payloads.ts';

/** invited/left → joined. Joining a running group is only coming back for someone who took part. */
async function joinLocked({ tx, g, events }: Locked, userId: number): Promise<void> {
  const m = await member(tx, g.id, userId);
  if (m?.status === 'kicked') throw conflict('FORM_GROUP_KICKED_OUT');
  requireNotEnded(g);
  if (m?.status === 'joined') return;
  if (g.status === 'running' && !(m?.status === 'left' && m.joined_at)) throw conflict('FORM_GROUP_ALREADY_STARTED');
  // An invitation already holds its seat; anyone else takes a new one (under the row lock: 35 at once → 30).
  if (m?.status !== 'invited') await requireSeat(tx, g);
  if (m) await setMember(tx, g.id, userId, 'joined');
  else await insertMember(tx, g.id, userId, 'joined', null);
  events.push({ type: 'member', user_id: userId, status: 'joined', ready: false });
}

export async function join(app: FastifyInstance, userId: number, hash: string) {
  await requirePremium(app.db, userId);
  await withGroup(app, hash, async (l) => {
    await requireMember(l.tx, l.g, userId);
    await joinLocked(l, userId);
  });
  return { hash };
}

/** Whoever holds the code may join (it was handed to them), premium and not kicked. */
export async function joinByCode(app: FastifyInstance, userId: number, code: string) {
  await requirePremium(app.db, userId);
  const events: GroupEvent[] = [];
  const hash = await app.db.tx(async (tx) => {
    const locked = await lockGroupByCode(tx, code);
    if (!locked) throw badRequest('FORM_GROUP_INVALID_ACCESS_CODE', 'code');
    const g = await advance(tx, locked, events);
    await joinLocked({ tx, g, events }, userId);
    return g.hash;
  });
  await publishGroup(app, hash, events);
  return { hash };
}

export async function setReady(app: FastifyInstance, userId: number, hash: string, ready: boolean) {
  await requirePremium(app.db, userId);
  await withGroup(app, hash, async ({ tx, g, events }) => {
    const m = await requireMember(tx, g, userId);
    requireNotEnded(g);
    if (g.status !== 'lobby') throw conflict('FORM_GROUP_ALREADY_STARTED');
    if (m.status !== 'joined') throw conflict('FORM_FORBIDDEN');
    await setMember(tx, g.id, userId, 'joined', ready);
    events.push({ type: 'member', user_id: userId, status: 'joined', ready });
  });
  return { ready };
}

export async function start(app: FastifyInstance, userId: number, hash: string) {
  await requirePremium(app.db, userId);
  await withGroup(app, hash, async ({ tx, g, events }) => {
    await requireMember(tx, g, userId);
    requireCreator(g, userId);
    requireNotEnded(g);
    if (g.status !== 'lobby') throw conflict('FORM_GROUP_ALREADY_STARTED');
    const joined = (await members(tx, g.id)).filter((m) => m.status === 'joined').length;
    if (joined < 2) throw conflict('FORM_GROUP_MIN_USERS');
    await tx.query(`update group_tests set status = 'running', started_at = now() where id = $1`, [g.id]);
    const row = await startClock(tx, { ...g, status: 'running' });
    events.push({
      type: 'started',
      position: row.position!,
      opens_at: new Date(row.grid_opened_at!).toISOString(),
      closes_at: new Date(row.grid_closes_at!).toISOString(),
    });
  });
  return { started: true };
}

/** Hands the creator role to the member who joined first (besides the current creator); null if none. */
async function handOn(l: Locked, from: number): Promise<number | null> {
  const next = (await members(l.tx, l.g.id)).find((m) => m.status === 'joined' && m.user_id !== from);
  if (!next) return null;
  await l.tx.query('update group_tests set creator_id = $2 where id = $1', [l.g.id, next.user_id]);
  l.events.push({ type: 'creator', user_id: next.user_id });
  return next.user_id;
}

async function stopLocked({ tx, g, events }: Locked): Promise<void> {
  const wasRunning = g.status === 'running';
  await tx.query(
    `update group_tests set status = 'stopped', position = null, grid_opened_at = null, grid_closes_at = null, ended_at = now()
      where id = $1`,
    [g.id],
  );
  if (wasRunning) await finalize(tx, g.id);
  events.push({ type: 'ended', status: 'stopped' });
}

export async function kick(app: FastifyInstance, userId: number, hash: string, target: number) {
  await requirePremium(app.db, userId);
  await withGroup(app, hash, async (l) => {
    await requireMember(l.tx, l.g, userId);
    requireCreator(l.g, userId);
    requireNotEnded(l.g);
    if (target === userId) throw badRequest('FIELD_INVALID', 'user_id');
    const m = await member(l.tx, l.g.id, target);
    if (!m || m.status === 'kicked') throw notFound('FORM_USER_NOT_FOUND');
    await setMember(l.tx, l.g.id, target, 'kicked');
    l.events.push({ type: 'member', user_id: target, status: 'kicked', ready: false });
    // A running group may now have every remaining member's answer in: close that grid.
    if (l.g.status === 'running') await advance(l.tx, await reread(l), l.events);
  });
  // After the 'kicked' event reached them (their page shows it), nothing more does.
  await evictFromGroup(app, hash, target);
  await tellRemoved(app, userId, target);
  return { success: 'USER_KICKED' as const };
}

/** The removed member hears it from the app too, not only from a lobby they may have closed
 *  (issue 32 §2). Best effort after the change committed: a failure is logged. */
async function tellRemoved(app: FastifyInstance, by: number, target: number): Promise<void> {
  try {
    const who = (await app.db.one<{ name: string }>('select coalesce(call_name, name) as name from users where id = $1', [by]))?.name.trim();
    await notify(app, target, {
      type: 'group_removed',
      title: 'Ai fost eliminat dintr-un test de grup',
      message: `${who || 'Creatorul'} te-a eliminat din testul de grup. Punctele grilelor la care ai răspuns rămân în istoricul tău.`,
      link: '/grup/istoric',
    });
  } catch (err) {
    app.log.warn({ err, target }, 'group removal notice not created');
  }
}

async function reread(l: Locked): Promise<GroupRow> {
  return (await lockGroup(l.tx, l.g.hash))!;
}

export async function changeCreator(app: FastifyInstance, userId: number, hash: string, target: number) {
  await requirePremium(app.db, userId);
  await withGroup(app, hash, async ({ tx, g, events }) => {
    await requireMember(tx, g, userId);
    requireCreator(g, userId);
    requireNotEnded(g);
    const m = await member(tx, g.id, target);
    if (!m || m.status !== 'joined' || target === userId) throw badRequest('FORM_USER_NOT_FOUND', 'user_id');
    await tx.query('update group_tests set creator_id = $2 where id = $1', [g.id, target]);
    events.push({ type: 'creator', user_id: target });
  });
  return { success: 'CREATOR_CHANGED' as const };
}

export async function stop(app: FastifyInstance, userId: number, hash: string) {
  await requirePremium(app.db, userId);
  await withGroup(app, hash, async (l) => {
    await requireMember(l.tx, l.g, userId);
    requireCreator(l.g, userId);
    requireNotEnded(l.g);
    await stopLocked(l);
  });
  return { success: 'GROUP_STOPPED' as const };
}

/** Leaving: nothing to leave once the group ended (FORM_GROUP_CANNOT_LEAVE). The creator hands the role on; alone, the group stops. */
export async function leave(app: FastifyInstance, userId: number, hash: string) {
  await requirePremium(app.db, userId);
  await withGroup(app, hash, async (l) => {
    const m = await requireMember(l.tx, l.g, userId);
    if (ended(l.g) || m.status === 'left') throw conflict('FORM_GROUP_CANNOT_LEAVE');
    await setMember(l.tx, l.g.id, userId, 'left');
    l.events.push({ type: 'member', user_id: userId, status: 'left', ready: false });
    if (l.g.creator_id === userId && (await handOn(l, userId)) === null) await stopLocked(l);
    else if (l.g.status === 'running') await advance(l.tx, await reread(l), l.events);
  });
  await evictFromGroup(app, hash, userId);
  return { success: 'GROUP_LEFT' as const };
}

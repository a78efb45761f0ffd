// The gates every group endpoint goes through after authentication: premium (SPEC §5/§6), the
// group exists, the caller is a member (another user's group is 404), not kicked, and creator-only
// actions. Each runs inside the transaction that holds the group row lock.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { forbidden, notFound, conflict } from '../../lib/errors.ts';
import { isPremium } from '../practice/engine.ts';
import type { GroupEvent } from '../../../src/shared/group-payloads.ts';
import { advance } from './clock.ts';
import { lockGroup, member, seatsTaken, type GroupRow, type MemberRow } from './queries.ts';
import { GROUP_MEMBERS_MAX } from '../../../src/shared/group-schema.ts';
import { publishGroup } from './events.ts';

export async function requirePremium(db: Db, userId: number): Promise<void> {
  if (!(await isPremium(db, userId))) throw forbidden('FORM_GROUP_NOT_PREMIUM');
}

export async function requireMember(tx: Db, g: GroupRow, userId: number): Promise<MemberRow> {
  const m = await member(tx, g.id, userId);
  if (!m) throw notFound('FORM_TEST_NOT_FOUND');
  if (m.status === 'kicked') throw forbidden('FORM_GROUP_KICKED_OUT');
  return m;
}

export function requireCreator(g: GroupRow, userId: number): void {
  if (g.creator_id !== userId) throw forbidden('FORM_GROUP_NOT_CREATOR');
}

/** A new seat (a join by code, a comeback, an invitation) only while fewer than GROUP_MEMBERS_MAX are taken. */
export async function requireSeat(tx: Db, g: GroupRow): Promise<void> {
  if ((await seatsTaken(tx, g.id)) >= GROUP_MEMBERS_MAX) throw conflict('FORM_GROUP_FULL');
}

export const ended = (g: GroupRow) => g.status === 'finished' || g.status === 'stopped';

export function requireNotEnded(g: GroupRow): void {
  if (ended(g)) throw conflict('FORM_GROUP_ALREADY_FINISHED');
}

export type Locked = { tx: Db; g: GroupRow; events: GroupEvent[] };

/**
 * Runs `fn` in a transaction holding the group's row lock, after catching the clock up
 * (advance). The events are published after the commit, so nobody hears of a change that rolled back.
 */
export async function withGroup<T>(app: FastifyInstance, hash: string, fn: (l: Locked) => Promise<T>): Promise<T> {
  const events: GroupEvent[] = [];
  const result = await app.db.tx(async (tx) => {
    const locked = await lockGroup(tx, hash);
    if (!locked) throw notFound('FORM_TEST_NOT_FOUND');
    const g = await advance(tx, locked, events, { answered: false });
    return fn({ tx, g, events });
  });
  await publishGroup(app, hash, events);
  return result;
}

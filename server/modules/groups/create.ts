// POST /groups: the creator (premium) picks grids like a practice test and invites friends who
// are premium (SPEC §5). The grids are fixed at creation, each with the reference profile's rule
// for its type (1 point), so every member is scored the same way.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { badRequest, type AppError } from '../../lib/errors.ts';
import { allowedGrid, notEnoughGrids } from '../practice/engine.ts';
import { referenceProfile } from '../scoring-profiles/service.ts';
import { GROUP_CODE_ALPHABET, GROUP_PAUSE_SECONDS_DEFAULT, type CreateGroupBody } from '../../../src/shared/group-schema.ts';
import { requirePremium } from './access.ts';
import { friendsAmong, premiumAmong } from './queries.ts';
import { sendInvitations } from './invite.ts';

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
function randomText(n: number, alphabet = ALNUM): string {
  // Rejection sampling: only bytes below the largest multiple of the alphabet's size, so no letter is likelier.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < n) for (const b of randomBytes(n)) if (b < limit && out.length < n) out += alphabet[b % alphabet.length];
  return out;
}

/**
 * The invitees must all be friends and premium; the first problem is a 422 on invite_ids. Friends
 * without premium could not even open the lobby, so they are refused by name (the body's `users`).
 */
export async function checkInvitees(db: Db, userId: number, ids: number[], field = 'invite_ids'): Promise<void> {
  if (ids.includes(userId)) throw badRequest('FORM_GROUP_USER_ALREADY_INVITED', field);
  const friends = await friendsAmong(db, userId, ids);
  if (ids.some((i) => !friends.has(i))) throw badRequest('FORM_FRIENDSHIP_NOT_FOUND', field);
  const premium = await premiumAmong(db, ids);
  const free = ids.filter((i) => !premium.has(i));
  if (free.length) {
    const users = await db.query<{ id: number; name: string }>('select id, name from users where id = any($1::int[]) order by name, id', [free]);
    throw withUsers(badRequest('FORM_GROUP_FRIEND_NOT_PREMIUM', field), users);
  }
}

/** Adds the people an error is about to its body ({ errors, users }), for the page to name them. */
function withUsers(err: AppError, users: Array<{ id: number; name: string }>): AppError {
  (err.body as { users?: unknown }).users = users;
  return err;
}

async function pickGrids(db: Db, userId: number, body: CreateGroupBody, count: number): Promise<number[]> {
  const manual = await db.one('select 1 from manuals where id = $1', [body.manual_id]);
  if (!manual) throw badRequest('FORM_MANUAL_INVALID', 'manual_id');
  const chapterIds = [...new Set(body.chapter_ids ?? [])];
  const params: unknown[] = [userId, true, body.manual_id];
  const where = [allowedGrid('$1', '$2'), 'c.manual_id = $3'];
  if (chapterIds.length) {
    params.push(chapterIds);
    where.push(`g.chapter_id = any($${params.length}::int[])`);
  }
  if (body.difficulty) {
    params.push(body.difficulty);
    where.push(`g.difficulty = $${params.length}`);
  }
  params.push(count);
  const rows = await db.query<{ id: number }>(
    `select g.id from grids g join chapters c on c.id = g.chapter_id where ${where.join(' and ')}
      order by random() limit $${params.length}`,
    params,
  );
  if (rows.length < count) throw notEnoughGrids(rows.length);
  return rows.map((r) => r.id);
}

export async function createGroup(app: FastifyInstance, userId: number, body: CreateGroupBody): Promise<{ hash: string }> {
  const db = app.db;
  await requirePremium(db, userId);
  const invitees = body.invite_ids;
  await checkInvitees(db, userId, invitees);
  const count = body.count;
  const gridIds = await pickGrids(db, userId, body, count);
  const profile = await referenceProfile(db);
  const types = await db.query<{ id: number; type: 'CS' | 'CM' | 'CG' }>('select id, type from grids where id = any($1::int[])', [gridIds]);
  const typeOf = new Map(types.map((t) => [t.id, t.type]));
  const rules = gridIds.map((id) => JSON.stringify({ ...profile.type_rules[typeOf.get(id)!], points: 1 }));
  const hash = await db.tx(async (tx) => {
    const g = await tx.one<{ id: number; hash: string }>(
      `insert into group_tests (hash, access_code, creator_id, author_id, manual_id, filters, grid_count, per_grid_s, pause_s)
       values ($1, $2, $3, $3, $4, $5::jsonb, $6, $7, $8) returning id, hash`,
      [
        randomText(12),
        randomText(8, GROUP_CODE_ALPHABET),
        userId,
        body.manual_id,
        JSON.stringify({ chapter_ids: body.chapter_ids ?? [], difficulty: body.difficulty ?? null, count }),
        count,
        body.seconds_per_grid ?? 60,
        body.pause_seconds ?? GROUP_PAUSE_SECONDS_DEFAULT,
      ],
    );
    await tx.query(
      `insert into group_test_grids (group_id, position, grid_id, rule)
       select $1, x.ord, x.gid, x.rule::jsonb from unnest($2::int[], $3::text[]) with ordinality as x(gid, rule, ord)`,
      [g!.id, gridIds, rules],
    );
    await tx.query(`insert into group_members (group_id, user_id, status, joined_at) values ($1, $2, 'joined', now())`, [g!.id, userId]);
    for (const id of invitees)
      await tx.query(`insert into group_members (group_id, user_id, status, invited_by) values ($1, $2, 'invited', $3)`, [g!.id, id, userId]);
    return g!.hash;
  });
  await sendInvitations(app, userId, hash, invitees);
  return { hash };
}

// Group tests fixture: a manual of CS grids (key B), premium users who are friends, and small
// helpers over app.inject for the group routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db.ts';
import { makeContent, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';

export type Api = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function befriend(db: Db, a: number, b: number): Promise<void> {
  await db.query("insert into friendships (requester_id, addressee_id, status) values ($1, $2, 'accepted')", [a, b]);
}

export async function groupWorld(db: Db, n = 4) {
  const content = await makeContent(db, [repeat(8, {}), repeat(4, { difficulty: 'hard' as const })]);
  const users: FixtureUser[] = [];
  for (let i = 0; i < n; i++) users.push(await makeUser(db, { name: `Membru${i} Test`, premium: true }));
  for (let i = 1; i < n; i++) await befriend(db, users[0]!.id, users[i]!.id);
  return { ...content, users };
}

export function call(app: FastifyInstance) {
  return async (u: FixtureUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Api> => {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: u ? u.auth : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : {} };
  };
}

export const firstError = (r: Api): string | undefined => {
  const errors = (r.body.errors ?? {}) as Record<string, string[]>;
  return Object.values(errors)[0]?.[0];
};

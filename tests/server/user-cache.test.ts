// GET /user from the user row cache (issue 12 §3): a repeated call costs no query; every change to
// the row shows on the next call, whoever made it (the app, a trigger, SQL by hand), in this
// process at once and in another process as soon as PostgreSQL tells it; while the announcements
// cannot be heard the cache is off.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../../server/db/db.ts';
import { PgNotifications } from '../../server/db/pg-listen.ts';
import { USER_CHANGED_CHANNEL } from '../../server/plugins/user-cache.ts';
import { buildTestApp, countingDb, openTestDb } from './helpers.ts';
import { createUser } from './users-fixture.ts';

let shared: Awaited<ReturnType<typeof openTestDb>>;
const apps: FastifyInstance[] = [];
const others: Db[] = [];
beforeAll(async () => {
  shared = await openTestDb();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of others) await db.close();
  await shared.close();
});

const isUserRead = (s: string) => /row_to_json/.test(s) && /from users where id/.test(s);

async function appOn(db: Db): Promise<FastifyInstance> {
  const { app } = await buildTestApp(db);
  apps.push(app);
  return app;
}

async function me(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, user: res.statusCode === 200 ? (res.json().user as { name: string; is_premium: boolean; theme: string }) : null };
}

/** Polls until `check` holds (another process hears a change a moment after its commit). */
async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('one process', () => {
  it('a repeated GET /user reads the row once', async () => {
    const { db, sql } = countingDb(shared.db);
    const app = await appOn(db);
    const u = await createUser(shared.db, { name: 'Ionescu Maria' });
    expect((await me(app, u.token)).user?.name).toBe('Ionescu Maria');
    expect((await me(app, u.token)).user?.name).toBe('Ionescu Maria');
    expect(sql.filter(isUserRead)).toHaveLength(1);
  });

  it("the user's own change through the API shows on the next call", async () => {
    const app = await appOn(shared.db);
    const u = await createUser(shared.db);
    expect((await me(app, u.token)).user?.theme).toBe('light');
    const put = await app.inject({ method: 'PUT', url: '/api/v1/user/theme', headers: { authorization: `Bearer ${u.token}` }, payload: { theme: 'dark' } });
    expect(put.statusCode).toBe(200);
    expect((await me(app, u.token)).user?.theme).toBe('dark');
  });

  it('a change by SQL by hand, or by the premium trigger of a new subscription, shows on the next call', async () => {
    const app = await appOn(shared.db);
    const u = await createUser(shared.db, { name: 'Vechi' });
    expect((await me(app, u.token)).user?.name).toBe('Vechi');
    await shared.db.query('update users set name = $2 where id = $1', [u.id, 'Nou']);
    expect((await me(app, u.token)).user?.name).toBe('Nou');
    expect((await me(app, u.token)).user?.is_premium).toBe(false);
    await shared.db.query(
      `insert into subscriptions (user_id, source, status, period_start, period_end)
       values ($1, 'grant', 'active', now(), now() + interval '30 days')`,
      [u.id],
    );
    expect((await me(app, u.token)).user?.is_premium).toBe(true);
  });

  it('a change inside a transaction shows once it commits, and a rolled-back one never', async () => {
    const app = await appOn(shared.db);
    const u = await createUser(shared.db, { name: 'Înainte' });
    expect((await me(app, u.token)).user?.name).toBe('Înainte');
    await shared.db
      .tx(async (tx) => {
        await tx.query('update users set name = $2 where id = $1', [u.id, 'Anulat']);
        throw new Error('rollback');
      })
      .catch(() => {});
    expect((await me(app, u.token)).user?.name).toBe('Înainte');
    await shared.db.tx((tx) => tx.query('update users set name = $2 where id = $1', [u.id, 'După']));
    expect((await me(app, u.token)).user?.name).toBe('După');
  });

  it('a user removed while their token is still cached gets 401, not the kept row', async () => {
    const app = await appOn(shared.db);
    const u = await createUser(shared.db);
    expect((await me(app, u.token)).status).toBe(200);
    await shared.db.query('delete from users where id = $1', [u.id]);
    expect((await me(app, u.token)).status).toBe(401);
  });
});

describe('two processes on one PostgreSQL', () => {
  it('a change made by the other process shows here once PostgreSQL tells this one', async (ctx) => {
    const second = await shared.another();
    if (!second) return ctx.skip(); // PGlite: one process holds the database
    others.push(second);
    const { db, sql } = countingDb(shared.db);
    const here = await appOn(db);
    const there = await appOn(second);
    const u = await createUser(shared.db, { name: 'Popa Aici' });
    expect((await me(here, u.token)).user?.name).toBe('Popa Aici');
    expect((await me(here, u.token)).user?.name).toBe('Popa Aici');
    expect(sql.filter(isUserRead)).toHaveLength(1);
    const put = await there.inject({ method: 'PUT', url: '/api/v1/user/name', headers: { authorization: `Bearer ${u.token}` }, payload: { name: 'Popa Acolo' } });
    expect(put.statusCode).toBe(200);
    expect(await eventually(async () => (await me(here, u.token)).user?.name === 'Popa Acolo')).toBe(true);
  });

  it('a lost listening connection turns the cache off until it listens again; meanwhile the process still hears its own writes', async (ctx) => {
    const url = process.env.DATABASE_URL;
    if (!url) return ctx.skip();
    const name = `grilio-test-${randomBytes(4).toString('hex')}`;
    const notifications = new PgNotifications({ connectionString: url, application_name: name });
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const states: boolean[] = [];
    const heard: string[] = [];
    const stop = await notifications.listen(USER_CHANGED_CHANNEL, (p) => heard.push(p), (s) => states.push(s));
    const pooled = await pool.connect();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect(states).toEqual([true]);
      await notifications.prepare(pooled);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      expect(await eventually(async () => states.length >= 2)).toBe(true);
      expect(states.slice(0, 2)).toEqual([true, false]);
      // Its own connection is down, yet a write of this process is heard with its reply.
      await pooled.query('select pg_notify($1, $2)', [USER_CHANGED_CHANNEL, `${name}:own`]);
      expect(heard).toContain(`${name}:own`);
      await pooled.query('begin');
      await pooled.query('select pg_notify($1, $2)', [USER_CHANGED_CHANNEL, `${name}:tx`]);
      expect(heard).not.toContain(`${name}:tx`); // a transaction's only once it commits
      await pooled.query('commit');
      expect(heard).toContain(`${name}:tx`);
      // Listening again: another process's notification is heard.
      expect(await eventually(async () => states.length === 3)).toBe(true);
      expect(states).toEqual([true, false, true]);
      await admin.query('select pg_notify($1, $2)', [USER_CHANGED_CHANNEL, `${name}:other`]);
      expect(await eventually(async () => heard.includes(`${name}:other`))).toBe(true);
    } finally {
      pooled.release();
      await admin.end();
      await stop();
      await pool.end();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  fixture,
  gridIdByKey,
  loadFixtureContent,
  makeUser,
  type TestUser,
} from './fixtures/content-users.ts';
import { setAdmin } from '../../server/cli/admin-grant.ts';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await loadFixtureContent(t.db);
  admin = await makeUser(t.db, { admin: true });
  user = await makeUser(t.db, { name: 'Elena Raportoare' });
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, u?: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });

describe('admin endpoints', () => {
  it('need a token (401) and an admin (403)', async () => {
    const endpoints: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/admin/reports'],
      ['POST', '/admin/reports/1/resolve', {}],
      ['GET', '/admin/grids'],
      ['PUT', '/admin/grids/1', { difficulty: 'easy' }],
      ['PUT', '/admin/manuals/1', { title: 'X' }],
      ['PUT', '/admin/chapters/1', { title: 'X' }],
      ['POST', '/admin/preview-links', { grid_id: 1, ttl_minutes: 5 }],
    ];
    for (const [method, url, body] of endpoints) {
      const anon = await api(method, url, undefined, body);
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const plain = await api(method, url, user, body);
      expect(plain.statusCode, `${method} ${url}`).toBe(403);
      expect(plain.json()).toEqual({ errors: { general: ['FORM_ADMIN_REQUIRED'] } });
    }
  });

  it('lists open reports and resolves one with a reply: notification and mail to the reporter', async () => {
    const gridId = await gridIdByKey(t.db, 't-bio-002');
    const rep = await api('POST', `/grids/${gridId}/report`, user, { reason: 'Varianta C pare greșită.' });
    const reportId = rep.json().report_id as number;
    const list = (await api('GET', '/admin/reports?status=open', admin)).json().reports;
    expect(list).toEqual([
      expect.objectContaining({
        id: reportId,
        status: 'open',
        reason: 'Varianta C pare greșită.',
        user: expect.objectContaining({ id: user.id }),
        grid: expect.objectContaining({ id: gridId }),
      }),
    ]);
    const sentBefore = t.app.mailer.sent.length;
    const res = await api('POST', `/admin/reports/${reportId}/resolve`, admin, {
      reply: 'Mulțumim, am corectat varianta C.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 'REPORT_RESOLVED' });
    expect((await api('GET', '/admin/reports', admin)).json().reports).toEqual([]);
    const resolved = (await api('GET', '/admin/reports?status=resolved', admin)).json().reports;
    expect(resolved[0]).toMatchObject({
      id: reportId,
      status: 'resolved',
      reply: 'Mulțumim, am corectat varianta C.',
    });
    const notes = await t.db.query<{ title: string; message: string }>(
      'select title, message from notifications where user_id = $1',
      [user.id],
    );
    expect(notes).toEqual([
      { title: `Răspuns la raportarea grilei #${gridId}`, message: 'Mulțumim, am corectat varianta C.' },
    ]);
    expect(t.app.mailer.sent.length).toBe(sentBefore + 1);
    expect(t.app.mailer.sent.at(-1)).toMatchObject({ to: user.email });
    expect(t.app.mailer.sent.at(-1)!.text).toContain('Mulțumim, am corectat varianta C.');
    // Without a reply: resolved, nobody notified.
    const rep2 = (await api('POST', `/grids/${gridId}/report`, user, { reason: 'Încă o observație.' })).json()
      .report_id;
    expect((await api('POST', `/admin/reports/${rep2}/resolve`, admin)).json()).toEqual({
      success: 'REPORT_RESOLVED',
    });
    expect((await t.db.query('select 1 from notifications where user_id = $1', [user.id])).length).toBe(1);
    const missing = await api('POST', '/admin/reports/999999/resolve', admin, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: { general: ['FORM_REPORT_NOT_FOUND'] } });
  });

  it('edits any grid, including premium and published flags', async () => {
    const id = await gridIdByKey(t.db, 't-bio-001');
    const res = await api('PUT', `/admin/grids/${id}`, admin, {
      correct: ['C'],
      premium: true,
      explanation: 'Corectat de admin.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: 'GRID_UPDATED',
      grid: { correct: ['C'], premium: true, explanation: 'Corectat de admin.', published: true },
    });
    expect((await api('PUT', `/admin/grids/${id}`, admin, { correct: ['A', 'B'] })).json()).toEqual({
      errors: { correct: ['FORM_CORRECT_ANSWERS_INVALID'] },
    });
    expect((await api('PUT', '/admin/grids/999999', admin, { premium: false })).statusCode).toBe(404);
    // A user's grid waits for review, then gets published.
    const chapter = (await t.db.one<{ id: number }>(
      "select id from chapters where slug = 'sistemul-nervos'",
    ))!.id;
    const created = await api('POST', '/grids', user, {
      chapter_id: chapter,
      type: 'CS',
      statement: 'Neuronul are un singur axon?',
      options: { A: 'da', B: 'nu', C: 'uneori', D: 'doi', E: 'trei' },
      correct: ['A'],
      difficulty: 'easy',
    });
    const gid = created.json().grid.id;
    expect((await api('GET', '/admin/grids', admin)).json().grids.map((g: { id: number }) => g.id)).toContain(
      gid,
    );
    expect((await api('PUT', `/admin/grids/${gid}`, admin, { published: true })).json().grid.published).toBe(
      true,
    );
    expect(
      (await api('GET', '/admin/grids', admin)).json().grids.map((g: { id: number }) => g.id),
    ).not.toContain(gid);
  });

  it('edits manuals and chapters', async () => {
    const manual = (await t.db.one<{ id: number }>("select id from manuals where slug = 'test-biologie'"))!
      .id;
    const m = await api('PUT', `/admin/manuals/${manual}`, admin, {
      description: 'Descriere nouă.',
      sort: 5,
    });
    expect(m.json()).toMatchObject({
      success: 'CONTENT_SAVED',
      manual: { description: 'Descriere nouă.', sort: 5 },
    });
    expect((await api('PUT', '/admin/manuals/999999', admin, { sort: 1 })).json()).toEqual({
      errors: { general: ['FORM_COURSE_NOT_FOUND'] },
    });

    const chapter = (await t.db.one<{ id: number }>("select id from chapters where slug = 'metabolismul'"))!
      .id;
    const c = await api('PUT', `/admin/chapters/${chapter}`, admin, {
      premium: false,
      summary: 'Rezumat nou.',
      blocks: [{ type: 'p', text: 'Text nou.' }],
    });
    expect(c.json()).toMatchObject({
      success: 'CONTENT_SAVED',
      chapter: { premium: false, summary: 'Rezumat nou.', blocks: [{ type: 'p', text: 'Text nou.' }] },
    });
    const pub = (await api('GET', '/courses/test-biologie/metabolismul')).json();
    expect(pub.chapter).toMatchObject({ locked: false, blocks: [{ type: 'p', text: 'Text nou.' }] });
    const bad = await api('PUT', `/admin/chapters/${chapter}`, admin, {
      blocks: [{ type: 'script', text: 'x' }],
    });
    expect(bad.statusCode).toBe(422);
    expect((await api('PUT', '/admin/chapters/999999', admin, { sort: 1 })).json()).toEqual({
      errors: { general: ['FORM_CHAPTER_NOT_FOUND'] },
    });
  });

  it('makes preview links that open the grid until they expire', async () => {
    const id = await gridIdByKey(t.db, 't-bio-004');
    const res = await api('POST', '/admin/preview-links', admin, { grid_id: id, ttl_minutes: 30 });
    expect(res.statusCode).toBe(201);
    const { url, expires_at } = res.json();
    expect(url.startsWith(`${t.config.publicUrl}/teste/grile/preview?grid=${id}&expires=`)).toBe(true);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const qs = new URL(url).search;
    const preview = await api('GET', `/grids/preview${qs}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().grid.correct).toEqual(['C']);
    expect(
      (await api('POST', '/admin/preview-links', admin, { grid_id: 999999, ttl_minutes: 5 })).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', '/admin/preview-links', admin, { grid_id: id, ttl_minutes: 0 })).statusCode,
    ).toBe(422);
  });
});

const root = join(import.meta.dirname, '..', '..');
const nodeBin = existsSync(join(root, 'node_modules', '.bin', 'node'))
  ? join(root, 'node_modules', '.bin', 'node')
  : process.execPath;
const run = promisify(execFile);
async function cli(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL; // the child uses its own PGlite under dataDir
  try {
    const r = await run(nodeBin, [join(root, 'server', 'cli', script), ...args], { env, cwd: root });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('admin CLI', () => {
  it('setAdmin grants and revokes by email, case-insensitively', async () => {
    const u = await makeUser(t.db);
    expect(await setAdmin(t.db, u.email.toUpperCase(), true)).toMatchObject({ email: u.email });
    expect(
      (await t.db.one<{ is_admin: boolean }>('select is_admin from users where id = $1', [u.id]))!.is_admin,
    ).toBe(true);
    expect((await api('GET', '/admin/reports', u)).statusCode).toBe(200);
    await setAdmin(t.db, u.email, false);
    expect((await api('GET', '/admin/reports', u)).statusCode).toBe(403);
    expect(await setAdmin(t.db, 'nimeni@exemplu.ro', true)).toBeUndefined();
  });

  it('admin:grant and content:import run as commands, and refuse a live PGlite server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grilio-cli-'));
    const unknown = await cli('admin-grant.ts', ['nimeni@exemplu.ro'], dir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Nu există niciun cont cu emailul nimeni@exemplu.ro');
    expect((await cli('admin-grant.ts', [], dir)).code).toBe(2);

    const ok = await cli('content-import.ts', [fixture('content-valid.json')], dir);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('"created":9');
    const bad = await cli('content-import.ts', [fixture('content-invalid.csv')], dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('linia 2, câmpul correct');

    writeFileSync(join(dir, 'server.pid'), String(process.pid)); // a live process
    const busy = await cli('content-import.ts', [fixture('content-valid.json')], dir);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`Serverul rulează (pid ${process.pid})`);
  }, 300_000);
});

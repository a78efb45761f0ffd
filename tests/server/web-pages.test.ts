// The public pages the server renders (server/plugins/web.ts, issue 12): stylesheets inline with a
// disabled link beside them (the lazy-chunk loader must not fetch them again), and a rendered page
// kept for the next visitor until a write through the API. A stand-in server bundle counts renders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildApp } from '../../server/app.ts';
import { BOOT_LOADER_SCRIPT, BOOT_MODULES_ID } from '../../src/shared/boot-loader.ts';

const CSS = '.hero{color:teal}';
const TEMPLATE =
  '<html><head><title>x</title><meta name="description" content="d" />' +
  '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-a.css"></head><body><div id="root"></div></body></html>';
// What server/plugins/web.ts uses of src/entry-server.tsx; `render` numbers its renders.
const BUNDLE = `
let renders = 0;
export const SSR_DATA_ID = 'ssr-data';
export const pageModuleFor = () => 'src/pages/static/About.tsx';
export const serializePayload = (p) => JSON.stringify(p);
export async function render() { renders += 1; return '<main>render ' + renders + '</main>'; }
`;
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-a.css'] },
  'src/shell/Footer.tsx': { file: 'assets/Footer-b.js', imports: ['index.html'] },
  'src/pages/static/About.tsx': { file: 'assets/About-c.js', imports: ['index.html', 'src/shell/Footer.tsx'], css: ['assets/content-d.css'] },
  'src/islands/visitor.ts': { file: 'assets/visitor-e.js', isEntry: true, imports: ['_shared-f.js'] },
  '_shared-f.js': { file: 'assets/shared-f.js' },
};

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  const dist = mkdtempSync(join(tmpdir(), 'grilio-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'server'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'assets', 'index-a.css'), CSS);
  writeFileSync(join(dist, 'assets', 'content-d.css'), '.chapter{margin:0}');
  writeFileSync(join(dist, 'server', 'entry-server.js'), BUNDLE);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  app = await buildApp({ db: t.db, config: t.config, distDir: dist, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const page = () => app.inject({ method: 'GET', url: '/despre-noi' });

describe('server-rendered public pages', () => {
  it('carry their stylesheets inline, each with a disabled link, and ask for the entry, the page and its imports only after the first paint', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<style data-href="/assets/index-a.css">${CSS}</style><link rel="stylesheet" href="/assets/index-a.css" disabled>`);
    expect(res.body).toContain('<style data-href="/assets/content-d.css">.chapter{margin:0}</style>');
    expect(res.body).not.toContain('<link rel="stylesheet" crossorigin');
    // No module is asked for before the first paint: the entry, the page and its imports wait in
    // the loader's list, entry first and once, for the loader the CSP allows by its hash.
    expect(res.body).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const list = new RegExp(`<script id="${BOOT_MODULES_ID}" type="application/json">(.*?)</script>`).exec(res.body);
    // /despre-noi is a page to read: a visitor's device takes the islands' list (issue 24 §1).
    expect(JSON.parse(list![1]!)).toEqual({
      app: ['/assets/index-a.js', '/assets/About-c.js', '/assets/Footer-b.js'],
      islands: ['/assets/visitor-e.js', '/assets/shared-f.js'],
    });
    expect(res.body).toContain(`<script>${BOOT_LOADER_SCRIPT}</script>`);
    const hash = createHash('sha256').update(BOOT_LOADER_SCRIPT).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('are rendered once and kept until a write through the API', async () => {
    const first = /render (\d+)/.exec((await page()).body)![1];
    expect(/render (\d+)/.exec((await page()).body)![1]).toBe(first);
    // Any write (even a refused one) drops the kept pages.
    await app.inject({ method: 'POST', url: '/api/v1/contact', payload: {} });
    const after = /render (\d+)/.exec((await page()).body)![1];
    expect(Number(after)).toBe(Number(first) + 1);
  });
  // After the kept-pages test: this render would count in its numbering.
  it('give a page that is not only to read the app alone (no islands list)', async () => {
    const res = await app.inject({ method: 'GET', url: '/contact' });
    const list = new RegExp(`<script id="${BOOT_MODULES_ID}" type="application/json">(.*?)</script>`).exec(res.body);
    expect(Object.keys(JSON.parse(list![1]!) as object)).toEqual(['app']);
  });
});

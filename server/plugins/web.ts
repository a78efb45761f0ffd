// Serves the built PWA from dist/ on the same port as the API. Unknown non-API paths get
// index.html with the route's title, description, canonical address and Open Graph tags filled in.
// The public pages (static/* routes: home, static pages, /cursuri…) come as complete HTML from
// the server renderer (<dist>/server/entry-server.js, built by `vite build --ssr`), with the data
// they were rendered with embedded as JSON, the page's own module preloaded and its CSS linked;
// the browser hydrates them (src/main.tsx). Every other path gets the empty shell, rendered by the
// app. Without the server bundle every page is the shell, as before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute, pageTitle, registerAppRoutes, type RouteDef } from '../../src/shared/routes.ts';
import { APP_ROUTES } from '../../src/shared/routes-app.ts';
import { THEME_SCRIPT } from '../../src/shared/theme-script.ts';
import { BOOT_LOADER_SCRIPT, BOOT_MODULES_ID, type BootModules } from '../../src/shared/boot-loader.ts';

export type PageMeta = {
  title: string;
  description?: string;
  /** API answers the page renders, by the client's data keys (src/ssr/data.tsx). */
  data?: Record<string, unknown>;
};
export type PageMetaResolver = (path: string) => Promise<PageMeta | undefined>;

/** What server/plugins/web.ts uses of the server bundle (src/entry-server.tsx). */
type SsrPayload = { product: string; data: Record<string, unknown>; module?: string };
type SsrModule = {
  render: (url: string, payload: SsrPayload) => Promise<string>;
  pageModuleFor: (pathname: string) => string;
  serializePayload: (payload: SsrPayload) => string;
  SSR_DATA_ID: string;
  /** The islands of a page to read outside the app's root (src/entry-server.tsx). */
  renderOutsideIslands?: (url: string) => string;
};
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

declare module 'fastify' {
  interface FastifyInstance {
    pageMeta: PageMetaResolver[];
    serveIndex: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

// Every path's title and status, not only the public pages' half of the route table.
registerAppRoutes(APP_ROUTES);

const DEFAULT_DESCRIPTION =
  'Grilio te pregătește pentru admiterea la medicină: cursuri de biologie și chimie, mii de grile explicate, teste cronometrate și simulări pe centre universitare.';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The build manifest key of the visitor's entry (vite.config.ts input `visitor`). */
const VISITOR_ENTRY = 'src/islands/visitor.ts';

/** Course pages need their data to render; without it (unknown slug) they get the shell and a 404. */
const NEEDS_DATA = new Set(['static/courses', 'static/course', 'static/chapter']);

/** Public pages come from the server renderer; the signed-in app stays a client app. */
export function serverRendered(route: RouteDef | undefined): boolean {
  return Boolean(route?.name.startsWith('static/'));
}

/** The manifest keys of `key` and all it imports statically (what the page needs at once). */
export function staticImports(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k]!.imports ?? []) visit(i);
  };
  visit(key);
  return [...seen];
}

async function loadSsr(distDir: string): Promise<{ ssr: SsrModule; manifest: Manifest } | null> {
  const bundle = join(distDir, 'server', 'entry-server.js');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(bundle) || !existsSync(manifestFile)) return null;
  const ssr = (await import(pathToFileURL(bundle).href)) as SsrModule;
  return { ssr, manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest };
}

export default fp(async (app, opts: { distDir: string }) => {
  app.decorate('pageMeta', [] as PageMetaResolver[]);
  const indexFile = join(opts.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: opts.distDir }, 'no built app found (run `npm run build`); serving the API only');
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  const renderer = await loadSsr(opts.distDir);
  if (!renderer) app.log.warn({ distDir: opts.distDir }, 'no server renderer found (run `npm run build`); public pages are client-rendered');
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: true,
    index: false,
    // The server bundle and the build manifest are the server's, not the site's.
    allowedPath: (pathName) => !/^\/(server|\.vite)(\/|$)/.test(pathName),
    setHeaders(res, path) {
      if (/\/assets\//.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });

  /** The page's and the layout's modules, their static imports (modulepreload) and their CSS, as
   *  <head> tags; what the template already preloads (the entry's imports) is not repeated. */
  function headLinks(manifest: Manifest, pageKey: string): string {
    const keys = staticImports(manifest, pageKey);
    const css = new Set(keys.flatMap((k) => manifest[k]!.css ?? []));
    const preload = keys
      .map((k) => `/${manifest[k]!.file}`)
      .filter((href) => !template.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
    const styles = [...css].filter((href) => !template.includes(`/${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`);
    return [...preload, ...styles].join('\n    ');
  }

  // A server-rendered page carries its stylesheets inline: the first paint then waits for nothing
  // but the HTML (a linked stylesheet costs a round trip before anything shows, issue 12 §1).
  // A disabled link (never fetched) stays beside each, so the app's loader of lazy chunks, which
  // looks for link elements, sees the stylesheet as present and does not fetch it again.
  // The files are immutable build output, read once.
  const inlined = new Map<string, string>();
  function inlineStyles(html: string): string {
    return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (tag, href: string) => {
      let css = inlined.get(href);
      if (css === undefined) {
        const file = join(opts.distDir, href);
        css = existsSync(file) ? readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : '';
        inlined.set(href, css);
      }
      return css ? `<style data-href="/${href}">${css}</style><link rel="stylesheet" href="/${href}" disabled>` : tag;
    });
  }

  /** The module script and modulepreloads of a server-rendered page, asked for after its first
   *  paint instead (src/shared/boot-loader.ts): the tags give way to the list and the loader. */
  function deferModules(html: string, islands: string[] | undefined): string {
    const modules: string[] = [];
    const stripped = html
      .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
        modules.unshift(src);
        return '';
      })
      .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
        modules.push(href);
        return '';
      });
    if (!modules.length) return html;
    const list: BootModules = islands ? { app: modules, islands } : { app: modules };
    const boot = `<script id="${BOOT_MODULES_ID}" type="application/json">${JSON.stringify(list).replace(/</g, '\\u003c')}</script>\n    <script>${BOOT_LOADER_SCRIPT}</script>`;
    return stripped.replace('</head>', `  ${boot}\n  </head>`);
  }

  /** The visitor's entry of a page to read and what it imports statically (issue 24 §1). */
  function visitorModules(manifest: Manifest): string[] | undefined {
    if (!manifest[VISITOR_ENTRY]) return undefined;
    return staticImports(manifest, VISITOR_ENTRY).map((k) => `/${manifest[k]!.file}`);
  }

  async function serverRender(req: FastifyRequest, path: string, route: RouteDef | undefined, data: Record<string, unknown>): Promise<{ body: string; head: string } | null> {
    if (!renderer) return null;
    const { ssr, manifest } = renderer;
    const pageKey = ssr.pageModuleFor(path);
    const file = manifest[pageKey]?.file;
    const payload: SsrPayload = { product: app.config.PRODUCT_NAME, data, module: file ? `/${file}` : undefined };
    try {
      const html = await ssr.render(req.url, payload);
      const outside = route?.islands && ssr.renderOutsideIslands ? `\n    ${ssr.renderOutsideIslands(req.url)}` : '';
      const body = `<div id="root">${html}</div>${outside}\n    <script id="${ssr.SSR_DATA_ID}" type="application/json">${ssr.serializePayload(payload)}</script>`;
      return { body, head: `<script>${THEME_SCRIPT}</script>\n    ${headLinks(manifest, pageKey)}` };
    } catch (err) {
      // The client renders the page instead: a render error never costs the visitor the page.
      req.log.error({ err, path }, 'server rendering failed');
      return null;
    }
  }

  // A server-rendered page is the same for every visitor (its data is a visitor's answer; accounts
  // are known by a bearer token that page loads never carry), so it is kept a little while: the
  // first byte no longer waits for the database and the renderer (issue 12, LCP). Any write through
  // the API drops every kept page, so a change shows on the next load; a change made by another
  // process (the content CLI on PostgreSQL) shows within PAGE_CACHE_MS.
  const PAGE_CACHE_MS = 60_000;
  const PAGE_CACHE_MAX = 500;
  const pageCache = new Map<string, { at: number; status: number; html: string }>();
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && pageCache.size) pageCache.clear();
  });

  app.decorate('serveIndex', async (req: FastifyRequest, reply: FastifyReply) => {
    const hit = pageCache.get(req.url);
    if (hit && Date.now() - hit.at < PAGE_CACHE_MS) {
      return reply.code(hit.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(hit.html);
    }
    const path = req.url.split('?')[0] ?? '/';
    let meta: PageMeta | undefined;
    for (const resolve of app.pageMeta) {
      meta = await resolve(path).catch(() => undefined);
      if (meta) break;
    }
    const route = matchRoute(path);
    const title = meta?.title ?? pageTitle(route, app.config.PRODUCT_NAME);
    const description = meta?.description ?? DEFAULT_DESCRIPTION;
    const canonical = `${app.config.publicUrl}${path === '/' ? '/' : path.replace(/\/$/, '')}`;
    const missing = route && NEEDS_DATA.has(route.name) && !meta?.data;
    const seo = [
      `<link rel="canonical" href="${escape(canonical)}" />`,
      `<meta property="og:type" content="${route?.name === 'static/chapter' ? 'article' : 'website'}" />`,
      `<meta property="og:site_name" content="${escape(app.config.PRODUCT_NAME)}" />`,
      `<meta property="og:locale" content="ro_RO" />`,
      `<meta property="og:title" content="${escape(title)}" />`,
      `<meta property="og:description" content="${escape(description)}" />`,
      `<meta property="og:url" content="${escape(canonical)}" />`,
      `<meta property="og:image" content="${escape(app.config.publicUrl)}/icons/icon-512.png" />`,
      `<meta name="twitter:card" content="summary" />`,
    ].join('\n    ');
    let html = template
      .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escape(description)}" />\n    ${seo}`);
    if (serverRendered(route) && !missing) {
      const rendered = await serverRender(req, path, route, meta?.data ?? {});
      if (rendered) {
        html = deferModules(
          inlineStyles(html.replace('</head>', `  ${rendered.head}\n  </head>`).replace('<div id="root"></div>', rendered.body)),
          route?.islands && renderer ? visitorModules(renderer.manifest) : undefined,
        );
        // Without JavaScript the page is complete: the shell's notice is for the client-rendered app.
        html = html.replace(/\s*<noscript>[^<]*<\/noscript>/, '');
        if (pageCache.size >= PAGE_CACHE_MAX) pageCache.clear();
        pageCache.set(req.url, { at: Date.now(), status: route && !missing ? 200 : 404, html });
      }
    }
    return reply
      .code(route && !missing ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
  app.get('/', (req, reply) => app.serveIndex(req, reply));
});

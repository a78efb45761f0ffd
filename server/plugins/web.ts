// Serves the built PWA from dist/ on the same port as the API. Unknown non-API paths get
// index.html with the route's title and description filled in, so public pages (courses)
// carry real titles for search engines before the app boots.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute, pageTitle } from '../../src/shared/routes.ts';

export type PageMeta = { title: string; description?: string };
export type PageMetaResolver = (path: string) => Promise<PageMeta | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    pageMeta: PageMetaResolver[];
    serveIndex: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

const DEFAULT_DESCRIPTION =
  'Grilio te pregătește pentru admiterea la medicină: cursuri de biologie și chimie, mii de grile explicate, teste cronometrate și simulări pe centre universitare.';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export default fp(async (app, opts: { distDir: string }) => {
  app.decorate('pageMeta', [] as PageMetaResolver[]);
  const indexFile = join(opts.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: opts.distDir }, 'no built app found (run `npm run build`); serving the API only');
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: true,
    index: false,
    setHeaders(res, path) {
      if (/\/assets\//.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  app.decorate('serveIndex', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    let meta: PageMeta | undefined;
    for (const resolve of app.pageMeta) {
      meta = await resolve(path).catch(() => undefined);
      if (meta) break;
    }
    const route = matchRoute(path);
    const title = meta?.title ?? pageTitle(route, app.config.PRODUCT_NAME);
    const description = meta?.description ?? DEFAULT_DESCRIPTION;
    const html = template
      .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escape(description)}" />`);
    return reply
      .code(route ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
  app.get('/', (req, reply) => app.serveIndex(req, reply));
});

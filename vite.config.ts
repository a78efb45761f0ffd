import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './src/shared/manifest.ts';

const apiTarget = process.env.GRILIO_API ?? 'http://127.0.0.1:8080';

/**
 * Chunk groups made of a module's static imports, transitively (issue 12 §2): what a screen loads
 * together anyway goes in one file rather than a dozen sub-kilobyte ones (each costs a request
 * and compresses on its own). `without`: modules also reached from there stay out of the group, so
 * what every visitor loads never pulls the group in. The graph is read once every module is parsed.
 */
type ClosureGroup = { from: string[]; without?: string[] };
type GraphContext = {
  getModuleIds(): Iterable<string>;
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
};

function staticClosures(groups: Record<string, ClosureGroup>) {
  const members = new Map<string, Set<string>>();
  const plugin = {
    name: 'grilio-static-closures',
    buildEnd(this: GraphContext) {
      const ids = [...this.getModuleIds()];
      const closure = (suffixes: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        const roots = ids.filter((id) => suffixes.some((s) => id.endsWith(s)));
        roots.forEach(visit);
        return { seen, roots };
      };
      for (const [group, { from, without = [] }] of Object.entries(groups)) {
        const { seen, roots } = closure(from);
        // The starting modules keep their own chunks (the dynamic imports and the manifest name them).
        roots.forEach((id) => seen.delete(id));
        closure(without).seen.forEach((id) => seen.delete(id));
        members.set(group, seen);
      }
    },
  };
  const test = (group: string) => (id: string) => members.get(group)?.has(id) ?? false;
  /** A group's test that leaves out what a visitor's page to read loads (issue 24 §1): those
   *  modules keep chunks of their own, so the visitor never loads an app chunk for one of them. */
  const appOnly = (inner: (id: string) => boolean) => (id: string) =>
    !members.get('visitor')?.has(id) && !VISITOR_SIDE.some((s) => id.endsWith(s)) && !id.includes('preload-helper') && inner(id);
  /** What the visitor's side and the app's first load both import statically. */
  const visitorShared = (id: string) =>
    id.includes('preload-helper') || (Boolean(members.get('visitor')?.has(id)) && Boolean(members.get('initial')?.has(id)));
  return { plugin, test, appOnly, visitorShared };
}

// boot: what src/start-client.ts starts on every page (session, settings, API client); offline:
// what a signed-in account starts at once (IndexedDB, the outbox, the per-grid queue), except
// what the client extras every visitor gets (PWA slot, toasts) share with it.
// initial: what the app's entry imports statically, except what a visitor's page to read uses
// without the app (src/islands/, issue 24 §1: the loader, and the service worker's registration
// it imports when idle), which must not bring the app's first chunk and React with it.
const VISITOR_SIDE = ['/src/islands/visitor.ts', '/src/islands/pwa.ts', '/src/offline/pwa.ts', '/src/state/app-usage.ts'];
const closures = staticClosures({
  initial: { from: ['/src/main.tsx'] },
  visitor: { from: VISITOR_SIDE },
  boot: { from: ['/src/start-client.ts'] },
  offline: {
    from: ['/src/offline/sync.ts', '/src/offline/grid-actions.ts'],
    without: ['/src/shell/ClientExtras.tsx'],
  },
});

/**
 * React Router writes its components as `var Link = React.forwardRef(...)` followed by
 * `Link.displayName = "Link"`: a call and a property write at the top of its module, which the
 * bundler must keep along with all they reach (prefetching, forms, view transitions), though the
 * app imports none of them (src/router/Link.tsx has our links). Marking those calls pure and
 * dropping the names (only React's development tools read them) lets the bundler shake them out:
 * about 4 KB gzip off every page's first load (issue 12 §2, docs/MEASUREMENTS.md).
 */
function reactRouterShakeable() {
  const chunk = /react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/;
  return {
    name: 'grilio-react-router-shakeable',
    apply: 'build' as const,
    transform: {
      filter: { id: chunk },
      handler(code: string, id: string) {
        const s = new MagicString(code);
        for (const m of code.matchAll(/= (React\d*\.forwardRef\()/g))
          s.appendLeft(m.index + 2, '/* @__PURE__ */ ');
        for (const m of code.matchAll(/^\w+\.displayName = "\w+";$/gm))
          s.remove(m.index, m.index + m[0].length);
        return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    reactRouterShakeable(),
    react(),
    closures.plugin,
    ...(isSsrBuild
      ? []
      : [
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'sw.ts',
            registerType: 'prompt',
            injectRegister: false,
            manifest,
            // The icons are already matched by globPatterns; the plugin adds manifest.webmanifest itself.
            includeManifestIcons: false,
            injectManifest: {
              // The shell: every built chunk (all routes, so any screen opens offline), index.html,
              // styles, icons and fonts. Source maps and the server renderer (server/) stay out.
              globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2}'],
              globIgnores: ['server/**', '.vite/**'],
              maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
            },
            devOptions: { enabled: false, type: 'module' },
          }),
        ]),
  ],
  build: isSsrBuild
    ? { sourcemap: false, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        sourcemap: true,
        chunkSizeWarningLimit: 600,
        // dist/.vite/manifest.json: the server reads it for a page's modulepreload and CSS links,
        // and tests/budgets/check-budgets.ts for the first-load sizes.
        manifest: true,
        // Every browser the app supports preloads modules itself.
        modulePreload: { polyfill: false },
        rollupOptions: {
          // The app's entry (index.html → src/main.tsx), and the visitor's entry of the pages to
          // read (src/islands/visitor.ts, issue 24 §1), which the server names in the boot list.
          input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), visitor: fileURLToPath(new URL('./src/islands/visitor.ts', import.meta.url)) },
          output: {
            // Few, well-filled chunks on the first load (issue 12 §2): each file costs a request
            // and compresses on its own. The libraries every screen paints with form one
            // long-lived chunk; the app's own modules that the entry imports statically join the
            // entry chunk; then the boot and offline groups above. Anything else is split by route.
            codeSplitting: {
              groups: [
                // Valtio's vanilla half (proxies, subscribe) stays out: a visitor's page to read
                // uses it without React (src/islands/pwa.ts, issue 24 §1).
                // A group takes in what its modules import unless told not to: these do not, so
                // what a visitor's page to read loads (Vite's preload helper, Valtio's vanilla half,
                // the service worker's registration) is never inside an app chunk (issue 24 §1).
                // What both sides use (the preload helper, the app's state proxy and storage,
                // Valtio's vanilla half): one small chunk rather than several (gzip per file).
                { name: 'shared', test: closures.visitorShared, priority: 5, includeDependenciesRecursively: false },
                {
                  name: 'vendor',
                  test: closures.appOnly((id) => /node_modules[\\/](react|react-dom|scheduler|react-router|valtio|proxy-compare)[\\/]/.test(id)),
                  priority: 4,
                  includeDependenciesRecursively: false,
                },
                { name: 'initial', test: closures.appOnly(closures.test('initial')), priority: 3, includeDependenciesRecursively: false },
                { name: 'boot', test: closures.appOnly(closures.test('boot')), priority: 2, includeDependenciesRecursively: false },
                { name: 'offline', test: closures.appOnly(closures.test('offline')), priority: 1, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
  resolve: {
    // Browser build only. React Router's package points every condition at its development build,
    // which differs from the production one only by its warnings. Dexie's import wrapper loads its
    // UMD build (kept single across bundles by a global); this app has one bundle, so its ES
    // module build does, and is smaller. Both by exact name, so subpaths resolve as usual.
    alias:
      command !== 'build' || isSsrBuild
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
            {
              find: /^dexie$/,
              replacement: fileURLToPath(new URL('./node_modules/dexie/dist/dexie.mjs', import.meta.url)),
            },
          ],
  },
  // The server bundle carries its dependencies, so it runs from any dist directory.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': apiTarget,
      '/app': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
      '/media': apiTarget,
    },
  },
}));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './src/shared/manifest.ts';

const apiTarget = process.env.GRILIO_API ?? 'http://127.0.0.1:8080';

// Two builds (npm run build): the browser app into dist/, then the server renderer of the public
// pages (`vite build --ssr src/entry-server.tsx --outDir dist/server`, issue 12 §1), which
// server/plugins/web.ts loads. The service worker is ours (sw/sw.ts, injectManifest): it precaches
// the shell and the course images of downloaded chapters; API data lives in IndexedDB.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
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
        rollupOptions: {
          output: {
            // React DOM in its own long-lived chunk, so the entry chunk is the app's own start code.
            manualChunks(id: string) {
              if (/node_modules\/(react-dom|scheduler)\//.test(id)) return 'react-dom';
              return undefined;
            },
          },
        },
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

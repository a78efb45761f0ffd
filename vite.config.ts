import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './src/shared/manifest.ts';

const apiTarget = process.env.GRILIO_API ?? 'http://127.0.0.1:8080';

// The service worker is ours (sw/sw.ts, injectManifest): it precaches the shell and
// the course images of downloaded chapters; API data lives in IndexedDB, not in HTTP caches.
export default defineConfig({
  plugins: [
    react(),
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
        // styles, icons and fonts. Source maps stay out. Course images are cached at download time.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
  server: {
    proxy: {
      '/api': apiTarget,
      '/app': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
      '/media': apiTarget,
    },
  },
});

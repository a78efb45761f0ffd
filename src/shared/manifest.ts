// Web app manifest (installable PWA). The manifest's colours follow the light theme; index.html
// carries a second theme-color meta for prefers-color-scheme: dark, and the app rewrites both
// metas to the theme the user chose (src/offline/pwa.ts syncThemeColor).
import type { ManifestOptions } from 'vite-plugin-pwa';

/** Browser-bar colour per theme: the brand teal in light, the dark surface in dark. */
export const THEME_COLORS = { light: '#0f766e', dark: '#0b1f1e' } as const;
/** Splash-screen background per theme (page background of tokens.css). */
export const BACKGROUND_COLORS = { light: '#f5f9f8', dark: '#0a1514' } as const;

export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Grilio — admitere la medicină',
  short_name: 'Grilio',
  description: 'Cursuri, grile și simulări pentru admiterea la medicină, și offline.',
  lang: 'ro',
  dir: 'ltr',
  start_url: '/?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLORS.light,
  background_color: BACKGROUND_COLORS.light,
  categories: ['education', 'medical'],
  // PNGs only: Chromium prefers an SVG icon when one is listed and draws it on the page's main
  // thread while the page loads (issue 24: the main thread of a cheap phone).
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'Teste', short_name: 'Teste', url: '/teste', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: 'Cursurile mele', short_name: 'Cursuri', url: '/ai/cursuri', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
  ],
  // Lets Chromium tell a browser tab that the app is already installed (getInstalledRelatedApps).
  related_applications: [{ platform: 'webapp', url: '/manifest.webmanifest' }],
  prefer_related_applications: false,
};

// Web app manifest (installable PWA). Colours follow the light theme; the dark theme
// colour is applied at run time through the theme-color meta tag.
import type { ManifestOptions } from 'vite-plugin-pwa';

export const manifest: Partial<ManifestOptions> = {
  name: 'Grilio — admitere la medicină',
  short_name: 'Grilio',
  description: 'Cursuri, grile și simulări pentru admiterea la medicină, și offline.',
  lang: 'ro',
  dir: 'ltr',
  start_url: '/?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0f766e',
  background_color: '#ffffff',
  categories: ['education', 'medical'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

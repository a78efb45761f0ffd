// Chromium may fire 'beforeinstallprompt' before the PWA code (loaded after hydration) listens:
// the entry keeps the event here, and src/offline/pwa.ts adopts it when it starts watching.
let early: Event | null = null;

export function catchInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    early = e;
  });
}

/** The install prompt event caught before the PWA code started, if any. */
export function earlyInstallPrompt(): Event | null {
  return early;
}

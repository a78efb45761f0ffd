// Chromium may fire 'beforeinstallprompt' before the PWA code (loaded after hydration) listens:
// the entry keeps the event here, and src/offline/pwa.ts adopts it when it starts watching.
import { EARLY_INSTALL_PROMPT } from '../shared/island-handoff.ts';

let early: Event | null = null;

export function catchInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    early = e;
  });
}

/** The install prompt event caught before the PWA code started, if any: by the entry, or on a
 *  visitor's page by the boot loader (src/shared/boot-loader.ts), which starts at once. */
export function earlyInstallPrompt(): Event | null {
  if (early) return early;
  if (typeof window === 'undefined') return null;
  return ((window as unknown as Record<string, Event | undefined>)[EARLY_INSTALL_PROMPT] as Event | undefined) ?? null;
}

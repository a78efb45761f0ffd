// Service worker registration (workbox-window) and the install prompt, reported into the
// Valtio store so the update modal and the install banner can react.
import { Workbox } from 'workbox-window';
import { app } from '../state/app.ts';
import { getItem, setItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { SW_MESSAGES } from '../shared/pwa.ts';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let wb: Workbox | null = null;
let installEvent: InstallPromptEvent | null = null;
const flushListeners = new Set<() => void>();

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  wb.addEventListener('waiting', () => {
    app.updateAvailable = true;
  });
  wb.addEventListener('message', (event) => {
    if (event.data?.type === SW_MESSAGES.flushOutbox) flushListeners.forEach((fn) => fn());
  });
  void wb.register();
}

/** 'Actualizează': activate the waiting worker, then reload once it controls the page. */
export function applyUpdate(): void {
  if (!wb) {
    location.reload();
    return;
  }
  wb.addEventListener('controlling', () => location.reload());
  wb.messageSkipWaiting();
  // No waiting worker (the update came from the realtime event): a plain reload fetches the new version.
  setTimeout(() => location.reload(), 3000);
}

export function onFlushRequest(fn: () => void): () => void {
  flushListeners.add(fn);
  return () => flushListeners.delete(fn);
}

export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** Install banner state (SPEC §4): shown on first visit unless dismissed; accepting hides it. */
export function watchInstall(): void {
  app.isInstalled = isStandalone();
  app.installBannerVisible = getItem(STORAGE.hideInstallPwa) !== '1';
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installEvent = e as InstallPromptEvent;
    app.installAvailable = true;
  });
  window.addEventListener('appinstalled', () => {
    app.isInstalled = true;
    app.installAvailable = false;
    app.installBannerVisible = false;
  });
}

export async function promptInstall(): Promise<boolean> {
  if (!installEvent) return false;
  await installEvent.prompt();
  const { outcome } = await installEvent.userChoice;
  installEvent = null;
  app.installAvailable = false;
  if (outcome === 'accepted') app.installBannerVisible = false;
  return outcome === 'accepted';
}

export function dismissInstallBanner(): void {
  setItem(STORAGE.hideInstallPwa, '1');
  app.installBannerVisible = false;
}

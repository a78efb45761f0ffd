// The installable app on a visitor's page to read (issue 24 §1): as in the full app
// (src/shell/pwa-slot.tsx), the service worker is registered and installability watched once the
// browser is idle, and the visit is counted. The install banner, the update modal and the offline
// notice are React: their root (pwa-root.tsx) is made only once one of them has something to show.
import { subscribe } from 'valtio/vanilla';
import { whenIdle } from '../shell/when-idle.ts';

let mounted = false;

async function start(): Promise<void> {
  const [pwa, usage, { app }] = await Promise.all([
    import('../offline/pwa.ts'),
    import('../state/app-usage.ts'),
    import('../state/app.ts'),
  ]);
  pwa.startPwa();
  const mountWhenNeeded = () => {
    if (mounted) return;
    const install = usage.appUsage.used && app.installBannerVisible && !app.isInstalled;
    if (!app.updateAvailable && !install && navigator.onLine) return;
    mounted = true;
    void import('./pwa-root.tsx').then((m) => m.mountPwaRoot());
  };
  subscribe(app, mountWhenNeeded);
  subscribe(usage.appUsage, mountWhenNeeded);
  window.addEventListener('offline', mountWhenNeeded);
  mountWhenNeeded();
}

export function startVisitorPwa(): void {
  whenIdle(() => {
    // A chunk that could not load (the connection dropped): the next page load tries again.
    start().catch(() => undefined);
  });
}

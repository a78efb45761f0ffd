// The root of the installable app's notices on a visitor's page to read (src/islands/pwa.ts): the
// same install banner, update modal and offline notice as the full app's PWA slot, rendered by
// the client into an element of their own at the end of the page.
import { createRoot } from 'react-dom/client';
import { InstallBanner } from '../shell/pwa/InstallBanner.tsx';
import { UpdateModal } from '../shell/pwa/UpdateModal.tsx';
import { OfflineIndicator } from '../shell/pwa/OfflineIndicator.tsx';
import { watchNetwork } from '../offline/network.ts';
import { islandTree } from './roots.tsx';

export function mountPwaRoot(): void {
  watchNetwork();
  const el = document.createElement('div');
  el.className = 'island';
  el.dataset.island = 'pwa';
  document.body.append(el);
  createRoot(el).render(
    islandTree(
      <>
        <InstallBanner />
        <UpdateModal />
        <OfflineIndicator />
      </>,
    ),
  );
}

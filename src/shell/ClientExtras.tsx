// What the root adds once the page is live in the browser (never server-rendered, its own chunk):
// scrolling on navigation (the first screen keeps the browser's scroll, so it can wait), the layout counts of the signed-in user, partial-scores modal, cookie banner, PWA slot, logout
// confirmation and toasts.
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { ensureCountsFor } from '../state/user.ts';
import type { RouteDef } from '../shared/routes.ts';
import { Toasts } from './Toasts.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { PartialScoresModal } from './PartialScoresModal.tsx';
import PwaSlot from './pwa-slot.tsx';
import { ScrollManager } from '../router/ScrollManager.tsx';

// Asked only when signing out with unsent answers: loaded then (it reads IndexedDB's outbox words).
const LogoutConfirm = lazy(() => import('./LogoutConfirm.tsx').then((m) => ({ default: m.LogoutConfirm })));

export default function ClientExtras({ route }: { route: RouteDef | undefined }) {
  const { user, logoutConfirm } = useSnapshot(app);
  const userId = user?.id;
  useEffect(() => {
    void ensureCountsFor(userId);
  }, [userId]);
  return (
    <>
      <ScrollManager />
      <PartialScoresModal route={route} />
      <CookieBanner />
      <PwaSlot />
      {logoutConfirm !== null ? (
        <Suspense fallback={null}>
          <LogoutConfirm />
        </Suspense>
      ) : null}
      <Toasts />
    </>
  );
}

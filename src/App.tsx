// The root of every screen: maintenance page (replaces everything), development banner, the
// routed layout inside an error boundary, toasts, cookie banner, partial-scores modal, PWA slot.
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { app } from './state/app.ts';
import { ensureCountsFor } from './state/user.ts';
import { MaintenancePage } from './shell/MaintenancePage.tsx';
import { DevBanner } from './shell/DevBanner.tsx';
import { Toasts } from './shell/Toasts.tsx';
import { CookieBanner } from './shell/CookieBanner.tsx';
import { ErrorBoundary } from './shell/ErrorBoundary.tsx';
import { PartialScoresModal } from './shell/PartialScoresModal.tsx';
import { useCurrentRouteDef } from './shell/layouts.tsx';
import { ScrollManager } from './router/ScrollManager.tsx';
import PwaSlot from './shell/pwa-slot.tsx';

export function Root() {
  const { maintenance, user } = useSnapshot(app);
  const def = useCurrentRouteDef();
  const userId = user?.id;
  useEffect(() => {
    void ensureCountsFor(userId);
  }, [userId]);
  if (maintenance) {
    return (
      <>
        <MaintenancePage />
        <Toasts />
      </>
    );
  }
  return (
    <>
      <DevBanner />
      <ScrollManager />
      <ErrorBoundary>
        <Outlet />
      </ErrorBoundary>
      <PartialScoresModal route={def} />
      <CookieBanner />
      <PwaSlot />
      <Toasts />
    </>
  );
}

export default Root;

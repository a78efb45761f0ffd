// What the root adds once the page is live in the browser (never server-rendered, its own chunk):
// the layout counts of the signed-in user, partial-scores modal, cookie banner, PWA slot, logout
// confirmation and toasts.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { ensureCountsFor } from '../state/user.ts';
import type { RouteDef } from '../shared/routes.ts';
import { LogoutConfirm } from './LogoutConfirm.tsx';
import { Toasts } from './Toasts.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { PartialScoresModal } from './PartialScoresModal.tsx';
import PwaSlot from './pwa-slot.tsx';

export default function ClientExtras({ route }: { route: RouteDef | undefined }) {
  const userId = useSnapshot(app).user?.id;
  useEffect(() => {
    void ensureCountsFor(userId);
  }, [userId]);
  return (
    <>
      <PartialScoresModal route={route} />
      <CookieBanner />
      <PwaSlot />
      <LogoutConfirm />
      <Toasts />
    </>
  );
}

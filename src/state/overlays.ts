// The overlay arbiter (issue 11 §6): the update modal, the maintenance notice, the cookie banner,
// the partial-scores modal and the install banner each ask here before showing, and only the one
// with the highest priority among those that want the screen is shown — never a pile of them over
// half a phone screen. Toasts are separate (short, self-closing) and are placed clear of the
// bottom overlays by CSS.
import { proxy, useSnapshot } from 'valtio';
import { useEffect } from 'react';
import { app } from './app.ts';

/** Highest priority first. Maintenance wants the screen whenever app.maintenance is on. */
export const OVERLAY_PRIORITY = ['update', 'maintenance', 'cookies', 'partialScores', 'install'] as const;
export type OverlayId = (typeof OVERLAY_PRIORITY)[number];

export const overlays = proxy({ wanted: {} as Partial<Record<OverlayId, true>> });

/** The overlay shown among those that want the screen (pure, unit-tested). */
export function activeOverlay(wanted: Partial<Record<OverlayId, boolean>>): OverlayId | null {
  return OVERLAY_PRIORITY.find((id) => wanted[id]) ?? null;
}

/** Registers (or withdraws) an overlay's wish to show. */
export function wantOverlay(id: OverlayId, want: boolean): void {
  if (want) overlays.wanted[id] = true;
  else delete overlays.wanted[id];
}

/** Whether `id` may show now, counting the maintenance state of the app. */
export function overlayAllowed(id: OverlayId, wanted: Partial<Record<OverlayId, boolean>>, maintenance: boolean): boolean {
  return activeOverlay({ ...wanted, maintenance: maintenance || undefined }) === id;
}

/** Hook for an overlay component: declares whether it wants to show and returns whether it may.
 *  The wish is withdrawn when the component unmounts. */
export function useOverlay(id: OverlayId, want: boolean): boolean {
  const snap = useSnapshot(overlays);
  const { maintenance } = useSnapshot(app);
  useEffect(() => {
    wantOverlay(id, want);
    return () => wantOverlay(id, false);
  }, [id, want]);
  return want && overlayAllowed(id, { ...snap.wanted, [id]: true }, maintenance);
}

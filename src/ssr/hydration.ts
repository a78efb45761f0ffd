// Hydration-safe reads of what only the browser knows (the signed-in user, the saved theme,
// localStorage): the server and the hydrating render see `false`, the next render `true`.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False on the server and during hydration, true afterwards (and at once in a client-only render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

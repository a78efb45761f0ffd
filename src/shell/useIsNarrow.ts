// Narrow layout (SPEC §2): 768 px wide or less. Every browser the app supports has matchMedia;
// where there is none (the server, a test without one) nothing is narrow.
import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../shared/constants.ts';

export const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function isNarrow(): boolean {
  return matches(NARROW_QUERY);
}

/** Any media query as a hook (the public header collapses earlier than the 768 px layout). */
export function useMediaQuery(query: string): boolean {
  // One subscription per query, not one per render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const mq = window.matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matches(query), () => false);
}

export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}

// Narrow layout (SPEC §2): 768 px wide or less.
import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../shared/constants.ts';

export const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;

export function isNarrow(): boolean {
  if (typeof window === 'undefined') return false;
  if (typeof window.matchMedia === 'function') return window.matchMedia(NARROW_QUERY).matches;
  return window.innerWidth <= MOBILE_BREAKPOINT;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const mq = typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
  if (mq?.addEventListener) {
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}

/** Any media query as a hook (the public header collapses earlier than the 768 px layout). */
export function useMediaQuery(query: string): boolean {
  const get = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false);
  const sub = (onChange: () => void) => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
    const mq = window.matchMedia(query);
    mq.addEventListener?.('change', onChange);
    return () => mq.removeEventListener?.('change', onChange);
  };
  return useSyncExternalStore(sub, get, () => false);
}

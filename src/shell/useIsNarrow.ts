// Narrow layout (SPEC §2): 768 px wide or less. Every browser the app supports has matchMedia;
// where there is none (the server, a test without one) nothing is narrow.
import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../shared/constants.ts';

export const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;

// One MediaQueryList per query, kept: React reads the snapshot on every render of every user of the
// hook, and matchMedia() builds a new list each call (≈ 2 ms of each answer's tap on a phone, issue 30 §2).
// (Kept with the matchMedia that made it: a replaced one, as tests stub it, starts afresh.)
const lists = new Map<string, { from: typeof window.matchMedia; mq: MediaQueryList }>();

function listOf(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  const kept = lists.get(query);
  if (kept && kept.from === window.matchMedia) return kept.mq;
  const mq = window.matchMedia(query);
  lists.set(query, { from: window.matchMedia, mq });
  return mq;
}

function matches(query: string): boolean {
  return listOf(query)?.matches ?? false;
}

export function isNarrow(): boolean {
  return matches(NARROW_QUERY);
}

/** Any media query as a hook (the public header collapses earlier than the 768 px layout). */
export function useMediaQuery(query: string): boolean {
  // One subscription per query, not one per render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = listOf(query);
      if (!mq) return () => {};
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

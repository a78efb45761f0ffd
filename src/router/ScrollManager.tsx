// Navigation behaviour (SPEC §2): scroll to the top, or to the hash on the home page
// (HOME_HASH_SCROLL_OFFSET above the target on screens ≤ 768 px).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { HOME_HASH_SCROLL_OFFSET } from '../shared/constants.ts';
import { isNarrow } from '../shell/useIsNarrow.ts';

/** Where to scroll for a location: 'top', or an element id with an offset. */
export function scrollTarget(pathname: string, hash: string, narrow: boolean): { id: string; offset: number } | 'top' {
  if (pathname === '/' && hash.length > 1) {
    return { id: decodeURIComponent(hash.slice(1)), offset: narrow ? HOME_HASH_SCROLL_OFFSET : 0 };
  }
  return 'top';
}

export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const target = scrollTarget(pathname, hash, isNarrow());
    // The first screen keeps the browser's own scroll position: a reader who scrolled the
    // server-rendered page before it hydrated must not be sent back to the top.
    const initial = first.current;
    first.current = false;
    if (target === 'top') {
      if (initial) return;
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
      return;
    }
    let tries = 0;
    let handle = 0;
    const attempt = () => {
      const el = document.getElementById(target.id);
      if (el) {
        const header = document.querySelector<HTMLElement>('.site-header')?.offsetHeight ?? 0;
        const top = el.getBoundingClientRect().top + window.scrollY - header - target.offset;
        window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
      } else if (tries++ < 20) handle = window.setTimeout(attempt, 50);
    };
    attempt();
    return () => window.clearTimeout(handle);
  }, [pathname, hash]);
  return null;
}

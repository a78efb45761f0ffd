// A banner fixed at the bottom of the screen (cookies, install) publishes its height as
// --bottom-overlay, so the toasts stack just above it instead of jumping to the top of the
// screen, where they covered a page's main figure, such as a result's grade (issue 32 §5).
import { useEffect, type RefObject } from 'react';

export function useBottomOverlay(ref: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--bottom-overlay', `${el.offsetHeight}px`);
    measure();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      root.style.removeProperty('--bottom-overlay');
    };
  }, [ref, shown]);
}

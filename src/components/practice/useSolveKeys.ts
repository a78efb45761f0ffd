// Binds the solve screen's keyboard map (src/state/solve.ts keyAction) to its handlers. Keys are
// ignored while a dialog is open (the page is scroll-locked then), so nothing changes behind it.
import { useEffect, useRef } from 'react';
import { keyAction, type KeyAction } from '../../state/solve.ts';

export function useSolveKeys(handle: (action: KeyAction) => boolean | void): void {
  const ref = useRef(handle);
  ref.current = handle;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.body.classList.contains('modal-lock')) return;
      const target = e.target instanceof HTMLElement ? { tagName: e.target.tagName, isContentEditable: e.target.isContentEditable, type: (e.target as HTMLInputElement).type } : null;
      const action = keyAction({ key: e.key, code: e.code, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, shiftKey: e.shiftKey, target });
      if (!action) return;
      // Handled: the browser's own meaning (arrows changing a radio, scrolling) must not also apply.
      if (ref.current(action) !== false) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

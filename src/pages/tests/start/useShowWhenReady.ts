// The test builder's form is painted once with what it shows first (the manuals and the chosen
// manual's chapters), not empty and then pushed down by a 16-line chapter list: that arrival was a
// layout shift of 0.18 on a phone (issue 30 §2, the offline builder). A slow answer does not hold the
// form back for more than `patienceMs`.
import { useEffect, useState } from 'react';

export const FORM_PATIENCE_MS = 300;

/** False until `ready` first holds or `patienceMs` have passed; then true for good. */
export function useShowWhenReady(ready: boolean, patienceMs = FORM_PATIENCE_MS): boolean {
  const [shown, setShown] = useState(ready);
  useEffect(() => {
    if (shown) return;
    if (ready) {
      setShown(true);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), patienceMs);
    return () => window.clearTimeout(timer);
  }, [ready, shown, patienceMs]);
  return shown || ready;
}

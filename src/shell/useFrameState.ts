// A state whose frequent updates are applied at most once an animation frame, the latest winning:
// a download reports every chunk it reads, and on a phone each report was a render and a frame of
// its own (issue 30 §2). `setNow` applies at once and drops an update still waiting.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useFrameState<T>(initial: T): [T, (v: T) => void, (v: T) => void] {
  const [value, setValue] = useState(initial);
  const next = useRef<{ v: T } | null>(null);
  const frame = useRef(0);
  const setNow = useCallback((v: T) => {
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    next.current = null;
    setValue(v);
  }, []);
  const setSoon = useCallback((v: T) => {
    next.current = { v };
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      if (next.current) setValue(next.current.v);
      next.current = null;
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return [value, setSoon, setNow];
}

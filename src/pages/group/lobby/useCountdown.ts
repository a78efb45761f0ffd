// Milliseconds left until a server instant (a grid's close, the end of a pause), counted by the
// server clock the page measured (src/shared/server-clock.ts), so every member's screen shows the
// same time left. The display is refreshed when the shown second changes, not on a coarse tick
// (a tick would show each second up to its period late). `onDue` runs `dueAfterMs` after the
// instant: the page then asks the server, which decides by its own clock.
import { useEffect, useState } from 'react';
import { msUntil, type ClockSample } from '../../../shared/server-clock.ts';

export function useCountdown(
  until: string | null,
  clock: ClockSample | null,
  onDue: () => void,
  dueAfterMs: number,
  /** Changes with every state read: the schedule is set again even when `until` did not change. */
  stamp: number,
): number {
  const left = () => msUntil(until, clock, performance.now());
  // Computed at every render, never kept: a new instant shows its own time on its first paint
  // (a kept value would flash the previous one's "0 s"). The state only makes React render again.
  const [, setTicks] = useState(0);
  useEffect(() => {
    let tick: ReturnType<typeof setTimeout> | null = null;
    const step = () => {
      const l = left();
      setTicks((n) => n + 1);
      // Wake just after the shown second (ceil) changes.
      if (l > 0) tick = setTimeout(step, (l % 1000 || 1000) + 5);
    };
    step();
    const due = until === null ? null : setTimeout(onDue, left() + dueAfterMs);
    return () => {
      if (tick) clearTimeout(tick);
      if (due) clearTimeout(due);
    };
  }, [until, clock, stamp]); // eslint-disable-line react-hooks/exhaustive-deps
  return left();
}

// Seconds left on the open grid, counted locally from the server's remaining_ms at the moment the
// state arrived (the device clock's offset does not matter). At zero it asks the server again,
// after the receive grace, so the grid closes by the server's clock, not the device's.
import { useEffect, useState } from 'react';
import { GROUP_ANSWER_GRACE_MS } from '../../../shared/group-schema.ts';

export function useCountdown(remainingMs: number | null, receivedAt: number, onZero: () => void): number {
  const left = () => (remainingMs === null ? 0 : Math.max(0, remainingMs - (performance.now() - receivedAt)));
  const [ms, setMs] = useState(left);
  useEffect(() => {
    setMs(left());
    const t = setInterval(() => setMs(left()), 250);
    const end = remainingMs === null ? null : setTimeout(onZero, left() + GROUP_ANSWER_GRACE_MS + 300);
    return () => {
      clearInterval(t);
      if (end) clearTimeout(end);
    };
  }, [remainingMs, receivedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  return Math.ceil(ms / 1000);
}

// Countdown of a timed test (works offline: it only reads the clock). Calls onExpire once at 0.
import { useEffect, useRef, useState } from 'react';
import { formatClock, remainingSeconds, spokenClock, type TimedTest } from '../../offline/timer.ts';

export function Timer({ test, onExpire }: { test: TimedTest; onExpire: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;
  const left = remainingSeconds(test, now);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  useEffect(() => {
    if (left === 0 && !fired.current) {
      fired.current = true;
      onExpireRef.current();
    }
  }, [left]);

  if (left === null) return null;
  const low = left <= 60;
  return (
    <div className={`timer${low ? ' timer--low' : ''}`} role="timer" aria-label={spokenClock(left)}>
      <span aria-hidden="true">{formatClock(left)}</span>
    </div>
  );
}

// The toast stack (SPEC §2): each toast shows its catalogue text, counts down with a bar and
// disappears; a mouse over it (or keyboard focus in it) pauses the countdown, a press elsewhere resumes it. The same code and type never
// stacks twice (showToast refreshes the one on screen).
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { dismissToast } from '../state/toast.ts';
import { messageFor } from '../shared/messages.ro.ts';
import type { Toast } from '../shared/types.ts';
import { ToastTimer } from './toast-timer.ts';
import { Icon } from './icons.tsx';

function ToastItem({ toast, product }: { toast: Toast; product: string }) {
  const [progress, setProgress] = useState(1);
  const timer = useRef<ToastTimer | null>(null);

  // A repeat of the same code and type (toast.repeats) restarts the countdown from full.
  useEffect(() => {
    const t = new ToastTimer({
      duration: toast.duration,
      onTick: () => setProgress(t.progress),
      onDone: () => dismissToast(toast.id),
    });
    timer.current = t;
    t.start();
    return () => t.stop();
  }, [toast.id, toast.duration, toast.repeats]);

  const pause = () => timer.current?.pause();
  const resume = () => timer.current?.resume();
  const box = useRef<HTMLDivElement | null>(null);

  // A press anywhere else means the person is not reading it: a paused countdown goes on. Without
  // this a toast that appeared under a resting mouse (no "leave" ever comes) stayed over the phone's
  // overview sheet for two minutes and took the taps meant for its grids (CI run 13).
  useEffect(() => {
    const onDown = (e: Event) => {
      if (!box.current?.contains(e.target as Node)) timer.current?.resume();
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, []);
  const icon = toast.type === 'error' ? 'alert' : toast.type === 'warning' ? 'warning' : 'check';

  return (
    <div
      ref={box}
      className={`toast toast--${toast.type}${progress === 0 ? ' toast--leaving' : ''}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      // A mouse over it pauses the countdown; a finger does not: a tap on a phone fires no
      // "leave", and a paused toast stayed over a result for a minute (issue 32 §5).
      onPointerEnter={(e) => e.pointerType === 'mouse' && pause()}
      onPointerLeave={(e) => e.pointerType === 'mouse' && resume()}
      onFocus={pause}
      onBlur={resume}
      data-code={toast.code}
    >
      <Icon name={icon} className="toast__icon" />
      <p className="toast__text">{messageFor(toast.code, product)}</p>
      <button type="button" className="toast__close" aria-label="Închide notificarea" onClick={() => dismissToast(toast.id)}>
        <Icon name="close" />
      </button>
      <span className="toast__bar" style={{ transform: `scaleX(${progress})` }} aria-hidden="true" />
    </div>
  );
}

export function Toasts() {
  const snap = useSnapshot(app);
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {snap.toasts.map((t) => (
        <ToastItem key={t.id} toast={t} product={snap.product} />
      ))}
    </div>
  );
}

// Button with click delay (SPEC §2): shows a progress bar; a second click during the delay cancels.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ClickDelay } from './click-delay.ts';

export type ClickDelayButtonProps = {
  onConfirm: () => void;
  children: ReactNode;
  /** Total delay before the action runs. */
  delayMs?: number;
  className?: string;
  disabled?: boolean;
  /** Label shown while counting ("click again to cancel"). */
  pendingLabel?: ReactNode;
};

export function ClickDelayButton({ onConfirm, children, delayMs = 2000, className, disabled, pendingLabel = 'Apasă din nou pentru a anula' }: ClickDelayButtonProps) {
  const [state, setState] = useState({ progress: 0, running: false });
  const onConfirmRef = useRef(onConfirm);
  onConfirmRef.current = onConfirm;
  const delay = useRef<ClickDelay | null>(null);

  useEffect(() => {
    const d = new ClickDelay(delayMs, () => onConfirmRef.current(), (progress, running) => setState({ progress, running }));
    delay.current = d;
    return () => d.dispose();
  }, [delayMs]);

  return (
    <button
      type="button"
      className={`btn click-delay${state.running ? ' is-running' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => delay.current?.click()}
      disabled={disabled}
      aria-live="polite"
    >
      <span className="click-delay__label">{state.running ? pendingLabel : children}</span>
      <span className="click-delay__bar" style={{ transform: `scaleX(${state.progress})` }} aria-hidden="true" />
    </button>
  );
}

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastTimer } from '../../src/shell/toast-timer.ts';
import { Toasts } from '../../src/shell/Toasts.tsx';
import { app } from '../../src/state/app.ts';
import { showToast } from '../../src/state/toast.ts';
import { TOAST_COUNTDOWN_STEPS, TOAST_COUNTDOWN_UNITS, TOAST_DEFAULT_MS } from '../../src/shared/constants.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  vi.useFakeTimers();
  app.toasts.splice(0);
});
afterEach(() => vi.useRealTimers());

describe('ToastTimer', () => {
  it('default: 2480 units in 80 steps of 31 ms, gone at 2680 ms', () => {
    const onDone = vi.fn();
    const ticks: number[] = [];
    const t = new ToastTimer({ duration: TOAST_DEFAULT_MS, onDone, onTick: (u) => ticks.push(u) });
    expect(t.stepMs).toBe(TOAST_COUNTDOWN_UNITS / TOAST_COUNTDOWN_STEPS);
    t.start();
    vi.advanceTimersByTime(31 * 40);
    expect(ticks).toHaveLength(40);
    expect(t.progress).toBeCloseTo(0.5);
    vi.advanceTimersByTime(31 * 40);
    expect(ticks).toHaveLength(TOAST_COUNTDOWN_STEPS);
    expect(t.units).toBe(0);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TOAST_DEFAULT_MS - TOAST_COUNTDOWN_UNITS - 1);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('scales to the duration (maintenance toast 4000 ms)', () => {
    const onDone = vi.fn();
    const t = new ToastTimer({ duration: 4000, onDone });
    t.start();
    vi.advanceTimersByTime(3999);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('pause stops the countdown; resume continues where it was', () => {
    const onDone = vi.fn();
    const t = new ToastTimer({ duration: TOAST_DEFAULT_MS, onDone });
    t.start();
    vi.advanceTimersByTime(31 * 20);
    t.pause();
    const units = t.units;
    vi.advanceTimersByTime(60_000);
    expect(t.units).toBe(units);
    expect(onDone).not.toHaveBeenCalled();
    t.resume();
    vi.advanceTimersByTime(TOAST_DEFAULT_MS - 31 * 20);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('<Toasts />', () => {
  let root: Root;
  let host: HTMLDivElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('shows the Romanian text, counts down, pauses under a mouse (not a finger) and disappears', async () => {
    act(() => root.render(<Toasts />));
    await act(async () => {
      showToast('LOGOUT_SUCCESSFUL');
    });
    const toast = host.querySelector<HTMLElement>('.toast')!;
    expect(toast.textContent).toContain('Te-ai deconectat');
    expect(toast.className).toContain('toast--success');
    act(() => vi.advanceTimersByTime(1000));
    const bar = () => host.querySelector<HTMLElement>('.toast__bar')!.style.transform;
    const before = bar();
    expect(before).not.toBe('scaleX(1)');
    // React's onPointerEnter listens to pointerover/pointerout at the root. A finger does not pause
    // it (a tap fires no leave on a phone: the toast stayed for a minute), a mouse does.
    const pointer = (type: string, pointerType: string) => {
      const e = new MouseEvent(type, { bubbles: true, relatedTarget: document.body });
      Object.defineProperty(e, 'pointerType', { value: pointerType });
      toast.dispatchEvent(e);
    };
    act(() => pointer('pointerover', 'touch'));
    act(() => vi.advanceTimersByTime(200));
    const touched = bar();
    expect(touched).not.toBe(before);
    act(() => pointer('pointerover', 'mouse'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(host.querySelector('.toast')).not.toBeNull();
    const paused = bar();
    act(() => vi.advanceTimersByTime(1000));
    expect(bar()).toBe(paused);
    act(() => pointer('pointerout', 'mouse'));
    await act(async () => vi.advanceTimersByTime(TOAST_DEFAULT_MS));
    expect(host.querySelector('.toast')).toBeNull();
    expect(app.toasts).toHaveLength(0);
  });

  it('a press elsewhere resumes a countdown that a resting mouse paused (no leave ever comes)', async () => {
    act(() => root.render(<Toasts />));
    await act(async () => {
      showToast('TEST_CREATED');
    });
    const toast = host.querySelector<HTMLElement>('.toast')!;
    const over = new MouseEvent('pointerover', { bubbles: true, relatedTarget: document.body });
    Object.defineProperty(over, 'pointerType', { value: 'mouse' });
    act(() => toast.dispatchEvent(over));
    act(() => vi.advanceTimersByTime(60_000));
    expect(host.querySelector('.toast')).not.toBeNull();
    // A press on the toast itself (its close button, selecting its text) keeps it paused.
    act(() => toast.querySelector('.toast__text')!.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true })));
    act(() => vi.advanceTimersByTime(60_000));
    expect(host.querySelector('.toast')).not.toBeNull();
    act(() => document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(TOAST_DEFAULT_MS));
    expect(host.querySelector('.toast')).toBeNull();
  });

  it('unknown codes are shown raw; types error and warning', async () => {
    act(() => root.render(<Toasts />));
    await act(async () => {
      showToast('SOMETHING_NEW', 'error');
      showToast('MAINTENANCE_MODE', 'warning', 4000);
    });
    const toasts = host.querySelectorAll('.toast');
    expect(toasts[0].textContent).toContain('SOMETHING_NEW');
    expect(toasts[0].getAttribute('role')).toBe('alert');
    expect(toasts[1].className).toContain('toast--warning');
  });
});

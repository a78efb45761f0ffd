// Toast timing of SPEC §2/§9: the countdown bar runs 2480 units in 80 steps (scaled to the
// toast's duration, 2680 ms by default), the remaining time is the exit; hovering pauses it.
import { TOAST_COUNTDOWN_STEPS, TOAST_COUNTDOWN_UNITS, TOAST_DEFAULT_MS } from '../shared/constants.ts';

export type ToastTimerOptions = {
  duration: number;
  /** Remaining countdown units (TOAST_COUNTDOWN_UNITS → 0) after each step. */
  onTick?: (units: number) => void;
  onDone: () => void;
};

export class ToastTimer {
  /** Units left on the countdown bar. */
  units = TOAST_COUNTDOWN_UNITS;
  paused = false;
  done = false;
  readonly stepMs: number;
  readonly exitMs: number;
  private readonly unitsPerStep = TOAST_COUNTDOWN_UNITS / TOAST_COUNTDOWN_STEPS;
  private handle: ReturnType<typeof setTimeout> | null = null;
  /** Countdown steps already taken (0 → TOAST_COUNTDOWN_STEPS). */
  private step = 0;
  private readonly opts: ToastTimerOptions;

  constructor(opts: ToastTimerOptions) {
    this.opts = opts;
    const scale = opts.duration / TOAST_DEFAULT_MS;
    this.stepMs = this.unitsPerStep * scale;
    this.exitMs = Math.max(0, opts.duration - Math.round(TOAST_COUNTDOWN_STEPS * this.stepMs));
  }

  start(): void {
    this.schedule();
  }

  pause(): void {
    if (this.done) return;
    this.paused = true;
    this.clear();
  }

  resume(): void {
    if (this.done || !this.paused) return;
    this.paused = false;
    this.schedule();
  }

  stop(): void {
    this.clear();
    this.done = true;
  }

  /** Fraction of the bar left, 1 → 0. */
  get progress(): number {
    return this.units / TOAST_COUNTDOWN_UNITS;
  }

  private schedule(): void {
    this.clear();
    if (this.step < TOAST_COUNTDOWN_STEPS) {
      // Whole-millisecond delays that add up exactly (no drift from fractional steps).
      const delay = Math.round((this.step + 1) * this.stepMs) - Math.round(this.step * this.stepMs);
      this.handle = setTimeout(() => {
        this.step += 1;
        this.units = this.step >= TOAST_COUNTDOWN_STEPS ? 0 : TOAST_COUNTDOWN_UNITS - this.step * this.unitsPerStep;
        this.opts.onTick?.(this.units);
        this.schedule();
      }, delay);
    } else {
      this.handle = setTimeout(() => {
        this.done = true;
        this.handle = null;
        this.opts.onDone();
      }, this.exitMs);
    }
  }

  private clear(): void {
    if (this.handle !== null) clearTimeout(this.handle);
    this.handle = null;
  }
}

// Click-delay logic (SPEC §2): a first click starts a progress bar advancing every 80 ms;
// when it fills the action runs; a second click during the delay cancels.
import { CLICK_DELAY_TICK_MS } from '../shared/constants.ts';

export class ClickDelay {
  progress = 0;
  running = false;
  private handle: ReturnType<typeof setInterval> | null = null;
  private readonly delayMs: number;
  private readonly onChange: (progress: number, running: boolean) => void;
  private readonly onFire: () => void;

  constructor(delayMs: number, onFire: () => void, onChange: (progress: number, running: boolean) => void = () => {}) {
    this.delayMs = Math.max(CLICK_DELAY_TICK_MS, delayMs);
    this.onFire = onFire;
    this.onChange = onChange;
  }

  /** A click: starts the delay, or cancels it when already running. Returns true when it started. */
  click(): boolean {
    if (this.running) {
      this.cancel();
      return false;
    }
    this.running = true;
    this.progress = 0;
    this.onChange(0, true);
    const step = CLICK_DELAY_TICK_MS / this.delayMs;
    this.handle = setInterval(() => {
      this.progress = Math.min(1, this.progress + step);
      if (this.progress >= 1 - 1e-9) {
        this.stopTimer();
        this.running = false;
        this.progress = 1;
        this.onChange(1, false);
        this.onFire();
        this.progress = 0;
        return;
      }
      this.onChange(this.progress, true);
    }, CLICK_DELAY_TICK_MS);
    return true;
  }

  cancel(): void {
    this.stopTimer();
    this.running = false;
    this.progress = 0;
    this.onChange(0, false);
  }

  dispose(): void {
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.handle !== null) clearInterval(this.handle);
    this.handle = null;
  }
}

import { app } from './app.ts';
import { TOAST_DEFAULT_MS } from '../shared/constants.ts';
import type { ToastType } from '../shared/types.ts';

let nextId = 1;

/** Shows a toast for a catalogue code (SPEC §3: type defaults to success, duration to 2680 ms).
 *  The same code and type while such a toast is still up does not stack a second one (issue 11
 *  §6): the toast on screen stays and its countdown starts again. Returns the toast's id. */
export function showToast(code: string, type: ToastType = 'success', duration = TOAST_DEFAULT_MS): number {
  const same = app.toasts.find((t) => t.code === code && t.type === type);
  if (same) {
    same.duration = duration;
    same.repeats = (same.repeats ?? 0) + 1;
    return same.id;
  }
  const id = nextId++;
  app.toasts.push({ id, code, type, duration });
  return id;
}

export function dismissToast(id: number): void {
  const i = app.toasts.findIndex((t) => t.id === id);
  if (i >= 0) app.toasts.splice(i, 1);
}

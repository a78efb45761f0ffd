import { app } from './app.ts';
import { TOAST_DEFAULT_MS } from '../shared/constants.ts';
import type { ToastType } from '../shared/types.ts';

let nextId = 1;

/** Shows a toast for a catalogue code (SPEC §3: type defaults to success, duration to 2680 ms). */
export function showToast(code: string, type: ToastType = 'success', duration = TOAST_DEFAULT_MS): number {
  const id = nextId++;
  app.toasts.push({ id, code, type, duration });
  return id;
}

export function dismissToast(id: number): void {
  const i = app.toasts.findIndex((t) => t.id === id);
  if (i >= 0) app.toasts.splice(i, 1);
}

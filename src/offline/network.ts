// Network state: window online/offline events mirrored into app.online, and a hook for screens.
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';

/** Mirrors the browser's online/offline events into app.online; returns the cleanup. */
export function watchNetwork(onOnline?: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  app.online = navigator.onLine;
  const up = () => {
    app.online = true;
    onOnline?.();
  };
  const down = () => {
    app.online = false;
  };
  window.addEventListener('online', up);
  window.addEventListener('offline', down);
  return () => {
    window.removeEventListener('online', up);
    window.removeEventListener('offline', down);
  };
}

/** True while the browser reports a connection (re-renders on change). */
export function useOnline(): boolean {
  return useSnapshot(app).online;
}

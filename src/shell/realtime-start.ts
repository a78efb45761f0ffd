// When the realtime client starts (issues 7 and 12). Someone signed in gets it once the page is
// idle (live messages, notifications, the update notice). A visitor needs it for the update
// notice only, and the page they just loaded is the newest version: their connection waits
// VISITOR_REALTIME_DELAY_MS, so the websocket client (laravel-echo + pusher-js, the largest chunk
// a public page would otherwise run) never competes with the first paint and hydration on a
// phone. A visitor who signs in before that gets it at once.
import { subscribeKey } from 'valtio/utils';
import { app } from '../state/app.ts';
import { whenIdle } from './when-idle.ts';

export const VISITOR_REALTIME_DELAY_MS = 30_000;

/** Calls `start` at the right moment for this page; returns the cancel function. */
export function scheduleRealtime(start: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  let started = false;
  const atIdle = () => {
    if (started || cancelIdle) return;
    cancelIdle = whenIdle(() => {
      started = true;
      start();
    }, 5000);
  };
  if (app.user) {
    atIdle();
    return () => cancelIdle?.();
  }
  const timer = window.setTimeout(atIdle, VISITOR_REALTIME_DELAY_MS);
  const stopWatching = subscribeKey(app, 'user', (user) => {
    if (!user) return;
    window.clearTimeout(timer);
    atIdle();
  });
  return () => {
    window.clearTimeout(timer);
    stopWatching();
    cancelIdle?.();
  };
}

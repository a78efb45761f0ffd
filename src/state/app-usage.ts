// Whether the candidate has used the app (issue 11 §6): the install banner waits for it, so a
// first-time visitor is not asked to install something they have not tried. Used means a second
// visit (a new browser session after the one of the first visit) or a finished test.
import { proxy } from 'valtio/vanilla';
import { getItem, setItem } from './storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';

/** sessionStorage marker: this tab's visit was already counted (reloads are not new visits). */
const SESSION_VISIT_KEY = 'visit-counted';

export const appUsage = proxy({ used: false });

function sessionFlag(): string | null {
  try {
    return sessionStorage.getItem(SESSION_VISIT_KEY);
  } catch {
    return null;
  }
}

function setSessionFlag(): void {
  try {
    sessionStorage.setItem(SESSION_VISIT_KEY, '1');
  } catch {
    /* storage unavailable: every load counts as the first visit, the banner simply waits */
  }
}

/** Counts this visit once per browser session; a visit after the first one marks the app used. */
export function recordVisit(now = new Date()): void {
  if (getItem(STORAGE.usedApp) === '1') {
    appUsage.used = true;
    return;
  }
  if (sessionFlag() === null) {
    setSessionFlag();
    if (getItem(STORAGE.firstVisit) === null) setItem(STORAGE.firstVisit, now.toISOString());
    else markAppUsed();
  }
}

/** The candidate finished a test (or came back): from now on the install banner may show. */
export function markAppUsed(): void {
  setItem(STORAGE.usedApp, '1');
  appUsage.used = true;
}

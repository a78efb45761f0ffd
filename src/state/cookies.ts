// Cookie consent of SPEC §2/§4: 'Accept toate' or 'Doar esențiale', saved without expiry.
// Without a saved choice the banner shows again on every visit. Analytics must check
// statisticsAllowed() before loading anything.
import { getItem, setItem } from './storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import type { CookiePreferences } from '../shared/types.ts';

export function readCookiePreferences(): CookiePreferences | null {
  const raw = getItem(STORAGE.cookiePreferences);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CookiePreferences> | null;
    if (!parsed || typeof parsed !== 'object') return null;
    return { essential: true, statistics: parsed.statistics === true };
  } catch {
    return null;
  }
}

export function saveCookiePreferences(statistics: boolean): CookiePreferences {
  const prefs: CookiePreferences = { essential: true, statistics };
  setItem(STORAGE.cookiePreferences, JSON.stringify(prefs));
  return prefs;
}

/** True only when the visitor chose 'Accept toate'. */
export function statisticsAllowed(): boolean {
  return readCookiePreferences()?.statistics === true;
}

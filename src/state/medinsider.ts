// The Medinsider link (SPEC §2 "on start", §3 simulation-medinsider-uuid; issue 23 §4): a partner's
// link /teste/simulare/medinsider?uuid=… is remembered so that opening the app at its start brings
// the candidate back to that simulation until it is finished. The rule is a pure function so the
// start-up (src/state/boot.ts) and the first render (src/main.tsx) agree on it.
import { app } from './app.ts';
import { getItem, removeItem, setItem } from './storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';

export const MEDINSIDER_PATH = '/teste/simulare/medinsider';
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where the app counts as "opened at its start": the home page (also the installed app's start_url
 * '/?source=pwa') and the page a signed-in candidate lands on. Any other path is a deep link or a
 * reload of a page the candidate chose, and is never taken away from them. The landing page is
 * HOME_AFTER_LOGIN of src/router/guard.ts, written out so the first-load bundle does not take in
 * the guard (issue 12 §2); tests/unit/medinsider-start.test.ts keeps the two equal.
 */
export const START_PATHS: readonly string[] = ['/', '/cont/premium'];

export type MedinsiderStart = {
  /** The uuid to keep stored after this load (null: none). */
  uuid: string | null;
  /** Where to go instead of the opened URL, or null to stay. */
  redirect: string | null;
};

/**
 * On a full load: a Medinsider link (its page with a well-formed uuid) replaces the stored uuid and
 * stays where it is; the app opened at its start goes to the stored simulation; anything else stays.
 */
export function medinsiderStart(stored: string | null, pathname: string, search: string): MedinsiderStart {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === MEDINSIDER_PATH) {
    const link = new URLSearchParams(search).get('uuid');
    if (link && UUID_PATTERN.test(link)) return { uuid: link.toLowerCase(), redirect: null };
    return { uuid: stored, redirect: null };
  }
  if (stored && START_PATHS.includes(path)) {
    return { uuid: stored, redirect: `${MEDINSIDER_PATH}?uuid=${encodeURIComponent(stored)}` };
  }
  return { uuid: stored, redirect: null };
}

/** The stored uuid, in storage and in client state (SPEC §3); null forgets it. */
export function rememberMedinsider(uuid: string | null): void {
  if (uuid) setItem(STORAGE.simulationMedinsiderUuid, uuid);
  else removeItem(STORAGE.simulationMedinsiderUuid);
  app.medinsiderUuid = uuid;
}

/** A finished simulation is no longer returned to: forgotten when it is the stored one. */
export function forgetFinishedMedinsider(simulationId: string): void {
  if (getItem(STORAGE.simulationMedinsiderUuid)?.toLowerCase() === simulationId.toLowerCase()) rememberMedinsider(null);
}

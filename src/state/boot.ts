// Start-up: theme, flags, error logging, the stored Medinsider simulation, settings and the session.
import { app } from './app.ts';
import { getItem } from './storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { applyTheme, initialTheme } from './theme.ts';
import { loadAnnouncementFlag } from './announcement.ts';
import { installErrorLogging } from './error-log.ts';
import { loadSettings } from './settings.ts';
import { cachedUser, isSignedIn, loadSession } from './user.ts';

export const MEDINSIDER_PATH = '/teste/simulare/medinsider';

/** The URL to open at start when a Medinsider simulation id is stored, else null. */
export function medinsiderResumeUrl(uuid: string | null, pathname: string, search: string): string | null {
  if (!uuid) return null;
  const target = `${MEDINSIDER_PATH}?uuid=${encodeURIComponent(uuid)}`;
  if (pathname === MEDINSIDER_PATH && new URLSearchParams(search).get('uuid') === uuid) return null;
  return target;
}

export function startApp(): void {
  const theme = initialTheme();
  app.theme = theme;
  applyTheme(theme, false);
  loadAnnouncementFlag();
  installErrorLogging();

  const uuid = getItem(STORAGE.simulationMedinsiderUuid);
  app.medinsiderUuid = uuid;
  const resume = medinsiderResumeUrl(uuid, window.location.pathname, window.location.search);
  if (resume) window.history.replaceState(null, '', resume);

  window.addEventListener('online', () => (app.online = true));
  window.addEventListener('offline', () => (app.online = false));

  // Show the last known user at once; GET /user replaces it (or clears it) moments later.
  if (isSignedIn()) app.user = cachedUser();

  void loadSettings();
  void loadSession();
}

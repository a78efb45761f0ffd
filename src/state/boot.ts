// Start-up: theme, flags, error logging, the stored Medinsider simulation, settings and the session.
import { app } from './app.ts';
import { getItem } from './storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { medinsiderStart, rememberMedinsider } from './medinsider.ts';
import { applyTheme, followSystemTheme, initialChoice, resolveTheme } from './theme.ts';
import { loadAnnouncementFlag } from './announcement.ts';
import { installErrorLogging } from './error-log.ts';
import { loadSettings } from './settings.ts';
import { cachedUser, isSignedIn, loadSession } from './user.ts';

export function startApp(): void {
  app.themeChoice = initialChoice();
  app.theme = resolveTheme(app.themeChoice);
  applyTheme(app.theme, false);
  followSystemTheme();
  loadAnnouncementFlag();
  installErrorLogging();

  // A Medinsider link replaces the stored uuid; the app opened at its start returns to it (SPEC §2).
  const stored = getItem(STORAGE.simulationMedinsiderUuid);
  const start = medinsiderStart(stored, window.location.pathname, window.location.search);
  if (start.uuid !== stored) rememberMedinsider(start.uuid);
  else app.medinsiderUuid = stored;
  if (start.redirect) window.history.replaceState(null, '', start.redirect);

  window.addEventListener('online', () => (app.online = true));
  window.addEventListener('offline', () => (app.online = false));

  // Show the last known user at once; GET /user replaces it (or clears it) moments later.
  if (isSignedIn()) app.user = cachedUser();

  void loadSettings();
  void loadSession();
}

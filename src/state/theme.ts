// Theme of SPEC §4: light or dark, from the saved choice or the system preference.
// Toggling saves locally, sends it to the server when signed in, and briefly disables
// CSS transitions (10 ms) so the whole page switches at once.
import { app } from './app.ts';
import { getItem, setItem } from './storage.ts';
import { showToast } from './toast.ts';
import { updateTheme } from '../api/user.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { THEMES, THEME_TRANSITION_SUPPRESS_MS, type Theme } from '../shared/constants.ts';

export const NO_TRANSITIONS_CLASS = 'no-transitions';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** Saved theme, else the system preference, else light. */
export function initialTheme(): Theme {
  const saved = getItem(STORAGE.theme);
  if (isTheme(saved)) return saved;
  try {
    if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches) return 'dark';
  } catch {
    /* no matchMedia */
  }
  return 'light';
}

/** Puts the theme on <html data-theme>, suppressing transitions for THEME_TRANSITION_SUPPRESS_MS. */
export function applyTheme(theme: Theme, suppressTransitions = true): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (suppressTransitions) {
    root.classList.add(NO_TRANSITIONS_CLASS);
    setTimeout(() => root.classList.remove(NO_TRANSITIONS_CLASS), THEME_TRANSITION_SUPPRESS_MS);
  }
  // Only real changes: at start the inline theme script has already set both, and rewriting them
  // would restyle the whole page once more (the theme's custom properties sit on the root).
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
  if (root.style.colorScheme !== theme) root.style.colorScheme = theme;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#0b1f1e' : '#0f766e');
}

/** Adopts a theme locally (state, storage, page) without telling the server. */
export function adoptTheme(theme: Theme, suppressTransitions = true): void {
  app.theme = theme;
  setItem(STORAGE.theme, theme);
  applyTheme(theme, suppressTransitions);
}

/** The switch: toggles, saves, and sends PUT /user/theme when signed in (failure → generic error). */
export async function toggleTheme(): Promise<void> {
  const next: Theme = app.theme === 'dark' ? 'light' : 'dark';
  adoptTheme(next);
  if (!app.user || !getItem(STORAGE.token)) return;
  try {
    await updateTheme(next);
    app.user.theme = next;
  } catch {
    showToast('FORM_AN_ERROR_HAS_OCCURRED', 'error');
  }
}

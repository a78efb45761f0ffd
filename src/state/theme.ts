// Theme of SPEC §4, with a third choice (issue 32 §4): light, dark, or 'system' (the default for
// new accounts and visitors), which follows the device's prefers-color-scheme live. The choice is
// saved locally and, signed in, on the server; the switch in the header picks the other of what
// is on screen. Changes briefly disable CSS transitions (10 ms) so the whole page switches at once.
import { app } from './app.ts';
import { getItem, setItem } from './storage.ts';
import { showToast } from './toast.ts';
import { updateTheme } from '../api/user.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { THEMES, THEME_TRANSITION_SUPPRESS_MS, type AppliedTheme, type Theme } from '../shared/constants.ts';

export const NO_TRANSITIONS_CLASS = 'no-transitions';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function systemPrefersDark(): boolean {
  try {
    return typeof window !== 'undefined' && Boolean(window.matchMedia?.(DARK_QUERY).matches);
  } catch {
    return false; // no matchMedia
  }
}

/** What a choice shows now: 'system' is the device's setting. */
export function resolveTheme(choice: Theme): AppliedTheme {
  if (choice !== 'system') return choice;
  return systemPrefersDark() ? 'dark' : 'light';
}

/** The saved choice, else 'system'. */
export function initialChoice(): Theme {
  const saved = getItem(STORAGE.theme);
  return isTheme(saved) ? saved : 'system';
}

/** The theme to show at start: the saved choice resolved (the system preference by default). */
export function initialTheme(): AppliedTheme {
  return resolveTheme(initialChoice());
}

/** Puts the theme on <html data-theme>, suppressing transitions for THEME_TRANSITION_SUPPRESS_MS. */
export function applyTheme(theme: AppliedTheme, suppressTransitions = true): void {
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

/** Adopts a choice locally (state, storage, page) without telling the server. */
export function adoptTheme(choice: Theme, suppressTransitions = true): void {
  app.themeChoice = choice;
  app.theme = resolveTheme(choice);
  setItem(STORAGE.theme, choice);
  applyTheme(app.theme, suppressTransitions);
}

let following = false;
/** While the choice is 'system', a change of the device's setting (evening dark mode) shows at once. */
export function followSystemTheme(): void {
  if (following || typeof window === 'undefined' || !window.matchMedia) return;
  following = true;
  const mq = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (app.themeChoice !== 'system') return;
    app.theme = resolveTheme('system');
    applyTheme(app.theme);
  };
  if (mq.addEventListener) mq.addEventListener('change', onChange);
  else mq.addListener?.(onChange);
}

/** Saves a choice: locally at once, then PUT /user/theme when signed in (failure → generic error). */
export async function chooseTheme(choice: Theme): Promise<boolean> {
  adoptTheme(choice);
  if (!app.user || !getItem(STORAGE.token)) return true;
  try {
    await updateTheme(choice);
    if (app.user) app.user.theme = choice;
    return true;
  } catch {
    showToast('FORM_AN_ERROR_HAS_OCCURRED', 'error');
    return false;
  }
}

/** The header switch: the other theme of what is on screen, saved as an explicit choice. */
export async function toggleTheme(): Promise<void> {
  await chooseTheme(app.theme === 'dark' ? 'light' : 'dark');
}

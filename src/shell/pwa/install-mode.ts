// Which install banner to show (SPEC §2/§4), as a pure function so the rules are unit-tested.
export type InstallMode = 'hidden' | 'pending' | 'available' | 'ios';

export type InstallInputs = {
  /** app.installBannerVisible: false once dismissed (hide-install-pwa = '1') or accepted. */
  visible: boolean;
  /** Running as the installed app (display-mode standalone): the banner would be noise there. */
  standalone: boolean;
  /** Installed while this browser tab is open (appinstalled) or known installed (related apps). */
  installed: boolean;
  /** beforeinstallprompt was captured: the browser can install now. */
  available: boolean;
  /** iPhone/iPad: never fires beforeinstallprompt; install is Share → Add to Home Screen. */
  ios: boolean;
  /** The grace period for beforeinstallprompt has passed (avoids flashing 'unavailable'). */
  waited: boolean;
  /** Not now: the candidate has not used the app yet, the screen is not one of INSTALL_BANNER_ROUTES
   *  (a form, a test, a chapter being read), or maintenance is on. */
  suppressed: boolean;
};

/** Screens where the install banner may appear (issue 11 §6): overviews and lists, never a form,
 *  a test being solved or a chapter being read. A list rather than exclusions, so a new screen
 *  gets no banner until someone decides it may. */
export const INSTALL_BANNER_ROUTES: ReadonlySet<string> = new Set([
  'static/home',
  'static/about',
  'static/courses',
  'static/course',
  'static/community',
  'static/faqs',
  'dash/courses',
  'dash/course',
  'dash/community',
  'dash/favorites',
  'dash/friends',
  'dash/notifications',
  'dash/statistics',
  'dash/help',
  'dash/tests',
  'dash/tests-history',
  'dash/tests-my-grids',
  'dash/test-results',
  'dash/test-ranking',
  'dash/group-history',
]);

export function installAllowedOn(routeName: string | undefined): boolean {
  return routeName !== undefined && INSTALL_BANNER_ROUTES.has(routeName);
}

/** Browsers fire beforeinstallprompt shortly after load; until this passes we show nothing rather than 'unavailable'. */
export const INSTALL_PROMPT_GRACE_MS = 4000;

/** Shown only where installing is possible (issue 32 §5): a browser that offered the prompt, or an
 *  iPhone (Share → Add to Home Screen). A sheet saying "not available here" or "already installed"
 *  covered a results page's grade and asked the candidate to do nothing. */
export function installBannerMode(i: InstallInputs): InstallMode {
  if (!i.visible || i.suppressed || i.standalone || i.installed) return 'hidden';
  if (i.available) return 'available';
  if (i.ios) return 'ios';
  return i.waited ? 'hidden' : 'pending';
}

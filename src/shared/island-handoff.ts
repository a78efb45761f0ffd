// The window properties through which the boot loader (boot-loader.ts, an inline script) hands the
// clicks it held to the visitor's islands (src/islands/triggers.ts). A module of their own: the
// visitor's entry imports these two names, not the loader's text.
/** The island buttons clicked before the visitor's code arrived, in order. */
export const HELD_CLICKS = '__heldIslandClicks';
/** Set once the islands hold their own clicks; the loader's holder then lets clicks through. */
export const ISLANDS_WIRED = '__islandsWired';
/** Chromium's beforeinstallprompt, caught by the loader: it fires once, often before a visitor's
 *  code is asked for (seconds after the load), and a page that missed it never offered the install. */
export const EARLY_INSTALL_PROMPT = '__earlyInstallPrompt';

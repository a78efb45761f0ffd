// Which install banner to show (SPEC §2/§4), as a pure function so the rules are unit-tested.
export type InstallMode = 'hidden' | 'pending' | 'available' | 'ios' | 'unavailable' | 'installed';

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
  /** Screens where nothing may cover the content: solving, grid preview, group lobby, maintenance. */
  suppressed: boolean;
};

/** Browsers fire beforeinstallprompt shortly after load; until this passes we show nothing rather than 'unavailable'. */
export const INSTALL_PROMPT_GRACE_MS = 4000;

export function installBannerMode(i: InstallInputs): InstallMode {
  if (!i.visible || i.suppressed || i.standalone) return 'hidden';
  if (i.installed) return 'installed';
  if (i.available) return 'available';
  if (i.ios) return 'ios';
  return i.waited ? 'unavailable' : 'pending';
}

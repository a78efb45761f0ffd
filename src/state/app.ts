// Client state of SPEC §3 as one Valtio proxy; views read it with useSnapshot(app).
import { proxy } from 'valtio/vanilla';
import type { LayoutCounts, TestsCount, Toast, User } from '../shared/types.ts';
import type { NotificationPayload } from '../shared/notification-payloads.ts';
import type { AppliedTheme, Theme } from '../shared/constants.ts';
import { PRODUCT_DEFAULT } from '../shared/constants.ts';

export type PublicSettings = {
  product: string;
  google_client_id: string | null;
  /** The partner's name when the partner account is configured; null (or absent) hides every partner button. */
  partner_name?: string | null;
  recaptcha_site_key: string | null;
  dev_banner: boolean;
  pusher: { key: string; host: string | null; port: number | null; scheme: string | null };
};

export const app = proxy({
  product: PRODUCT_DEFAULT,
  settings: null as PublicSettings | null,
  maintenance: false,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  user: null as User | null,
  /** The theme on screen. */
  theme: 'light' as AppliedTheme,
  /** The theme chosen: light, dark, or following the device (src/state/theme.ts). */
  themeChoice: 'system' as Theme,
  layoutCounts: { messages: 0, friendships: 0, notifications: 0 } as LayoutCounts,
  testsCount: null as TestsCount | null,
  /** The notifications feed loaded so far, newest first, unique by id (src/state/notifications.ts). */
  notifications: [] as NotificationPayload[],
  toasts: [] as Toast[],
  installAvailable: false,
  installBannerVisible: false,
  isInstalled: false,
  updateAvailable: false,
  couponModalOpen: false,
  acknowledgedBannerOpen: false,
  medinsiderUuid: null as string | null,
  sharedConvoGrid: {} as Record<number, true>,
  /** Unsent answers of the account when it asked to sign out (the confirm modal is open), else null. */
  logoutConfirm: null as number | null,
  /** What waits when it asked to sign out: tests with unsent work, messages still to go (issue 23 §3). */
  logoutWork: { tests: 0, messages: 0 },
  /** Mirrors localStorage hasSeenAnnouncement; unseen counts as one extra notification. */
  hasSeenAnnouncement: false,
});

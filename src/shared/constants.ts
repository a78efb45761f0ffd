// Business constants and limits of SPEC §9, defined once for the app and the server.
export const PRODUCT_DEFAULT = 'Grilio';
export const API_PREFIX = '/api/v1';

export const MOBILE_BREAKPOINT = 768;
export const HOME_HASH_SCROLL_OFFSET = 400;
export const REQUEST_TIMEOUT_MS = 12_000;
/** How long the test builder waits for POST /tests when the manual is on the device and the device can make the test itself (a connection that hangs, on a bus). */
export const CREATE_WITH_FALLBACK_TIMEOUT_MS = 4_000;

export const TOAST_DEFAULT_MS = 2680;
export const TOAST_MAINTENANCE_MS = 4000;
export const TOAST_COUNTDOWN_UNITS = 2480;
export const TOAST_COUNTDOWN_STEPS = 80;

export const MODAL_OPEN_DELAYS_MS = [80, 160] as const;
export const CLICK_DELAY_TICK_MS = 80;

export const RELOAD_COOLDOWN_S = 20;
export const REALTIME_RETRY_MS = 1000;
export const THEME_TRANSITION_SUPPRESS_MS = 10;
export const DEV_BANNER_MARGIN_PX = 30;
export const ERROR_LOG_DEDUPE_MS = 30_000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export const NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const REPORT_REASON_MIN = 5;
export const REPORT_REASON_MAX = 5000;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const SCAN_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const SCAN_MIN_GRIDS = 2;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const ERROR_LOG_MAX_FIELD = 20_000;

export const COUPON_PREMIUM_DAYS = 5;
export const COUPON_DISCOUNT_PERCENT = 20;
export const COUPON_COUNT_PLACEHOLDER = 366;
/** Trial: 3 free days on activation, usable once a year (SPEC §9 has two readings; we chose 3). */
export const TRIAL_DAYS = 3;

/** Feature flag: the Medinsider and source simulations are live, online and on the paper answer
 *  sheet, graded with partial credit at the five centres the partial-scores announcement names
 *  (their profiles' proportional rules). Off, the announcement stays hidden (issue 11 §6). */
export const SIMULATIONS_LIVE: boolean = true;

/** The theme a person chooses: 'system' follows the device's setting (the default). */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
/** The theme on screen. */
export type AppliedTheme = Exclude<Theme, 'system'>;
export const DIFFICULTIES = ['easy', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const GRID_TYPES = ['CS', 'CM', 'CG'] as const;
export type GridType = (typeof GRID_TYPES)[number];
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

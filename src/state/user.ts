// The signed-in user and the flags of SPEC §4 (email-verified, profile-completed), the
// start-up session load (GET /user, then layout counts) and logout.
import { app } from './app.ts';
import { getItem, setItem, removeItem } from './storage.ts';
import { showToast } from './toast.ts';
import { adoptTheme, isTheme } from './theme.ts';
import { STORAGE, LOGOUT_CLEARED_KEYS } from '../shared/storage-keys.ts';
import { matchRoute } from '../shared/routes.ts';
import type { User } from '../shared/types.ts';
import { ApiError } from '../api/errors.ts';
import { fetchUser, fetchTestsCount, postLogout } from '../api/user.ts';
import { refreshCounts, resetCounts } from './layout-counts.ts';
import { navigate, currentPath } from '../shell/navigation.ts';
import { currentOwner } from '../offline/owner.ts';

type FlagUser = Pick<User, 'email_verified_at' | 'manual_id' | 'specialization_id' | 'center_id'>;

export function isEmailVerified(user: FlagUser): boolean {
  return Boolean(user.email_verified_at);
}

/** profile-completed is 1 only when manual, specialization and centre are all set. */
export function isProfileCompleted(user: FlagUser): boolean {
  return user.manual_id != null && user.specialization_id != null && user.center_id != null;
}

function flag(key: string, on: boolean): void {
  if (on) setItem(key, '1');
  else removeItem(key);
}

/** Stores the user and refreshes the flags; a user with a theme adopts and saves it. */
export function setUser(user: User | null): void {
  if (!user) {
    clearUser();
    return;
  }
  app.user = user;
  flag(STORAGE.emailVerified, isEmailVerified(user));
  flag(STORAGE.profileCompleted, isProfileCompleted(user));
  setItem(STORAGE.userId, String(user.id));
  if (user.manual_id != null) setItem(STORAGE.manualId, String(user.manual_id));
  else removeItem(STORAGE.manualId);
  if (isTheme(user.theme) && user.theme !== app.themeChoice) adoptTheme(user.theme);
  else if (isTheme(user.theme)) setItem(STORAGE.theme, user.theme);
  setItem(STORAGE.cachedUser, JSON.stringify(user));
}

/** Clearing the user sets none. */
export function clearUser(): void {
  app.user = null;
  removeItem(STORAGE.cachedUser);
}

/** The last-seen action: stamps last_notification_seen_date with now. */
export function markNotificationsSeen(now: Date = new Date()): void {
  if (app.user) app.user.last_notification_seen_date = now.toISOString();
}

export function isSignedIn(): boolean {
  return Boolean(getItem(STORAGE.token));
}

/** The last user answer saved on this device (for the first paint and offline use). */
export function cachedUser(): User | null {
  const raw = getItem(STORAGE.cachedUser);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

/** Static pages, unknown paths and the public grid preview do not send to login on a failed load. */
export function isLenientPath(path: string): boolean {
  const route = matchRoute(path);
  return !route || route.name.startsWith('static/') || route.name === 'dash/grid-preview';
}

let countsFor: number | null = null;
let loading: Promise<void> | null = null;

export async function loadLayoutCounts(): Promise<void> {
  await refreshCounts();
  countsFor = app.user?.id ?? null;
}

/**
 * After a sign-in inside the running app (login, register, Google) the user is set without the
 * start-up load: fetch the counts once for that user. Failures are ignored here.
 */
export async function ensureCountsFor(userId: number | null | undefined): Promise<void> {
  if (userId == null || countsFor === userId || loading || !isSignedIn()) return;
  countsFor = userId;
  try {
    await refreshCounts();
  } catch {
    countsFor = null;
  }
  void loadTestsCount();
}

/** GET /user/tests-count when the server has it; a missing endpoint (404) or any failure is ignored. */
export async function loadTestsCount(): Promise<void> {
  try {
    app.testsCount = await fetchTestsCount();
  } catch {
    /* optional endpoint */
  }
}

/**
 * Start-up load when a token exists: GET /user (banner flag on if not acknowledged), then the
 * layout counts. On failure on a non-static, non-preview page: FORM_AN_ERROR_HAS_OCCURRED, then
 * /conectare. Offline (no answer at all) the installed app keeps the last known user instead.
 */
export function loadSession(): Promise<void> {
  if (!isSignedIn()) return Promise.resolve();
  loading ??= (async () => {
    try {
      const user = await fetchUser();
      setUser(user);
      app.acknowledgedBannerOpen = !user.acknowledged_info_banner;
      await loadLayoutCounts();
      void loadTestsCount();
    } catch (err) {
      onSessionLoadFailed(err);
    } finally {
      loading = null;
    }
  })();
  return loading;
}

function onSessionLoadFailed(err: unknown): void {
  const status = err instanceof ApiError ? err.status : undefined;
  if (status === 503) return; // maintenance page takes over
  if (status === null) {
    const cached = cachedUser();
    if (cached) {
      app.user = cached;
      return;
    }
  }
  const path = currentPath();
  if (isLenientPath(path)) return;
  showToast('FORM_AN_ERROR_HAS_OCCURRED', 'error');
  // Without a usable session the login page must not bounce back to the dashboard.
  if (status !== null) {
    removeItem(STORAGE.token);
    removeItem(STORAGE.profileCompleted);
    clearUser();
  }
  if (path !== '/conectare') navigate(`/conectare?redirect=${encodeURIComponent(path + window.location.search)}`, { replace: true });
}

/** Clears the local session data of SPEC §4 (even when the server call failed). */
export function clearLocalSession(): void {
  for (const key of LOGOUT_CLEARED_KEYS) removeItem(key);
  clearUser();
  resetCounts();
  app.testsCount = null;
  app.acknowledgedBannerOpen = false;
  app.medinsiderUuid = null;
  countsFor = null;
}

/**
 * Unsent work of the signed-in account: tests waiting in the outbox, and the answers among them
 * (issue 11 §1: signing out with unsent answers warns first). Storage errors count as nothing.
 */
export async function unsentWork(): Promise<{ tests: number; answers: number; messages: number }> {
  try {
    // Loaded here, not at start: the public pages boot without IndexedDB (issue 12 §2).
    const [{ db }, { describeOutbox }] = await Promise.all([import('../offline/db.ts'), import('../offline/sync-state.ts')]);
    const items = await db.outbox.toArray();
    const ids = [...new Set(items.map((i) => i.test_id))];
    const answers = ids.length ? await db.answers.where('test_id').anyOf(ids).toArray() : [];
    const owner = currentOwner();
    const s = describeOutbox(items, answers, owner);
    // Messages still to go out (issue 23 §3); refused ones are no longer on their way.
    const messages = owner === null ? 0 : await db.message_outbox.where('owner_id').equals(owner).filter((q) => !q.failed).count();
    return { tests: s.tests, answers: s.answers, messages };
  } catch {
    return { tests: 0, answers: 0, messages: 0 };
  }
}

/**
 * Logout: with unsent answers or messages it first opens the confirm modal (app.logoutConfirm) unless
 * `force`; the answers then stay on the device for their owner. POST /logout, clear local data
 * anyway, go to / unless on a static page, LOGOUT_SUCCESSFUL.
 */
export async function logout(options: { force?: boolean } = {}): Promise<void> {
  if (!options.force) {
    const unsent = await unsentWork();
    if (unsent.tests > 0 || unsent.messages > 0) {
      app.logoutWork = { tests: unsent.tests, messages: unsent.messages };
      app.logoutConfirm = unsent.answers;
      return;
    }
  }
  app.logoutConfirm = null;
  app.logoutWork = { tests: 0, messages: 0 };
  try {
    await postLogout();
  } catch {
    /* signed out locally regardless */
  }
  clearLocalSession();
  const route = matchRoute(currentPath());
  if (!route?.name.startsWith('static/')) navigate('/', { replace: false });
  showToast('LOGOUT_SUCCESSFUL', 'success');
}

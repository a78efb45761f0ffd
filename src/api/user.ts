// Calls of SPEC §7 that the shell makes: the signed-in user, layout counts, theme,
// the partial-scores acknowledgement, logout, error logs and the public settings.
import { api } from './client.ts';
import type { LayoutCounts, TestsCount, User } from '../shared/types.ts';
import type { Theme } from '../shared/constants.ts';
import type { ErrorLogBody } from '../shared/validation.ts';
import type { PublicSettings } from '../state/app.ts';

export async function fetchUser(): Promise<User> {
  const res = await api.get<{ user: User }>('user');
  return res.user;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Accepts `{ messages, friendships, notifications }` or the same object under `layout_counts`/`counts`. */
export function normalizeLayoutCounts(body: unknown): LayoutCounts {
  const raw = (body ?? {}) as Record<string, unknown>;
  const src = (raw.layout_counts ?? raw.counts ?? raw) as Record<string, unknown>;
  return { messages: num(src.messages), friendships: num(src.friendships), notifications: num(src.notifications) };
}

export async function fetchLayoutCounts(): Promise<LayoutCounts> {
  return normalizeLayoutCounts(await api.get<unknown>('user/layout-counts'));
}

/** Accepts `{ abandoned, finished, unfinished }` or the same object under `tests_count`/`counts`. */
export function normalizeTestsCount(body: unknown): TestsCount {
  const raw = (body ?? {}) as Record<string, unknown>;
  const src = (raw.tests_count ?? raw.counts ?? raw) as Record<string, unknown>;
  return { abandoned: num(src.abandoned), finished: num(src.finished), unfinished: num(src.unfinished) };
}

export async function fetchTestsCount(): Promise<TestsCount> {
  return normalizeTestsCount(await api.get<unknown>('user/tests-count'));
}

export function updateTheme(theme: Theme): Promise<{ success: string }> {
  return api.put<{ success: string }>('user/theme', { theme });
}

export function acknowledgeInfoBanner(value = true): Promise<unknown> {
  return api.patch<unknown>('user/acknowledged-info-banner', { value });
}

export function postLogout(): Promise<{ success?: string } | undefined> {
  return api.post<{ success?: string } | undefined>('logout');
}

export function postErrorLog(body: ErrorLogBody): Promise<unknown> {
  return api.post<unknown>('error-logs', body);
}

export function fetchSettings(): Promise<PublicSettings> {
  return api.get<PublicSettings>('settings');
}

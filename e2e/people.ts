// People of a multi-person test (groups, group timing): each a new premium account signed in on a
// browser context of its own, made by the `newContext` fixture so it is closed when the test ends.
import type { Page } from '@playwright/test';
import { expect, type NewContext } from './fixtures.ts';
import { registerAccount } from './helpers.ts';

export type Person = { page: Page; id: number; name: string };

export const bearer = async (page: Page) => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` });

/** A new account signed in on its own context; with `premium` (the default) its 3-day trial is on. */
export async function person(newContext: NewContext, name: string, { premium = true } = {}): Promise<Person> {
  const page = await (await newContext()).newPage();
  await registerAccount(page, name);
  const headers = await bearer(page);
  if (premium) expect((await page.request.post('/api/v1/user/activate-trial', { headers })).ok()).toBe(true);
  const me = await (await page.request.get('/api/v1/user', { headers })).json();
  return { page, id: me.user.id as number, name };
}

/** Friends both ways: each asks the other (the second request accepts the first). */
export async function befriend(a: Person, b: Person) {
  expect((await a.page.request.post('/api/v1/friends/requests', { headers: await bearer(a.page), data: { user_id: b.id } })).ok()).toBe(true);
  expect((await b.page.request.post('/api/v1/friends/requests', { headers: await bearer(b.page), data: { user_id: a.id } })).ok()).toBe(true);
}

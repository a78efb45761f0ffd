// The test object every spec imports. By default each browser context has made the cookie choice
// ('Doar esențiale') before its first page loads, so the banner — mounted a moment after the first
// paint — never lands over what a test clicks. The specs about the banner itself opt out with
// `test.use({ cookieChoice: false })`.
import { test as base, expect, type BrowserContext } from '@playwright/test';

/** Makes the cookie choice in `context` before any of its pages loads (unless one was made). */
export async function chooseEssentialCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookiePreferences'))
      localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}');
  });
}

export const test = base.extend<{ cookieChoice: boolean }>({
  cookieChoice: [true, { option: true }],
  context: async ({ context, cookieChoice }, provide) => {
    if (cookieChoice) await chooseEssentialCookies(context);
    await provide(context);
  },
});

export { expect };
export type { BrowserContext, Page, Request, Route } from '@playwright/test';

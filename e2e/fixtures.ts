// The test object every spec imports. By default each browser context has made the cookie choice
// ('Doar esențiale') before its first page loads, so the banner — mounted a moment after the first
// paint — never lands over what a test clicks. The specs about the banner itself opt out with
// `test.use({ cookieChoice: false })`.
import { test as base, expect, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

/** Makes the cookie choice in `context` before any of its pages loads (unless one was made). */
export async function chooseEssentialCookies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookiePreferences'))
      localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}');
  });
}

/** Opens another person's browser context, closed by the `newContext` fixture when the test ends. */
export type NewContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;

export const test = base.extend<{ cookieChoice: boolean; newContext: NewContext }>({
  cookieChoice: [true, { option: true }],
  context: async ({ context, cookieChoice }, provide) => {
    if (cookieChoice) await chooseEssentialCookies(context);
    await provide(context);
  },
  // Another person's browser, with the cookie choice made, closed when the test ends however it
  // ends. Playwright closes only the contexts of its own fixtures: one made with
  // browser.newContext() and never closed keeps its pages running (timers, a realtime socket) in
  // the worker's browser for the rest of the run.
  newContext: async ({ browser }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async (options) => {
      const context = await browser.newContext(options);
      opened.push(context);
      await chooseEssentialCookies(context);
      return context;
    });
    await Promise.all(opened.map((c) => c.close()));
  },
});

export { expect };
export type { BrowserContext, Page, Request, Route } from '@playwright/test';

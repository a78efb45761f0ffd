// What a person waits for after Enter on /cautare, measured inside the page: from the form's
// submit to the status line naming the query's results. Shared by the phone bench
// (search-phone.ts) and the offline search e2e's measuring mode (SEARCH_MEASURE).
import type { Page } from '@playwright/test';

/** ms from the form's submit to the status line naming this query's results. */
export function timedQuery(page: Page, query: string): Promise<number> {
  return page.evaluate(
    (text) =>
      new Promise<number>((resolve, reject) => {
        const status = document.querySelector('.search-page__status')!;
        const input = document.querySelector<HTMLInputElement>('.search-page__box input[type=search]')!;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const shown = () => (status.textContent ?? '').includes(`„${text}”`);
        const t0 = performance.now();
        // A query whose results never show fails the run with what the page shows instead of hanging it.
        const giveUp = setTimeout(() => {
          obs.disconnect();
          const main = document.querySelector('main')?.textContent?.slice(0, 400) ?? '';
          reject(new Error(`no results for „${text}” after 30 s; the page shows: ${main}`));
        }, 30_000);
        const obs = new MutationObserver(() => {
          if (!shown()) return;
          obs.disconnect();
          clearTimeout(giveUp);
          resolve(performance.now() - t0);
        });
        obs.observe(status, { childList: true, characterData: true, subtree: true });
        input.form!.requestSubmit();
      }),
    query,
  );
}

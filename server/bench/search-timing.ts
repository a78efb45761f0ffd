// What a person waits for after Enter on /cautare, measured inside the page: from the form's
// submit to the status line naming the query's results (in the DOM), and to the frame after that
// painted (the next animation frame's task: style, layout and paint of the results done). Shared by the phone bench
// (search-phone.ts) and the offline search e2e's measuring mode (SEARCH_MEASURE).
import type { Page } from '@playwright/test';

/** ms from the form's submit to the status line naming this query's results. */
export async function timedQuery(page: Page, query: string): Promise<number> {
  return (await timedQueryPainted(page, query)).results;
}

/** …and to the frame that painted them. */
export function timedQueryPainted(page: Page, query: string): Promise<{ results: number; painted: number }> {
  return page.evaluate(
    (text) =>
      new Promise<{ results: number; painted: number }>((resolve, reject) => {
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
          const main = `${location.search} ${(document.querySelector('.search-page')?.outerHTML ?? document.querySelector('main')?.textContent ?? '').slice(-1500)}`;
          reject(new Error(`no results for „${text}” after 30 s; the page shows: ${main}`));
        }, 30_000);
        const obs = new MutationObserver(() => {
          if (!shown()) return;
          obs.disconnect();
          clearTimeout(giveUp);
          const results = performance.now() - t0;
          // A task queued from the next animation frame runs once that frame is rendered.
          requestAnimationFrame(() => setTimeout(() => resolve({ results, painted: performance.now() - t0 })));
        });
        obs.observe(status, { childList: true, characterData: true, subtree: true });
        input.form!.requestSubmit();
      }),
    query,
  );
}

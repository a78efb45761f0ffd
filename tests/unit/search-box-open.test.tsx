// The results page's box opens the page for a new query once the search it started has answered
// (or after OPEN_WAIT_MS), so the page renders the results in one pass (issue 30 §3); only the last
// query opens, and a query never drags the reader back once they went elsewhere.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OPEN_WAIT_MS, SearchBox } from '../../src/shell/SearchBox.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((u) => u()));

function mount(onSearch: (p: URLSearchParams) => Promise<unknown> | void) {
  const router = createMemoryRouter([{ path: '*', element: <SearchBox label="Caută din nou" onSearch={onSearch} /> }], { initialEntries: ['/cautare?q=nefron'] });
  const opened: string[] = [];
  router.subscribe((s) => opened.push(s.location.pathname + s.location.search));
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<RouterProvider router={router} />));
  roots.push(() => {
    act(() => root.unmount());
    host.remove();
  });
  const input = host.querySelector('input')!;
  const type = (q: string) =>
    act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, q);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const search = async (q: string) => {
    await type(q);
    await act(async () => input.form!.requestSubmit(input.form!.querySelector<HTMLButtonElement>('button[type=submit]')));
  };
  return { router, opened, search, input, type };
}

const deferred = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe('the results page box', () => {
  it('opens the page for a query once its search has answered', async () => {
    const answer = deferred();
    const started: string[] = [];
    const { opened, search } = mount((p) => {
      started.push(p.get('q')!);
      return answer.promise;
    });
    await search('ansa henle');
    expect(started).toEqual(['ansa henle']);
    expect(opened).toEqual([]);
    answer.resolve();
    await flush();
    expect(opened).toEqual(['/cautare?q=ansa%20henle']);
  });

  it('opens it after OPEN_WAIT_MS when the answer is slow', async () => {
    const { opened, search } = mount(() => new Promise(() => undefined));
    await search('ansa');
    await act(async () => new Promise((r) => setTimeout(r, OPEN_WAIT_MS / 2)));
    expect(opened).toEqual([]);
    await act(async () => new Promise((r) => setTimeout(r, OPEN_WAIT_MS)));
    expect(opened).toEqual(['/cautare?q=ansa']);
  });

  it('opens only the last of two queries, whichever answers first', async () => {
    const first = deferred();
    const second = deferred();
    const answers = [first, second];
    const { opened, search } = mount(() => answers.shift()!.promise);
    await search('ansa');
    await search('glomerul');
    second.resolve();
    await flush();
    first.resolve();
    await flush();
    expect(opened).toEqual(['/cautare?q=glomerul']);
  });

  it('keeps what was typed after a submit when the address catches up with that submit, and follows it otherwise', async () => {
    const answer = deferred();
    const { router, opened, search, input, type } = mount(() => answer.promise);
    await search('ansa');
    await type('glom');
    answer.resolve();
    await flush();
    expect(opened).toEqual(['/cautare?q=ansa']);
    expect(input.value).toBe('glom');
    // Back (or any link to another query) sets the field to the address's query.
    await act(async () => void (await router.navigate('/cautare?q=nefron')));
    expect(input.value).toBe('nefron');
  });

  it('without a search of its own, opens the page at once', async () => {
    const { opened, search } = mount(() => undefined);
    await search('nefr');
    expect(opened).toEqual(['/cautare?q=nefr']);
  });
});

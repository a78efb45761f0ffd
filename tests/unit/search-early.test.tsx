// /cautare's query starts on submit, before the page renders (run-search.ts): the page then takes
// that search instead of asking again, only for the same query, kind and network state, and once.
import { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const calls: string[] = [];
let answer: (q: string) => Promise<unknown> = (q) => Promise.resolve({ q, grids: [], passages: [] });
vi.mock('../../src/api/search.ts', () => ({
  searchContent: (query: { q: string }) => {
    calls.push(query.q);
    return answer(query.q);
  },
}));

const { app } = await import('../../src/state/app.ts');
const { startSearchEarly, takeEarly, searchKey } = await import('../../src/pages/dash/search/run-search.ts');
const { useSearchResults } = await import('../../src/pages/dash/search/useSearchResults.ts');

function Probe({ q }: { q: string }) {
  const { result, error, pending } = useSearchResults(q, 'all');
  const shown = error ? `error ${error.status}` : result ? `${result.source}: ${result.q}` : 'loading';
  return <p>{pending ? `${shown} (pending)` : shown}</p>;
}

async function mount(q: string) {
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(<Probe q={q} />));
  return { host, root };
}

beforeEach(() => {
  calls.length = 0;
  app.online = true;
  answer = (q) => Promise.resolve({ q, grids: [], passages: [] });
  takeEarly(searchKey('nefron', 'all', true));
});

describe('the search started on submit', () => {
  it('is the one the page shows: one request, not two', async () => {
    startSearchEarly('nefron', 'all');
    expect(calls).toEqual(['nefron']);
    const { host, root } = await mount('nefron');
    expect(host.textContent).toBe('server: nefron');
    expect(calls).toEqual(['nefron']);
    act(() => root.unmount());
  });

  it('is handed out once, so a later visit to the same query asks again', async () => {
    startSearchEarly('nefron', 'all');
    expect(takeEarly(searchKey('nefron', 'all', true))).not.toBeNull();
    expect(takeEarly(searchKey('nefron', 'all', true))).toBeNull();
    const { host, root } = await mount('nefron');
    expect(host.textContent).toBe('server: nefron');
    expect(calls).toEqual(['nefron', 'nefron']);
    act(() => root.unmount());
  });

  it('is not taken for another query, another kind or another network state', async () => {
    startSearchEarly('nefron', 'all');
    expect(takeEarly(searchKey('nefron', 'grids', true))).toBeNull();
    expect(takeEarly(searchKey('nefron', 'all', false))).toBeNull();
    const { host, root } = await mount('ansa');
    expect(host.textContent).toBe('server: ansa');
    expect(calls).toEqual(['nefron', 'ansa']);
    act(() => root.unmount());
  });

  it('keeps the last answer, marked pending, until the next query\'s arrives', async () => {
    let release: () => void = () => undefined;
    const { host, root } = await mount('nefron');
    expect(host.textContent).toBe('server: nefron');
    answer = (q) => new Promise((r) => (release = () => r({ q, grids: [], passages: [] })));
    await act(async () => root.render(<Probe q="ansa" />));
    expect(host.textContent).toBe('server: nefron (pending)');
    await act(async () => release());
    expect(host.textContent).toBe('server: ansa');
    act(() => root.unmount());
  });

  it('an answer already here is shown in the render that opens it: no pending pass, one commit', async () => {
    const commits: string[] = [];
    function Logged({ q }: { q: string }) {
      const { result, pending } = useSearchResults(q, 'all');
      const text = `${result?.q ?? 'none'}${pending ? ' (pending)' : ''}`;
      useLayoutEffect(() => void commits.push(text));
      return <p>{text}</p>;
    }
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => root.render(<Logged q="nefron" />));
    expect(commits.at(-1)).toBe('nefron');
    commits.length = 0;
    await act(async () => void (await startSearchEarly('ansa', 'all')));
    await act(async () => root.render(<Logged q="ansa" />));
    expect(commits).toEqual(['ansa']);
    expect(calls).toEqual(['nefron', 'ansa']);
    // Handed out once: a later visit asks again.
    expect(takeEarly(searchKey('ansa', 'all', true))).toBeNull();
    act(() => root.unmount());
  });

  it('a refusal reaches the page as its error', async () => {
    const { ApiError } = await import('../../src/api/errors.ts');
    answer = () => Promise.reject(new ApiError(422, { errors: { q: ['SEARCH_Q_TOO_SHORT'] } }));
    startSearchEarly('nefron', 'all');
    const { host, root } = await mount('nefron');
    expect(host.textContent).toBe('error 422');
    expect(calls).toEqual(['nefron']);
    act(() => root.unmount());
  });
});

// The test builder's form waits for its manuals and chapters (src/pages/tests/start/useShowWhenReady.ts)
// so the chapter list does not push it down after the first paint, but never longer than its patience.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_PATIENCE_MS, useShowWhenReady } from '../../src/pages/tests/start/useShowWhenReady.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ ready }: { ready: boolean }) {
  return <p>{useShowWhenReady(ready) ? 'shown' : 'hidden'}</p>;
}

let host: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
const render = (ready: boolean) => act(() => root.render(<Probe ready={ready} />));

beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useShowWhenReady', () => {
  it('shows at once what is ready at the first render', () => {
    render(true);
    expect(host.textContent).toBe('shown');
  });

  it('waits while not ready, and shows in the render where it becomes ready', () => {
    render(false);
    expect(host.textContent).toBe('hidden');
    act(() => vi.advanceTimersByTime(FORM_PATIENCE_MS - 50));
    expect(host.textContent).toBe('hidden');
    render(true);
    expect(host.textContent).toBe('shown');
  });

  it('shows after its patience even if never ready (a slow device read)', () => {
    render(false);
    act(() => vi.advanceTimersByTime(FORM_PATIENCE_MS));
    expect(host.textContent).toBe('shown');
  });

  it('once shown, stays shown when ready turns false again (another manual chosen)', () => {
    render(true);
    render(false);
    act(() => vi.advanceTimersByTime(10));
    expect(host.textContent).toBe('shown');
  });
});

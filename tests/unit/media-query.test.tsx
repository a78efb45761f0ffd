// useMediaQuery (src/shell/useIsNarrow.ts) keeps one MediaQueryList per query: React reads the
// snapshot on every render, and building a list per read was part of each answer's tap on a phone.
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIsNarrow } from '../../src/shell/useIsNarrow.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function stub(narrow: () => boolean) {
  const listeners = new Set<() => void>();
  const matchMedia = vi.fn((media: string) => ({
    media,
    get matches() {
      return narrow();
    },
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return { matchMedia, change: () => listeners.forEach((f) => f()) };
}

afterEach(() => vi.unstubAllGlobals());

describe('useIsNarrow', () => {
  it('asks matchMedia once for many renders, and still follows a change of the width', () => {
    let narrow = true;
    const media = stub(() => narrow);
    let rerender = () => undefined as void;
    const seen: boolean[] = [];
    function Probe() {
      const [, set] = useState(0);
      rerender = () => set((n) => n + 1);
      seen.push(useIsNarrow());
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Probe />));
    for (let i = 0; i < 20; i++) act(() => rerender());
    expect(media.matchMedia).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toBe(true);
    narrow = false;
    act(() => media.change());
    expect(seen.at(-1)).toBe(false);
    expect(media.matchMedia).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });

  it('starts afresh when matchMedia itself is replaced', () => {
    stub(() => true);
    const root = createRoot(document.createElement('div'));
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useIsNarrow());
      return null;
    }
    act(() => root.render(<Probe />));
    act(() => root.unmount());
    stub(() => false);
    const again = createRoot(document.createElement('div'));
    act(() => again.render(<Probe />));
    expect(seen).toEqual([true, false]);
    act(() => again.unmount());
  });
});

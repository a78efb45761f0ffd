// useFrameState (src/shell/useFrameState.ts): many updates in one frame make one render with the
// latest; setNow applies at once and drops the one waiting.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useFrameState } from '../../src/shell/useFrameState.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const frame = () => act(async () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r))));

describe('useFrameState', () => {
  it('renders once a frame with the latest value, and setNow wins over a waiting one', async () => {
    const renders: number[] = [];
    let soon: (v: number) => void = () => undefined;
    let now: (v: number) => void = () => undefined;
    function Probe() {
      const [v, setSoon, setNow] = useFrameState(0);
      soon = setSoon;
      now = setNow;
      renders.push(v);
      return <p>{v}</p>;
    }
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => root.render(<Probe />));
    expect(renders).toEqual([0]);
    act(() => {
      for (let i = 1; i <= 50; i++) soon(i);
    });
    expect(renders).toEqual([0]);
    await frame();
    expect(renders).toEqual([0, 50]);
    expect(host.textContent).toBe('50');
    act(() => soon(60));
    act(() => now(-1));
    await frame();
    expect(renders).toEqual([0, 50, -1]);
    expect(host.textContent).toBe('-1');
    act(() => root.unmount());
  });
});

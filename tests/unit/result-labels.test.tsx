// Issue 23 §4: per-question points in the app's number format, and the history naming the
// simulation an attempt belongs to.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { formatNumber } from '../../src/shared/number-format.ts';
import { testName } from '../../src/components/practice/history-label.ts';
import { ResultRow } from '../../src/components/practice/ResultRow.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
function render(ui: React.ReactNode): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(ui));
  return el;
}
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('formatNumber', () => {
  it('Romanian decimal comma, at most two decimals, no trailing zeros', () => {
    expect(formatNumber(1 / 3)).toBe('0,33');
    expect(formatNumber(2 / 3)).toBe('0,67');
    expect(formatNumber(1)).toBe('1');
    expect(formatNumber(0.5)).toBe('0,5');
    expect(formatNumber(0)).toBe('0');
  });
});

describe('testName', () => {
  it('a simulation attempt is named by its simulation', () => {
    expect(testName({ kind: 'simulation', filters: { title: 'Simulare Medinsider — demo', simulation_id: 'x' } })).toBe('Simulare Medinsider — demo');
    expect(testName({ kind: 'simulation', filters: {} })).toBe('Simulare');
    expect(testName({ kind: 'custom', filters: { title: 'nu' } })).toBeNull();
  });
});

describe('ResultRow points', () => {
  it('shows a partial credit as "0,33 / 1", not the raw float', () => {
    const el = render(
      <ResultRow
        row={{
          position: 3,
          grid_id: 77,
          type: 'CM',
          statement: 'Enunț',
          options: { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' },
          marked: ['A'],
          correct: ['A', 'B', 'C'],
          outcome: 'partial',
          points: 1 / 3,
          max_points: 1,
          time_ms: 4000,
          explanation: null,
        }}
      />,
    );
    const dt = [...el.querySelectorAll('dt')].find((d) => d.textContent === 'Puncte')!;
    expect(dt.nextElementSibling!.textContent).toBe('0,33 / 1');
  });
});

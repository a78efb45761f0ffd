// A simulation result's tables per subject and per chapter say what each figure counts
// (issue 32 §3: "0 / 1,5 · 0 / 3 corecte" read as two alike fractions): points obtained of those
// possible, and grids wholly right of the grids there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { SimulationResult } from '../../src/shared/simulation-schema.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const result: SimulationResult = {
  simulation: {
    id: 's1', title: 'Simulare UMF', kind: 'centre', profile: { slug: 'timisoara', name: 'Timișoara', known: true }, variant: ['biologie'],
    source_book: null, grid_count: 3, time_limit_s: 3600, is_premium: false, opens_at: null, closes_at: null, window: 'open',
    published: true, finished_count: 1, my_open_test_id: null, my_best: null,
  },
  test_id: 't1', score: 0, max_score: 1.5, grade: 1, passed: false, profile_known: true, profile_source: '', mapping: 'positional',
  rank: 1, total: 1, percentile: null,
  by_subject: [{ key: 'biologie', label: 'Biologie', points: 0.5, max_points: 3, right: 1, total: 3 }],
  by_chapter: [{ key: '7', label: 'Sistemul nervos', points: 0, max_points: 1.5, right: 0, total: 3 }],
  hardest: [],
};

vi.mock('../../src/api/simulations.ts', () => ({
  fetchSimulationResult: vi.fn(async () => result),
  fetchAdmissionEstimate: vi.fn(() => new Promise(() => {})),
}));

const { SimulationResultCard } = await import('../../src/components/simulations/SimulationResultCard.tsx');

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

describe('the breakdown tables of a simulation result', () => {
  it('label their columns and read "x din y" in each cell', async () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<SimulationResultCard testId="t1" finished />));
    await vi.waitFor(() => expect(host.querySelectorAll('table.sim-breakdown')).toHaveLength(2));
    const [subjects, chapters] = [...host.querySelectorAll('table.sim-breakdown')];
    const heads = (t: Element) => [...t.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(heads(subjects)).toEqual(['Materia', 'Puncte obținute', 'Grile corecte']);
    expect(heads(chapters)).toEqual(['Capitolul', 'Puncte obținute', 'Grile corecte']);
    const cells = [...chapters.querySelectorAll('tbody tr > *')].map((c) => c.textContent);
    expect(cells).toEqual(['Sistemul nervos', '0 din 1,5', '0 din 3']);
    expect([...subjects.querySelectorAll('tbody td')].map((c) => c.textContent)).toEqual(['0,5 din 3', '1 din 3']);
    // What a partly right grid counts for is said once, under the tables.
    expect(host.textContent).toContain('o grilă cu punctaj parțial aduce puncte, dar nu e numărată printre cele corecte');
  });
});

// The history names every test: a simulation by its title, a review, a weak-chapter test and a
// retest by what they are, a chosen-chapters test by its chapters (issue 32 §5).
import { describe, expect, it } from 'vitest';
import { testName } from '../../src/components/practice/history-label.ts';

const titles = new Map([
  [1, 'Celula'],
  [2, 'Sistemul nervos'],
]);
const named = (kind: string, filters: Record<string, unknown>) =>
  testName({ kind, filters } as Parameters<typeof testName>[0], (id) => titles.get(id));

describe('a test named in the history', () => {
  it('by kind', () => {
    expect(named('simulation', { title: ' Simulare Timișoara ' })).toBe('Simulare Timișoara');
    expect(named('simulation', {})).toBe('Simulare');
    expect(named('review', {})).toBe('Recapitulare');
    expect(named('weak', {})).toBe('Test pe capitolele slabe');
    expect(named('custom', { grid_ids: [5, 6], chapter_ids: [1] })).toBe('Reluare: grilele greșite');
  });

  it('by its chapters when the device knows them, else by their number', () => {
    expect(named('custom', { chapter_ids: [1, 2] })).toBe('Celula, Sistemul nervos');
    expect(named('custom', { chapter_ids: [1, 9] })).toBe('2 capitole');
    expect(named('custom', { chapter_ids: [9] })).toBe('1 capitol');
    expect(named('custom', { chapter_ids: Array.from({ length: 22 }, (_, i) => i + 10) })).toBe('22 de capitole');
    expect(named('custom', { chapter_ids: [] })).toBeNull();
    expect(named('custom', { chapter_ids: 'x' })).toBeNull();
  });
});

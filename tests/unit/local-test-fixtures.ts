// A downloaded grid and a builder's filters, as the device stores and draws them (local-tests and
// draw-ahead tests).
import type { LocalGrid } from '../../src/offline/db.ts';
import type { TestFilters } from '../../src/offline/local-tests.ts';

export const localGrid = (id: number, extra: Partial<LocalGrid> = {}): LocalGrid => ({
  id,
  chapter_id: 10,
  manual_id: 1,
  type: 'CS',
  statement: `Grila ${id}`,
  options: { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' },
  correct: ['A'],
  explanation: 'pentru că',
  explanation_photo: null,
  difficulty: 'easy',
  premium: false,
  ...extra,
});

export const testFilters = (f: Partial<TestFilters> = {}): TestFilters => ({
  manual_id: 1,
  chapter_ids: [],
  count: 2,
  difficulty: null,
  only_unseen: false,
  only_wrong: false,
  only_favorites: false,
  mode: 'exam',
  time_limit_min: null,
  ...f,
});
